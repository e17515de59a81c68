import type { Envelope } from '@engine/core';
import type { Subscription, TrainingProgressBody } from '@schemas/entities/training.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { applySubscription } from './training-subscription';

/** `POST trainings/{id}/progress { video_id }`: marks one video watched; returns the subscription. */
export function useMarkVideoWatched(trainingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TrainingProgressBody) =>
      (
        await api.post<Envelope<Subscription>>(`trainings/${trainingId}/progress`, body, {
          json: true,
          handleErrors: false,
        })
      ).data,
    onSuccess: (subscription) => applySubscription(queryClient, trainingId, subscription),
  });
}
