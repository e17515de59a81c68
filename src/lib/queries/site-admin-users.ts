import type { ListEnvelope } from '@engine/core';
import type { UserListItem, UsersQuery } from '@schemas/entities/user.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Every site-admin user list query starts with this key. */
export const siteAdminUsersRootKey = ['site-admin', 'users'] as const;

/** `GET users?page&limit&search&role&organization&blocked`: people, filtered and paged. */
export const siteAdminUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...siteAdminUsersRootKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<UserListItem>>('users', { searchParams: query, signal }),
    placeholderData: keepPreviousData,
  });

export const useSiteAdminUsers = (query: UsersQuery) => useQuery(siteAdminUsersQueryOptions(query));
