import type { Envelope } from '@engine/core';
import type { Training } from '@schemas/entities/training.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { trainingsRootKey } from './trainings';

export const trainingQueryKey = (id: number) => [...trainingsRootKey, 'detail', id] as const;

/** `GET trainings/{id}`: one training with its body, videos and the user's subscription. */
export const trainingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: trainingQueryKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Training>>(`trainings/${id}`, { signal })).data,
  });

export const useTraining = (id: number) =>
  useQuery({ ...trainingQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
