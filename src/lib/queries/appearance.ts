import { appearanceAttributes, type Appearance } from '@schemas/entities/appearance.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

export const appearanceQueryKey = ['appearance'] as const;

/** `GET appearance?attributes[]=…`: the site's theme. */
export const appearanceQueryOptions = () =>
  queryOptions({
    queryKey: appearanceQueryKey,
    queryFn: async () =>
      (
        await api.get<Envelope<Appearance>>('appearance', {
          searchParams: { attributes: [...appearanceAttributes] },
        })
      ).data,
    staleTime: 5 * 60_000,
  });

export const useAppearance = () => useQuery(appearanceQueryOptions());
