import type { ListEnvelope } from '@engine/core';
import type { TrainingListItem } from '@schemas/entities/training.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const myTrainingsRootKey = ['my-trainings'] as const;

export type MyTrainingsStatus = 'in_progress' | 'completed';

/** `GET me/trainings?status&page&limit`: the user's subscriptions; `completed` is the archive. */
export const myTrainingsQueryOptions = (status: MyTrainingsStatus, page = 0, limit = 12) =>
  queryOptions({
    queryKey: [...myTrainingsRootKey, status, { page, limit }] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<TrainingListItem>>('me/trainings', {
        searchParams: { status, page, limit },
        signal,
      }),
  });

export const useMyTrainings = (
  status: MyTrainingsStatus,
  o: { page?: number; limit?: number; enabled?: boolean } = {},
) => useQuery({ ...myTrainingsQueryOptions(status, o.page, o.limit), enabled: o.enabled ?? true });
