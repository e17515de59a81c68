import type { Envelope } from '@engine/core';
import type { ContentPage } from '@schemas/entities/content-page.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const contentPageQueryKey = (key: string, language: string) =>
  ['content-pages', key, language] as const;

/**
 * `GET content-pages/{key}`: a content page (about us, privacy policy…) in the reader's language,
 * or in the site's default language when it has none in that one.
 */
export const contentPageQueryOptions = (key: string, language: string) =>
  queryOptions({
    queryKey: contentPageQueryKey(key, language),
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<ContentPage>>(`content-pages/${encodeURIComponent(key)}`, {
          searchParams: { language },
          signal,
        })
      ).data,
  });

export const useContentPage = (key: string, language: string) =>
  useQuery(contentPageQueryOptions(key, language));
