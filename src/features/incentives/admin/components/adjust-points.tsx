import type { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { AdjustmentBody } from '@schemas/entities/incentives.schema';
import { useState } from 'react';
import { useAdjustPoints } from '@/lib/queries/incentives-admin-transactions';
import { useNotify } from '@/shell/notifications/notifications-provider';
import styles from './admin.module.css';
import { adjustmentFormSchema, adjustmentUiSchema } from './adjustment-form.schema';
import { asApiError, userMessage } from './errors';

/** The "Adjust points" form: gives or takes points, with the server's field messages. */
export function AdjustPointsForm({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  const { notify } = useNotify();
  const adjust = useAdjustPoints();
  const [error, setError] = useState<ApiRequestError | null>(null);

  const submit = async (data: AdjustmentBody) => {
    setError(null);
    try {
      await adjust.mutateAsync(data);
      notify('success', t('The points have been adjusted.'));
      onDone();
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400 || failure.status === 409) setError(failure);
      else notify('error', userMessage(e) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <SchemaForm<AdjustmentBody>
      schema={adjustmentFormSchema}
      uiSchema={adjustmentUiSchema}
      onSubmit={submit}
      serverErrors={error}
      submitLabel="Adjust points"
      actions={
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('Cancel')}
        </button>
      }
    />
  );
}
