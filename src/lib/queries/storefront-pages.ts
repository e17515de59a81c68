import type { Envelope } from '@engine/core';
import type { StorefrontLayout, StorefrontQuery } from '@schemas/entities/storefront.schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api';
import { storefrontRootKey } from './storefront';

/**
 * The pages of a layout's sections after the first (which `useStorefront` reads), fetched one
 * at a time as the reader reaches the end of what is shown. A module apart from `./storefront`,
 * which every first load carries: only the storefront pages bring this (and the infinite query).
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
