import type { UiSchema } from '@rjsf/utils';
import type { ExpirySchedule, ExpiryScheduleInput } from '@schemas/entities/incentives.schema';
import { expiryScheduleInputSchema } from '@schemas/entities/incentives.schema';

const { properties } = expiryScheduleInputSchema;

/**
 * The schedule form: `expiryScheduleInputSchema` with its months or date shown only for the type
 * that needs it, and required there (rjsf `dependencies` with one branch per type).
 */
export const scheduleFormSchema = {
  $id: 'atrium:forms:expiry-schedule',
  type: 'object',
  required: ['name', 'type'],
  properties: {
    name: properties.name,
    type: properties.type,
    enabled: properties.enabled,
  },
  dependencies: {
    type: {
      oneOf: [
        {
          properties: {
            type: { enum: ['rolling'] },
            months: { ...properties.months, type: 'integer' },
          },
          required: ['months'],
        },
        {
          properties: {
            type: { enum: ['fixed'] },
            fixed_date: { type: 'string', format: 'date', title: properties.fixed_date.title },
          },
          required: ['fixed_date'],
        },
      ],
    },
  },
} as const;

export interface ScheduleFormData {
  name?: string;
  type?: 'rolling' | 'fixed';
  months?: number | null;
  fixed_date?: string | null;
  enabled?: boolean;
}

export const scheduleUiSchema: UiSchema = {
  'ui:order': ['name', 'type', 'months', 'fixed_date', 'enabled'],
  type: {
    'ui:widget': 'radio',
    'ui:enumNames': ['A number of months after they were earned', 'On a fixed date each year'],
  },
  months: { 'ui:help': 'Points earned on 15 March expire on 15 June with 3 months.' },
  fixed_date: { 'ui:help': "Only the day and month count: every year's points expire then." },
  enabled: { 'ui:help': 'A schedule that is off lets no points expire.' },
};

export function scheduleFormData(schedule?: ExpirySchedule): ScheduleFormData {
  if (!schedule) return { type: 'rolling', months: 12, enabled: true };
  return {
    name: schedule.name,
    type: schedule.type,
    ...(schedule.months === null ? {} : { months: schedule.months }),
    ...(schedule.fixed_date === null ? {} : { fixed_date: schedule.fixed_date }),
    enabled: schedule.enabled,
  };
}

/** The input the contract wants: the field of the other type is null. */
export function toScheduleInput(data: ScheduleFormData): ExpiryScheduleInput {
  const type = data.type ?? 'rolling';
  return {
    name: data.name ?? '',
    type,
    months: type === 'rolling' ? (data.months ?? null) : null,
    fixed_date: type === 'fixed' ? (data.fixed_date ?? null) : null,
    enabled: data.enabled ?? false,
  };
}
