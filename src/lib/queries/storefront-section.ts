import type { Envelope } from '@engine/core';
import type {
  StorefrontSection,
  StorefrontSectionQuery,
} from '@schemas/entities/storefront.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { storefrontRootKey } from './storefront';

/** `GET storefront_sections/{id}?page&language`: one section with a page of 24 trainings. */
export const storefrontSectionQueryOptions = (id: number, query: StorefrontSectionQuery) =>
  queryOptions({
    queryKey: [...storefrontRootKey, 'section', id, query] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<StorefrontSection>>(`storefront_sections/${id}`, {
          searchParams: query,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const useStorefrontSection = (id: number, query: StorefrontSectionQuery) =>
  useQuery({
    ...storefrontSectionQueryOptions(id, query),
    enabled: Number.isInteger(id) && id > 0,
  });
