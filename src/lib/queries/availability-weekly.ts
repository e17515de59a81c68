import type { Envelope } from '@engine/core';
import type { WeeklyHours, WeeklyInput } from '@schemas/entities/availability.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/**
 * `PUT availability/{uid}/weekly {hours}`: the whole weekly schedule at once. JSON, so an empty
 * week arrives as an empty list. A 400 names the interval at fault (`hours[2][start]`).
 */
export function useSaveWeeklyHours(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WeeklyInput) =>
      (
        await api.put<Envelope<{ weekly: WeeklyHours[] }>>(`availability/${uid}/weekly`, input, {
          json: true,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityRootKey }),
  });
}
