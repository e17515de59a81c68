import type { Envelope } from '@engine/core';
import type { ContentPageAdmin } from '@schemas/entities/content-page.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { siteAdminContentPagesKey } from './site-admin-content-pages';

export const siteAdminContentPageKey = (key: string) => [...siteAdminContentPagesKey, key] as const;

/** `GET settings/content-pages/{key}`: a content page with its text in every language. */
export const siteAdminContentPageQueryOptions = (key: string) =>
  queryOptions({
    queryKey: siteAdminContentPageKey(key),
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<ContentPageAdmin>>(
          `settings/content-pages/${encodeURIComponent(key)}`,
          { signal },
        )
      ).data,
  });

export const useSiteAdminContentPage = (key: string) =>
  useQuery(siteAdminContentPageQueryOptions(key));
