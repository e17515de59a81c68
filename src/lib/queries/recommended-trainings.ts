import type { Envelope } from '@engine/core';
import type { TrainingListItem } from '@schemas/entities/training.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { trainingsRootKey } from './trainings';

/** `GET trainings/recommended?limit`: trainings the user has not subscribed to, best match first. */
export const recommendedTrainingsQueryOptions = (limit = 6) =>
  queryOptions({
    queryKey: [...trainingsRootKey, 'recommended', limit] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<TrainingListItem[]>>('trainings/recommended', {
          searchParams: { limit },
          signal,
        })
      ).data,
  });

export const useRecommendedTrainings = (limit = 6, enabled = true) =>
  useQuery({ ...recommendedTrainingsQueryOptions(limit), enabled });
