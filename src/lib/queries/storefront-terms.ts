import type { ListEnvelope } from '@engine/core';
import type { TaxonomyTerm } from '@schemas/entities/taxonomy.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { storefrontRootKey } from './storefront';

/** `GET taxonomy_terms?machine_name&limit=100`: the terms a storefront categories section names. */
export const storefrontTermsQueryOptions = (vocabulary: string) =>
  queryOptions({
    queryKey: [...storefrontRootKey, 'terms', vocabulary] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<TaxonomyTerm>>('taxonomy_terms', {
          searchParams: { machine_name: vocabulary, limit: 100 },
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });

export const useStorefrontTerms = (vocabulary: string) =>
  useQuery({ ...storefrontTermsQueryOptions(vocabulary), enabled: vocabulary !== '' });
