import type { Envelope } from '@engine/core';
import type { Override, OverrideInput } from '@schemas/entities/availability.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/**
 * `PUT availability/{uid}/overrides/{date} {intervals, reason}`: other hours on one date; no
 * intervals means unavailable all day. JSON, so an empty list stays a list.
 */
export function useSaveOverride(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, input }: { date: string; input: OverrideInput }) =>
      (
        await api.put<Envelope<Override>>(`availability/${uid}/overrides/${date}`, input, {
          json: true,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityRootKey }),
  });
}

/** `DELETE availability/{uid}/overrides/{date}`: the date follows the weekly hours again. */
export function useDeleteOverride(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      api.delete<unknown>(`availability/${uid}/overrides/${date}`, { handleErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityRootKey }),
  });
}
