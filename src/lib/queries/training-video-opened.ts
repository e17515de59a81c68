import type { Envelope } from '@engine/core';
import type { TrainingProgressBody, VideoOpened } from '@schemas/entities/training.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';

/**
 * `POST trainings/{id}/opened_videos { video_id }`: tells the server the learner opened a video
 * (the first time counts), so that marking it watched later is plausible.
 */
export function useVideoOpened(trainingId: number) {
  return useMutation({
    mutationFn: async (body: TrainingProgressBody) =>
      (
        await api.post<Envelope<VideoOpened>>(`trainings/${trainingId}/opened_videos`, body, {
          json: true,
          handleErrors: false,
        })
      ).data,
  });
}
