import type { Envelope } from '@engine/core';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const userQueryKey = (uid: number | string) => ['users', String(uid)] as const;

/** `GET users/{uid}`: one user's profile (one's own, or any with the admin flag). */
export const userQueryOptions = (uid: number | string) =>
  queryOptions({
    queryKey: userQueryKey(uid),
    queryFn: async () => (await api.get<Envelope<CurrentUser>>(`users/${uid}`)).data,
  });

export const useUser = (uid: number | string) => useQuery(userQueryOptions(uid));
