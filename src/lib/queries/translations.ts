import type { Translation } from '@schemas/entities/language.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET translations?context=interface&language=…`. English needs no call. */
export const translationsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['translations', 'interface', language] as const,
    queryFn: async () =>
      language === 'en'
        ? []
        : (
            await api.get<Envelope<Translation[]>>('translations', {
              searchParams: { context: 'interface', language },
            })
          ).data,
    staleTime: 5 * 60_000,
  });

export const useTranslations = (language: string) => useQuery(translationsQueryOptions(language));
