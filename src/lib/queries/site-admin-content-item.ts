import type { Envelope } from '@engine/core';
import type { ContentItem } from '@schemas/entities/content-translations.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/**
 * `GET content-translations/{source}/{id}`: the texts an administrator entered for one entity,
 * in the default language (`fields`, what its form edits) and in the other languages.
 */
export const contentItemQueryOptions = (source: string, id: string) =>
  queryOptions({
    queryKey: ['site-admin', 'content-item', source, id] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<ContentItem>>(
          `content-translations/${encodeURIComponent(source)}/${encodeURIComponent(id)}`,
          { signal },
        )
      ).data,
  });

export const useContentItem = (source: string, id: string) =>
  useQuery(contentItemQueryOptions(source, id));
