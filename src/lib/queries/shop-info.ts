import type { Envelope } from '@engine/core';
import type { ShopInfo } from '@schemas/entities/incentives.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { shopRootKey } from './shop';

export const shopInfoQueryKey = [...shopRootKey, 'info'] as const;

/** `GET incentives/shop_info`: title, intro, banner, the caller's points and what expires soon. */
export const shopInfoQueryOptions = () =>
  queryOptions({
    queryKey: shopInfoQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<ShopInfo>>('incentives/shop_info', { signal })).data,
  });

export const useShopInfo = () => useQuery(shopInfoQueryOptions());
