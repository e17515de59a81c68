import type { Envelope } from '@engine/core';
import type { PointsHistory } from '@schemas/entities/incentives.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import type { OverviewMonths } from './incentives-overview';

/**
 * `GET incentives/wallet/history?months`: the caller's points earned, spent and expired per
 * week, their balance, and when their points expire.
 */
export const pointsHistoryQueryOptions = (months: OverviewMonths) =>
  queryOptions({
    queryKey: ['incentives', 'wallet', 'history', months] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<PointsHistory>>('incentives/wallet/history', {
          searchParams: { months },
          signal,
        })
      ).data,
  });

export const usePointsHistory = (months: OverviewMonths) =>
  useQuery({ ...pointsHistoryQueryOptions(months), placeholderData: (previous) => previous });
