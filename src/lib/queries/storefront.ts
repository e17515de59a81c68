import type { Envelope } from '@engine/core';
import type { StorefrontLayout, StorefrontQuery } from '@schemas/entities/storefront.schema';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

/**
 * The pages of a layout's sections after the first (which `useStorefront` reads), fetched one
 * at a time as the reader reaches the end of what is shown.
 */
export const useStorefrontPages = (query: StorefrontQuery, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...storefrontRootKey, 'pages', query] as const,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<Envelope<StorefrontLayout>>('storefront', {
          searchParams: { ...query, page: pageParam },
          signal,
          // A page that fails is said in place, with a retry, not instead of the page.
          handleErrors: false,
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: ({ sections_meta: meta }) =>
      meta && meta.page + 1 < meta.totalPages ? meta.page + 1 : undefined,
    enabled,
  });
