import type { Envelope, ListEnvelope } from '@engine/core';
import type { ContentTranslations } from '@engine/core';
import type {
  Product,
  ProductInput,
  ProductListQuery,
  ProductWithTexts,
} from '@schemas/entities/incentives.schema';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api';

/** Every admin product query (lists and details) starts with this key. */
export const adminProductsRootKey = ['incentives-admin', 'products'] as const;

export const adminProductKey = (id: number | string) =>
  [...adminProductsRootKey, 'detail', String(id)] as const;

/** `GET incentives/products?page&limit&search`: reward products, newest first. */
export const adminProductsQueryOptions = (query: ProductListQuery) =>
  queryOptions({
    queryKey: [...adminProductsRootKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Product>>('incentives/products', { searchParams: query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (query: ProductListQuery) =>
  useQuery(adminProductsQueryOptions(query));

/** `GET incentives/products/{id}`: one product as administrators edit it. */
export const adminProductQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: adminProductKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<ProductWithTexts>>(`incentives/products/${id}`, { signal })).data,
  });

export const useAdminProduct = (id: number | string | undefined) =>
  useQuery({ ...adminProductQueryOptions(id ?? ''), enabled: id !== undefined });

/**
 * `POST incentives/products` (no id) or `PATCH incentives/products/{id}`: saves the whole
 * product. JSON so that nulls (unlimited stock, open window) and an empty restrictions list
 * arrive as they are. Success caches the answer and refetches the lists.
 */
export function useSaveAdminProduct(id?: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (product: ProductInput & { translations?: ContentTranslations }) =>
      (id === undefined
        ? await api.post<Envelope<ProductWithTexts>>('incentives/products', product, { json: true })
        : await api.patch<Envelope<ProductWithTexts>>(`incentives/products/${id}`, product, {
            json: true,
          })
      ).data,
    onSuccess: async (product) => {
      if (product && typeof product.id === 'number')
        queryClient.setQueryData(adminProductKey(product.id), product);
      await queryClient.invalidateQueries({ queryKey: [...adminProductsRootKey, 'list'] });
    },
  });
}

/** `DELETE incentives/products/{id}`; the lists refetch afterwards. */
export function useDeleteAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`incentives/products/${id}`),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminProductKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...adminProductsRootKey, 'list'] });
    },
  });
}
