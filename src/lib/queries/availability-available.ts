import type { ListEnvelope } from '@engine/core';
import type { Trainer } from '@schemas/entities/availability.schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/** Available trainers shown at a time; more come a page at a time. */
const AVAILABLE_PAGE_SIZE = 25;

/** A search for available trainers: a range (at most 14 days), optionally one organization. */
export interface AvailableSearchQuery {
  start: string;
  end: string;
  organization?: number;
}

/**
 * `GET availability/available?start&end&organization&limit&after`: trainers available for the
 * whole of [start, end) (at most 14 days), by name, a page at a time, to find cover. A 400
 * (range too long) is the form's to show.
 */
export const availableTrainersQueryOptions = (query: AvailableSearchQuery) =>
  infiniteQueryOptions({
    queryKey: [...availabilityRootKey, 'available', query] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<ListEnvelope<Trainer>>('availability/available', {
        searchParams: {
          ...query,
          limit: AVAILABLE_PAGE_SIZE,
          ...(pageParam ? { after: pageParam } : {}),
        },
        signal,
        handleErrors: false,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.meta.next,
  });

/** Runs only once a search was submitted (`query` set). */
export const useAvailableTrainers = (query: AvailableSearchQuery | null) =>
  useInfiniteQuery({
    ...availableTrainersQueryOptions(query ?? { start: '', end: '' }),
    enabled: query !== null,
  });
