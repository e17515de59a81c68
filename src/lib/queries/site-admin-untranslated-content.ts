import type { Envelope } from '@engine/core';
import type { ContentUntranslated } from '@schemas/entities/content-translations.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Key of what a language lacks of the texts administrators entered. */
export const untranslatedContentQueryKey = (langcode: string) =>
  ['site-admin', 'untranslated-content', langcode] as const;

/**
 * `GET translations/{langcode}/content`: how many texts administrators entered have no text in
 * the language, per kind of content, and the first of them.
 */
export const untranslatedContentQueryOptions = (langcode: string) =>
  queryOptions({
    queryKey: untranslatedContentQueryKey(langcode),
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<ContentUntranslated>>(
          `translations/${encodeURIComponent(langcode)}/content`,
          { signal },
        )
      ).data,
  });

export const useUntranslatedContent = (langcode: string) =>
  useQuery(untranslatedContentQueryOptions(langcode));
