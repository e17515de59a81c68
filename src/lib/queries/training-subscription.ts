import type { Envelope } from '@engine/core';
import type { Subscription, Training } from '@schemas/entities/training.schema';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { myTrainingsRootKey } from './my-trainings';
import { searchRootKey } from './search';
import { trainingQueryKey } from './training';
import { trainingsRootKey } from './trainings';
import { walletQueryKey } from './wallet';

/**
 * A subscription change shows on the training at once, then every list that carries a
 * subscription (catalogue, recommendations, dashboard, search) is fetched again, and the
 * wallet too: starting or completing a training can earn points.
 */
export async function applySubscription(
  queryClient: QueryClient,
  trainingId: number,
  subscription: Subscription | null,
): Promise<void> {
  queryClient.setQueryData<Training>(trainingQueryKey(trainingId), (training) =>
    training ? { ...training, subscription } : training,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trainingsRootKey }),
    queryClient.invalidateQueries({ queryKey: myTrainingsRootKey }),
    queryClient.invalidateQueries({ queryKey: searchRootKey }),
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  ]);
}

/** `POST trainings/{id}/subscription`: enrols the user (subscribing twice returns the same). */
export function useSubscribe(trainingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post<Envelope<Subscription>>(`trainings/${trainingId}/subscription`, undefined, {
          handleErrors: false,
        })
      ).data,
    onSuccess: (subscription) => applySubscription(queryClient, trainingId, subscription),
  });
}

/** `DELETE trainings/{id}/subscription`: ends the enrolment and forgets its progress. */
export function useUnsubscribe(trainingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete<Envelope<{ subscribed: false }>>(`trainings/${trainingId}/subscription`, {
        handleErrors: false,
      }),
    onSuccess: () => applySubscription(queryClient, trainingId, null),
  });
}
