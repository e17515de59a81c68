import type { Envelope } from '@engine/core';
import type { AccessMatrix } from '@schemas/entities/site-admin.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const siteAdminAccessQueryKey = ['site-admin', 'access'] as const;

/** `GET admin/access`: every role with the flags it grants, and every flag there is. */
export const siteAdminAccessQueryOptions = () =>
  queryOptions({
    queryKey: siteAdminAccessQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<AccessMatrix>>('admin/access', { signal })).data,
  });

export const useSiteAdminAccess = () => useQuery(siteAdminAccessQueryOptions());
