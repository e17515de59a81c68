import type { Branding } from '@schemas/entities/settings.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET settings/branding`: the public part of the site settings the shell needs. */
export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'branding'] as const,
    queryFn: async () => (await api.get<Envelope<Branding>>('settings/branding')).data,
    staleTime: 5 * 60_000,
  });

export const useBranding = () => useQuery(brandingQueryOptions());
