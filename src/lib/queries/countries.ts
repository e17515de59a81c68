import type { Envelope } from '@engine/core';
import type { CountriesSettings } from '@schemas/entities/settings.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** `GET settings?type=countries`: the countries people may live in, and the site's default. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'countries'] as const,
    queryFn: async () =>
      (
        await api.get<Envelope<CountriesSettings>>('settings', {
          searchParams: { type: 'countries' },
        })
      ).data,
    staleTime: 5 * 60_000,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
