import type { ContentTranslations, Envelope } from '@engine/core';
import type { ShopSettings } from '@schemas/entities/incentives.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';

/** The settings with their texts in the site's other languages (`translations[ar][title]`). */
export type AdminShopSettings = ShopSettings & { translations?: ContentTranslations };

export const adminShopSettingsQueryKey = ['incentives-admin', 'shop-settings'] as const;

/**
 * `GET settings/incentives/shop`: the reward shop's title, introduction and banner, in the
 * default language and the others.
 */
export const adminShopSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminShopSettingsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<AdminShopSettings>>('settings/incentives/shop', { signal })).data,
  });

export const useAdminShopSettings = () => useQuery(adminShopSettingsQueryOptions());

/**
 * `POST settings/incentives/shop`: success puts the answer into the cache; a failure refetches
 * what the server really holds.
 */
export function useSaveAdminShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // JSON: a null banner must arrive as null.
    mutationFn: async (settings: AdminShopSettings) =>
      (
        await api.post<Envelope<AdminShopSettings>>('settings/incentives/shop', settings, {
          json: true,
        })
      ).data,
    onSuccess: (settings) => {
      queryClient.setQueryData<AdminShopSettings>(adminShopSettingsQueryKey, settings);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminShopSettingsQueryKey });
    },
  });
}
