import type { FooterSettings } from '@schemas/entities/settings.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET settings?type=footer`. */
export const footerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'footer'] as const,
    queryFn: async () =>
      (await api.get<Envelope<FooterSettings>>('settings', { searchParams: { type: 'footer' } }))
        .data,
    staleTime: 5 * 60_000,
  });

export const useFooterSettings = () => useQuery(footerSettingsQueryOptions());
