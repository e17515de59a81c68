import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchTranslations } from '../requests/translations';

/** The interface texts of a language: see {@link fetchTranslations}. */
export const translationsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['translations', 'interface', language] as const,
    queryFn: () => fetchTranslations(language),
    staleTime: 5 * 60_000,
  });

export const useTranslations = (language: string) => useQuery(translationsQueryOptions(language));
