import type { Envelope } from '@engine/core';
import type { Availability, RangeQuery } from '@schemas/entities/availability.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Every availability query (one trainer, the overview, searches, trainers) starts with this key. */
export const availabilityRootKey = ['availability'] as const;

/** Every query of one trainer's availability starts with this key. */
export const trainerAvailabilityKey = (uid: number) =>
  [...availabilityRootKey, 'trainer', uid] as const;

/**
 * `GET availability/{uid}?start&end`: one trainer's settings, weekly hours, the overrides and
 * entries touching the range, and the concrete available intervals (`end` exclusive).
 */
export const availabilityQueryOptions = (uid: number, range: RangeQuery) =>
  queryOptions({
    queryKey: [...trainerAvailabilityKey(uid), range] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<Availability>>(`availability/${uid}`, {
          searchParams: range,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const useAvailability = (uid: number | undefined, range: RangeQuery) =>
  useQuery({ ...availabilityQueryOptions(uid ?? 0, range), enabled: uid !== undefined && uid > 0 });
