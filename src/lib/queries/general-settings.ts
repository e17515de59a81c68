import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchGeneralSettings } from '../requests/general-settings';

export const generalSettingsQueryKey = ['settings', 'general'] as const;

/** The general settings: see {@link fetchGeneralSettings}. */
export const generalSettingsQueryOptions = () =>
  queryOptions({ queryKey: generalSettingsQueryKey, queryFn: fetchGeneralSettings });

export const useGeneralSettings = () => useQuery(generalSettingsQueryOptions());
