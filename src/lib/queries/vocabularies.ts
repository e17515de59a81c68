import type { Envelope } from '@engine/core';
import type { Vocabulary } from '@schemas/entities/taxonomy.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** `GET vocabularies`: every vocabulary with its terms (catalogue filters, facet groups). */
export const vocabulariesQueryOptions = () =>
  queryOptions({
    queryKey: ['vocabularies'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Vocabulary[]>>('vocabularies', { signal })).data,
    staleTime: 5 * 60_000,
  });

export const useVocabularies = () => useQuery(vocabulariesQueryOptions());
