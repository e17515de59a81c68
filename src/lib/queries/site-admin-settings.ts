import type { ContentTranslations, Envelope } from '@engine/core';
import type { SiteSettings } from '@schemas/entities/settings.schema';
import { brandingSchema, type Branding } from '@schemas/entities/settings.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { brandingQueryOptions } from './branding';
import { contentItemQueryOptions } from './site-admin-content-item';
import { generalSettingsQueryKey } from './general-settings';
import { navigationQueryOptions } from './navigation';
import { storefrontRootKey } from './storefront';

export const siteSettingsQueryKey = ['site-admin', 'site-settings'] as const;

/** `GET settings/site`: every site setting, as administrators edit them. */
export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<SiteSettings>>('settings/site', { signal })).data,
  });

export const useSiteSettings = () => useQuery(siteSettingsQueryOptions());

/** The public part of the site settings, as `GET settings/branding` would answer. */
function brandingOf(settings: SiteSettings): Branding {
  return {
    ...(Object.fromEntries(
      brandingSchema.required.map((key) => [key, settings[key]]),
    ) as unknown as Branding),
    // Off when the stored settings do not mention it, as the server answers.
    self_registration: settings.self_registration ?? false,
  };
}

/**
 * `POST settings/site` with only the fields that change. Success caches the answer and puts its
 * public part straight into the branding the shell reads (the header changes at once); the access
 * flags, the sidebar and the storefront switch depend on the settings too, so they refetch. A
 * failure refetches what the server really holds.
 */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // JSON: switches and emptied fields must arrive as false and '' (form encoding drops '').
    mutationFn: async (patch: Partial<SiteSettings> & { translations?: ContentTranslations }) =>
      (await api.post<Envelope<SiteSettings>>('settings/site', patch, { json: true })).data,
    onSuccess: async (settings) => {
      queryClient.setQueryData<SiteSettings>(siteSettingsQueryKey, settings);
      queryClient.setQueryData<Branding>(brandingQueryOptions().queryKey, brandingOf(settings));
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: contentItemQueryOptions('site', 'site').queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: generalSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: storefrontRootKey }),
      ]);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: siteSettingsQueryKey });
    },
  });
}
