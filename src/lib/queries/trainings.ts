import type { ListEnvelope } from '@engine/core';
import type { TrainingListItem, TrainingsQuery } from '@schemas/entities/training.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Every training query (lists, details, recommendations) starts with this key. */
export const trainingsRootKey = ['trainings'] as const;

/** `GET trainings?page&limit&tags[]&language&free&sort`: the catalogue, filtered and paged. */
export const trainingsQueryOptions = (query: TrainingsQuery) =>
  queryOptions({
    queryKey: [...trainingsRootKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<TrainingListItem>>('trainings', { searchParams: query, signal }),
    placeholderData: keepPreviousData,
  });

export const useTrainings = (query: TrainingsQuery) => useQuery(trainingsQueryOptions(query));
