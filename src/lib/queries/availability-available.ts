import type { Envelope } from '@engine/core';
import type { AvailableQuery, Trainer } from '@schemas/entities/availability.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/**
 * `GET availability/available?start&end&organization`: trainers available for the whole of
 * [start, end) (at most 14 days), to find cover. A 400 (range too long) is the form's to show.
 */
export const availableTrainersQueryOptions = (query: AvailableQuery) =>
  queryOptions({
    queryKey: [...availabilityRootKey, 'available', query] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<Trainer[]>>('availability/available', {
          searchParams: query,
          signal,
          handleErrors: false,
        })
      ).data,
  });

/** Runs only once a search was submitted (`query` set). */
export const useAvailableTrainers = (query: AvailableQuery | null) =>
  useQuery({
    ...availableTrainersQueryOptions(query ?? { start: '', end: '' }),
    enabled: query !== null,
  });
