import type { Envelope } from '@engine/core';
import type { Entry, EntryInput, EntryPatch } from '@schemas/entities/availability.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/**
 * `POST availability/{uid}/entries {kind, start, end, reason}`: extra hours or time off. A 409
 * says it overlaps another entry of the same kind, or that the availability is locked.
 */
export function useCreateEntry(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EntryInput) =>
      (await api.post<Envelope<Entry>>(`availability/${uid}/entries`, input, { json: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityRootKey }),
  });
}

/** `PATCH availability/{uid}/entries/{id}`: moves, resizes or rewords one entry. */
export function useUpdateEntry(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: EntryPatch }) =>
      (
        await api.patch<Envelope<Entry>>(`availability/${uid}/entries/${id}`, patch, {
          json: true,
          handleErrors: false,
        })
      ).data,
    // A refused drag is put back by fetching again too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityRootKey }),
  });
}

/** `DELETE availability/{uid}/entries/{id}`. */
export function useDeleteEntry(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<unknown>(`availability/${uid}/entries/${id}`, { handleErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityRootKey }),
  });
}
