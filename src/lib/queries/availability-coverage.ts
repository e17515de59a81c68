import type { Envelope } from '@engine/core';
import type { Coverage, CoverageQuery } from '@schemas/entities/availability.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/**
 * `GET availability/coverage?start&end&timezone&organization`: how many trainers are available
 * for the whole of each hour of the range, by weekday and hour on the viewer's clock.
 */
export const availabilityCoverageQueryOptions = (query: CoverageQuery) =>
  queryOptions({
    queryKey: [...availabilityRootKey, 'coverage', query] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Coverage>>('availability/coverage', { searchParams: query, signal }))
        .data,
    placeholderData: keepPreviousData,
  });

export const useAvailabilityCoverage = (query: CoverageQuery) =>
  useQuery(availabilityCoverageQueryOptions(query));
