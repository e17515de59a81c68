import type { CurrentUser } from '@schemas/entities/user.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

export const meQueryKey = ['me'] as const;

/** `GET me?attributes[]=profile`: the current user, `uid: 0` for a visitor. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: async () =>
      (await api.get<Envelope<CurrentUser>>('me', { searchParams: { attributes: ['profile'] } }))
        .data,
  });

export const useMe = () => useQuery(meQueryOptions());
