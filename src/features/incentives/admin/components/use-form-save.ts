import type { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { useState } from 'react';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { asApiError, userMessage } from './errors';

/**
 * Submitting an admin form: runs `save`, then `onSaved`. A 400 keeps its field messages for the
 * form (`serverErrors`); anything else becomes an error toast with the server's message when a
 * user can act on it, else the generic one.
 */
export function useFormSave<T>(save: (data: T) => Promise<void>, onSaved: () => void) {
  const { t } = useT();
  const { notify } = useNotify();
  const [error, setError] = useState<ApiRequestError | null>(null);

  const submit = async (data: T) => {
    setError(null);
    try {
      await save(data);
      onSaved();
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400) setError(failure);
      else notify('error', userMessage(e) ?? t('Something went wrong, please try again.'));
    }
  };
  return { error, submit };
}
