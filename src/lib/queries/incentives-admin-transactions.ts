import type { Envelope, ListEnvelope } from '@engine/core';
import type {
  AdjustmentBody,
  Transaction,
  TransactionDetails,
  TransactionQuery,
} from '@schemas/entities/incentives.schema';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api';

/** Every transaction query (lists and details) starts with this key. */
export const adminTransactionsRootKey = ['incentives-admin', 'transactions'] as const;

export const adminTransactionKey = (id: number | string) =>
  [...adminTransactionsRootKey, 'detail', String(id)] as const;

/** `GET incentives/transactions?page&limit&kind&from&to&uid`: points movements, newest first. */
export const adminTransactionsQueryOptions = (query: TransactionQuery) =>
  queryOptions({
    queryKey: [...adminTransactionsRootKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Transaction>>('incentives/transactions', {
        searchParams: query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminTransactions = (query: TransactionQuery) =>
  useQuery(adminTransactionsQueryOptions(query));

/** `GET incentives/transactions/{id}`: the movement and, for a purchase, its order. */
export const adminTransactionQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: adminTransactionKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<TransactionDetails>>(`incentives/transactions/${id}`, { signal }))
        .data,
  });

export const useAdminTransaction = (id: number | string) =>
  useQuery(adminTransactionQueryOptions(id));

/**
 * `POST incentives/orders/{orderId}/refund`: gives the points and the stock back. Afterwards every
 * transaction query refetches (the refund adds a movement and changes the order's status).
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.post<unknown>(`incentives/orders/${orderId}/refund`, undefined, {
        json: true,
        handleErrors: false,
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminTransactionsRootKey });
    },
  });
}

/** `POST incentives/adjustments`: an administrator gives or takes points; the lists refetch. */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adjustment: AdjustmentBody) =>
      api.post<Envelope<Transaction>>('incentives/adjustments', adjustment, { json: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...adminTransactionsRootKey, 'list'] });
    },
  });
}
