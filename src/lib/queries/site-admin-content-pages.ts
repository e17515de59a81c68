import type { Envelope } from '@engine/core';
import type { ContentPageAdmin } from '@schemas/entities/content-page.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const siteAdminContentPagesKey = ['settings', 'content-pages'] as const;

/** `GET settings/content-pages`: every content page and the languages it is written in. */
export const siteAdminContentPagesQueryOptions = () =>
  queryOptions({
    queryKey: siteAdminContentPagesKey,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<ContentPageAdmin[]>>('settings/content-pages', { signal })).data,
  });

export const useSiteAdminContentPages = () => useQuery(siteAdminContentPagesQueryOptions());
