import type { ListEnvelope } from '@engine/core';
import type { Trainer } from '@schemas/entities/availability.schema';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/** Trainers shown at a time by the pickers; more come a page at a time. */
export const TRAINERS_PAGE_SIZE = 20;

/** What the trainer lists filter by. */
export interface TrainersFilter {
  organization?: number;
  search?: string;
}

/**
 * `GET availability/trainers?organization&search&limit&after`: trainers by name, a page at a
 * time; the next page opens from the cursor of the one before (`meta.next`).
 */
export const availabilityTrainersQueryOptions = (filter: TrainersFilter = {}) =>
  infiniteQueryOptions({
    queryKey: [...availabilityRootKey, 'trainers', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<ListEnvelope<Trainer>>('availability/trainers', {
        searchParams: {
          ...filter,
          limit: TRAINERS_PAGE_SIZE,
          ...(pageParam ? { after: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.meta.next,
    placeholderData: keepPreviousData,
  });

export const useAvailabilityTrainers = (filter: TrainersFilter = {}) =>
  useInfiniteQuery(availabilityTrainersQueryOptions(filter));
