import type { Wallet } from '@schemas/entities/wallet.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

export const walletQueryKey = ['incentives', 'wallet'] as const;
/** Browser-storage key of the last known balance, shown at once while the server value loads. */
export const walletStorageKey = 'incentivesPoints';

function readCachedPoints(): number | undefined {
  try {
    const raw = localStorage.getItem(walletStorageKey);
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** `GET incentives/wallet`. A failed fetch is only logged (SPEC point 8). */
export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKey,
    queryFn: async () => {
      try {
        const wallet = (
          await api.get<Envelope<Wallet>>('incentives/wallet', { handleErrors: false })
        ).data;
        try {
          localStorage.setItem(walletStorageKey, String(wallet.points));
        } catch {
          /* storage full or blocked: the badge still shows the server value */
        }
        return wallet;
      } catch (error) {
        console.error('Wallet could not be loaded', error);
        throw error;
      }
    },
    placeholderData: () => {
      const points = readCachedPoints();
      return points === undefined ? undefined : { points };
    },
  });

export const useWallet = (enabled = true) => useQuery({ ...walletQueryOptions(), enabled });
