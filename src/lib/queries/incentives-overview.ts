import type { Envelope } from '@engine/core';
import type { IncentivesOverview, overviewMonths } from '@schemas/entities/incentives.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export type OverviewMonths = (typeof overviewMonths)[number];

/**
 * `GET incentives/overview?months`: points issued, redeemed and expired per week, what is
 * outstanding and expires soon, the top rewards and rules, and awards held back.
 */
export const incentivesOverviewQueryOptions = (months: OverviewMonths) =>
  queryOptions({
    queryKey: ['incentives-admin', 'overview', months] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<IncentivesOverview>>('incentives/overview', {
          searchParams: { months },
          signal,
        })
      ).data,
  });

export const useIncentivesOverview = (months: OverviewMonths) =>
  useQuery({ ...incentivesOverviewQueryOptions(months), placeholderData: (previous) => previous });
