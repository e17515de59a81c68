import type { NavigationItem } from '@schemas/entities/navigation.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET navigation`: the sidebar items this user may see. Signed-in users only. */
export const navigationQueryOptions = () =>
  queryOptions({
    queryKey: ['navigation'] as const,
    queryFn: async () => (await api.get<Envelope<NavigationItem[]>>('navigation')).data,
  });

export const useNavigation = (enabled = true) => useQuery({ ...navigationQueryOptions(), enabled });
