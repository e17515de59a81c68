import type { UiSchema } from '@rjsf/utils';
import { adjustmentBodySchema } from '@schemas/entities/incentives.schema';

/** The "Adjust points" form: the body of `POST incentives/adjustments`, field for field. */
export const adjustmentFormSchema = adjustmentBodySchema;

export const adjustmentUiSchema: UiSchema = {
  'ui:order': ['uid', 'points', 'note'],
  uid: { 'ui:help': "The person's user id, as shown in the transactions." },
  points: { 'ui:help': 'Use a minus sign to take points away, e.g. -50.' },
  note: { 'ui:widget': 'textarea', 'ui:help': 'Shown with the movement in the person’s history.' },
};
