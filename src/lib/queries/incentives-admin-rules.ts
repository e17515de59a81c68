import type { Envelope } from '@engine/core';
import type { Rules } from '@schemas/entities/incentives.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';

export const adminRulesQueryKey = ['incentives-admin', 'rules'] as const;

/** `GET settings/incentives/rules`: every earning rule and the expiry schedule of new points. */
export const adminRulesQueryOptions = () =>
  queryOptions({
    queryKey: adminRulesQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Rules>>('settings/incentives/rules', { signal })).data,
  });

export const useAdminRules = () => useQuery(adminRulesQueryOptions());

/**
 * `POST settings/incentives/rules`: success puts the answer into the cache; a failure refetches
 * what the server really holds.
 */
export function useSaveAdminRules() {
  const queryClient = useQueryClient();
  return useMutation({
    // JSON: a null cap or expiry schedule must arrive as null.
    mutationFn: async (rules: Rules) =>
      (await api.post<Envelope<Rules>>('settings/incentives/rules', rules, { json: true })).data,
    onSuccess: (rules) => {
      queryClient.setQueryData<Rules>(adminRulesQueryKey, rules);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminRulesQueryKey });
    },
  });
}
