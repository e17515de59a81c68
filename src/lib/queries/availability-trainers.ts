import type { Trainer } from '@schemas/entities/availability.schema';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { availabilityRootKey } from './availability';
import { cursorPagesOptions } from './cursor-pages';

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
export const availabilityTrainersQueryOptions = (filter: TrainersFilter = {}) => ({
  ...cursorPagesOptions<Trainer>({
    queryKey: [...availabilityRootKey, 'trainers', filter] as const,
    path: 'availability/trainers',
    searchParams: { ...filter },
    limit: TRAINERS_PAGE_SIZE,
  }),
  placeholderData: keepPreviousData,
});

export const useAvailabilityTrainers = (filter: TrainersFilter = {}) =>
  useInfiniteQuery(availabilityTrainersQueryOptions(filter));
