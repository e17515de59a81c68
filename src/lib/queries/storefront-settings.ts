import type { Envelope } from '@engine/core';
import type { StorefrontSettings } from '@schemas/entities/storefront.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/**
 * `GET storefront/settings`: whether the storefront is on and, for storefront managers, each
 * declared restriction type with its options per audience (empty lists for everyone else).
 */
export const storefrontSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['storefront', 'settings'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<StorefrontSettings>>('storefront/settings', { signal })).data,
    staleTime: 5 * 60_000,
  });

export const useStorefrontSettings = () => useQuery(storefrontSettingsQueryOptions());
