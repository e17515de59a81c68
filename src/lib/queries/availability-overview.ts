import type { ListEnvelope } from '@engine/core';
import type { OverviewQuery, OverviewRow } from '@schemas/entities/availability.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/**
 * `GET availability?start&end&organization&uid[]&search&page`: the management view, 50 trainers
 * a page, each with their available intervals and time off in the range.
 */
export const availabilityOverviewQueryOptions = (query: OverviewQuery) =>
  queryOptions({
    queryKey: [...availabilityRootKey, 'overview', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<OverviewRow>>('availability', { searchParams: query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAvailabilityOverview = (query: OverviewQuery) =>
  useQuery(availabilityOverviewQueryOptions(query));
