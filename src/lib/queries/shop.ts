import type { ListEnvelope } from '@engine/core';
import type { ShopProduct, ShopQuery } from '@schemas/entities/incentives.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/**
 * Every learner-side shop query (lists, product details, shop info) starts with this key, so a
 * checkout invalidates them all at once.
 */
export const shopRootKey = ['incentives-shop'] as const;

/** Products a shop page holds. */
export const SHOP_PAGE_SIZE = 24;

/** `GET incentives/shop?page&limit&search&affordable&sort`: the caller's shop, paged. */
export const shopQueryOptions = (query: ShopQuery) =>
  queryOptions({
    queryKey: [...shopRootKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<ShopProduct>>('incentives/shop', {
        searchParams: query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useShop = (query: ShopQuery) => useQuery(shopQueryOptions(query));
