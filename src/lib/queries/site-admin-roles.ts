import type { Envelope } from '@engine/core';
import type { Role } from '@schemas/entities/site-admin.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** `GET roles`: every role by weight, with its label (an English source) and flags. */
export const siteAdminRolesQueryOptions = () =>
  queryOptions({
    queryKey: ['site-admin', 'roles'] as const,
    queryFn: async ({ signal }) => (await api.get<Envelope<Role[]>>('roles', { signal })).data,
    staleTime: 5 * 60_000,
  });

export const useSiteAdminRoles = () => useQuery(siteAdminRolesQueryOptions());
