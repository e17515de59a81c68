import type { Envelope } from '@engine/core';
import type {
  LearningOverview,
  learningOverviewMonths,
} from '@schemas/entities/learning-overview.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export type LearningOverviewMonths = (typeof learningOverviewMonths)[number];

/**
 * `GET learning/overview?months`: subscriptions made and completed per week, the most
 * subscribed trainings and each topic's subscriptions and completions.
 */
export const learningOverviewQueryOptions = (months: LearningOverviewMonths) =>
  queryOptions({
    queryKey: ['course-administration', 'learning-overview', months] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<LearningOverview>>('learning/overview', {
          searchParams: { months },
          signal,
        })
      ).data,
  });

export const useLearningOverview = (months: LearningOverviewMonths) =>
  useQuery({ ...learningOverviewQueryOptions(months), placeholderData: (previous) => previous });
