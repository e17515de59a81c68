import type { Envelope } from '@engine/core';
import type { Leaderboard, leaderboardPeriods } from '@schemas/entities/incentives.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';

export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

/** Every leaderboard query starts with this key. */
export const leaderboardRootKey = ['incentives-leaderboard'] as const;

/**
 * `GET incentives/leaderboard?period`: the top of the period and the caller's place. A 404 (the
 * leaderboard is switched off) is a state of the page, not a redirect.
 */
export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...leaderboardRootKey, period] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<Leaderboard>>('incentives/leaderboard', {
          searchParams: { period },
          signal,
          handleErrors: false,
        })
      ).data,
  });

export const useLeaderboard = (period: LeaderboardPeriod) =>
  useQuery(leaderboardQueryOptions(period));

/**
 * `PATCH incentives/leaderboard/me {opt_out}`: hides the caller from (or shows them on) the
 * leaderboard. Every period is fetched again, since each one lists or leaves out the caller.
 */
export function useLeaderboardOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optOut: boolean) =>
      api.patch<unknown>('incentives/leaderboard/me', { opt_out: optOut }, { json: true }),
    onSuccess: async (_answer, optOut) => {
      queryClient.setQueriesData<Leaderboard>({ queryKey: leaderboardRootKey }, (board) =>
        board ? { ...board, opted_out: optOut } : board,
      );
      await queryClient.invalidateQueries({ queryKey: leaderboardRootKey });
    },
  });
}
