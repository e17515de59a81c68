import type { Envelope } from '@engine/core';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const userQueryKey = (uid: number | string) => ['users', String(uid)] as const;

/**
 * `GET users/{uid}`: one user's profile (one's own, or any with the admin flag). An unknown user
 * leads to the not-found page, unless `handleErrors` is false: then the page shows the 404 itself.
 */
export const userQueryOptions = (uid: number | string, o: { handleErrors?: boolean } = {}) =>
  queryOptions({
    queryKey: userQueryKey(uid),
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<CurrentUser>>(`users/${uid}`, {
          signal,
          ...(o.handleErrors === false ? { handleErrors: false } : {}),
        })
      ).data,
  });

export const useUser = (uid: number | string, o: { handleErrors?: boolean } = {}) =>
  useQuery(userQueryOptions(uid, o));
