import type { Language } from '@schemas/entities/language.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET languages`: the site's languages sorted by weight. */
export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: ['languages'] as const,
    queryFn: async () => (await api.get<Envelope<Language[]>>('languages')).data,
    staleTime: 5 * 60_000,
  });

export const useLanguages = () => useQuery(languagesQueryOptions());
