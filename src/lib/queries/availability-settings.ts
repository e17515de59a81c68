import type { AvailabilityPatch } from '@schemas/entities/availability.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/**
 * `PATCH availability/{uid} {timezone?, locked?}`: a trainer's time zone, or (course
 * administrators) the lock. Every availability query is fetched again: the concrete intervals
 * move with the time zone, and the overview and searches show the lock.
 */
export function useUpdateAvailabilitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, patch }: { uid: number; patch: AvailabilityPatch }) =>
      api.patch<unknown>(`availability/${uid}`, patch, { json: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityRootKey }),
  });
}
