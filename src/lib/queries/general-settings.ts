import type { GeneralSettings } from '@schemas/entities/settings.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

export const generalSettingsQueryKey = ['settings', 'general'] as const;

/** `GET settings?type=general`: formats, languages, current language/time zone and access flags. */
export const generalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: generalSettingsQueryKey,
    queryFn: async () =>
      (await api.get<Envelope<GeneralSettings>>('settings', { searchParams: { type: 'general' } }))
        .data,
  });

export const useGeneralSettings = () => useQuery(generalSettingsQueryOptions());
