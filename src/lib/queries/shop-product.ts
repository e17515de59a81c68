import type { Envelope } from '@engine/core';
import type { ShopProduct } from '@schemas/entities/incentives.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { shopRootKey } from './shop';

export const shopProductQueryKey = (id: number) => [...shopRootKey, 'product', id] as const;

/** `GET incentives/shop/{id}`: one product as the caller sees it (with what blocks buying it). */
export const shopProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shopProductQueryKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<ShopProduct>>(`incentives/shop/${id}`, { signal })).data,
  });

export const useShopProduct = (id: number) =>
  useQuery({ ...shopProductQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
