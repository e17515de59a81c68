import type { Envelope } from '@engine/core';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { appearanceQueryKey } from './appearance';

/**
 * `POST settings/storefront/appearance`: the server merges the body into the stored theme and
 * answers with the whole result. Success puts that answer into the appearance cache, so the new
 * theme applies at once; a failure refetches the cached appearance (what the server really holds).
 */
export function useSaveAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    // JSON, not the default form encoding: an empty `files` list must survive the trip.
    mutationFn: async (change: Appearance) =>
      (
        await api.post<Envelope<Appearance>>('settings/storefront/appearance', change, {
          json: true,
        })
      ).data,
    onSuccess: (appearance) => {
      queryClient.setQueryData<Appearance>(appearanceQueryKey, appearance);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: appearanceQueryKey });
    },
  });
}
