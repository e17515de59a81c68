import type { Envelope, ListEnvelope } from '@engine/core';
import type { UserListItem, UsersQuery } from '@schemas/entities/user.schema';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { userQueryKey } from './user';

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

const rowKey = (uid: number) => [...siteAdminUsersRootKey, 'row', uid] as const;

/**
 * `GET users/{uid}/account`: one person as the administration lists them (status, organizations,
 * e-mail). An unknown uid is the caller's to show, not a trip to the not-found page.
 */
export const siteAdminUserRowQueryOptions = (uid: number) =>
  queryOptions({
    queryKey: rowKey(uid),
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<UserListItem>>(`users/${uid}/account`, {
          signal,
          handleErrors: false,
        })
      ).data,
  });

export const useSiteAdminUserRow = (uid: number, enabled = true) =>
  useQuery({ ...siteAdminUserRowQueryOptions(uid), enabled });

/**
 * What an administrative change of a user does to the cache: their row takes the server's answer
 * at once, then their profile and every user list load again.
 */
export function useSiteAdminUserSaved() {
  const queryClient = useQueryClient();
  return async (row: UserListItem) => {
    queryClient.setQueryData(rowKey(row.uid), row);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userQueryKey(row.uid) }),
      queryClient.invalidateQueries({ queryKey: siteAdminUsersRootKey }),
    ]);
  };
}
