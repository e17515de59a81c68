import type { Envelope } from '@engine/core';
import type { Trainer, TrainersQuery } from '@schemas/entities/availability.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { availabilityRootKey } from './availability';

/** `GET availability/trainers?organization&search`: every trainer, by name, for the filters. */
export const availabilityTrainersQueryOptions = (query: TrainersQuery = {}) =>
  queryOptions({
    queryKey: [...availabilityRootKey, 'trainers', query] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<Trainer[]>>('availability/trainers', {
          searchParams: query,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const useAvailabilityTrainers = (query: TrainersQuery = {}) =>
  useQuery(availabilityTrainersQueryOptions(query));
