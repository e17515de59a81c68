import { ApiRequestError, type Envelope } from '@engine/core';
import type { Order } from '@schemas/entities/incentives.schema';
import type { Wallet } from '@schemas/entities/wallet.schema';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { shopRootKey } from './shop';
import { walletQueryKey } from './wallet';

/** Balances and stock changed: the wallet and every shop query are fetched again. */
async function refreshAfterCheckout(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
    queryClient.invalidateQueries({ queryKey: shopRootKey }),
  ]);
}

/**
 * `POST incentives/shop_checkout`: buys one unit of each product id. The body is JSON so the
 * list arrives as a list. `key` is the purchase's Idempotency-Key: every request of one purchase
 * (the client's retries, a second confirmation) carries it, so the server charges it once. On success the new balance shows at once and the wallet and shop caches refetch; a 409
 * (sold out, not enough points, limit reached) refetches them too, since the page was stale.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ products, key }: { products: number[]; key: string }) =>
      (
        await api.post<Envelope<Order>>(
          'incentives/shop_checkout',
          { products },
          { json: true, idempotencyKey: key },
        )
      ).data,
    onSuccess: async (order) => {
      queryClient.setQueryData<Wallet>(walletQueryKey, (wallet) =>
        wallet ? { ...wallet, points: order.balance_after } : wallet,
      );
      await refreshAfterCheckout(queryClient);
    },
    onError: async (error) => {
      if (error instanceof ApiRequestError && error.status === 409)
        await refreshAfterCheckout(queryClient);
    },
  });
}
