import type { Envelope } from '@engine/core';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { appearanceQueryKey } from './appearance';

/**
 * `DELETE settings/storefront/appearance`: the server removes the saved theme and answers with
 * the defaults, which go into the appearance cache so that they apply at once; a failure
 * refetches the cached appearance (what the server really holds).
 */
export function useResetAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.delete<Envelope<Appearance>>('settings/storefront/appearance')).data,
    onSuccess: (appearance) => {
      queryClient.setQueryData<Appearance>(appearanceQueryKey, appearance);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: appearanceQueryKey });
    },
  });
}
