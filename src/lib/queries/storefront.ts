import type { Envelope } from '@engine/core';
import type { StorefrontLayout, StorefrontQuery } from '@schemas/entities/storefront.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Every public storefront query (layouts, section pages) starts with this key. */
export const storefrontRootKey = ['storefront'] as const;

/**
 * `GET storefront?audience&language`: the caller's layout (visitors get the unregistered one),
 * its sections already filtered by their restrictions.
 */
export const storefrontQueryOptions = (query: StorefrontQuery = {}) =>
  queryOptions({
    queryKey: [...storefrontRootKey, 'layout', query] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<StorefrontLayout>>('storefront', {
          searchParams: query,
          signal,
          // A missing layout is a state of the page (the home page falls back), not a redirect.
          handleErrors: false,
        })
      ).data,
  });

export const useStorefront = (query: StorefrontQuery = {}) =>
  useQuery(storefrontQueryOptions(query));
