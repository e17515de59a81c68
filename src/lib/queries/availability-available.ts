import type { Trainer } from '@schemas/entities/availability.schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { availabilityRootKey } from './availability';
import { cursorPagesOptions } from './cursor-pages';

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
  cursorPagesOptions<Trainer>({
    queryKey: [...availabilityRootKey, 'available', query] as const,
    path: 'availability/available',
    searchParams: { ...query },
    limit: AVAILABLE_PAGE_SIZE,
    handleErrors: false,
  });

/** Runs only once a search was submitted (`query` set). */
export const useAvailableTrainers = (query: AvailableSearchQuery | null) =>
  useInfiniteQuery({
    ...availableTrainersQueryOptions(query ?? { start: '', end: '' }),
    enabled: query !== null,
  });
