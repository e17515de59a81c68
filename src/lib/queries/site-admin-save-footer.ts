import type { Envelope } from '@engine/core';
import type { ContentTranslations } from '@engine/core';
import type { FooterSettings } from '@schemas/entities/settings.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { footerSettingsQueryOptions } from './footer-settings';
import { contentItemQueryOptions } from './site-admin-content-item';

/**
 * `POST settings/footer` with only the fields that change. The answer goes straight into the
 * footer query, so the footer under the page shows the new links and texts at once, and the
 * footer's texts per language are fetched again; a failure refetches what the server really holds.
 */
export function useSaveFooter() {
  const queryClient = useQueryClient();
  const { queryKey } = footerSettingsQueryOptions();
  return useMutation({
    // JSON: emptied texts must arrive as '' (form encoding drops them).
    mutationFn: async (patch: Partial<FooterSettings> & { translations?: ContentTranslations }) =>
      (await api.post<Envelope<FooterSettings>>('settings/footer', patch, { json: true })).data,
    onSuccess: (footer) => {
      queryClient.setQueryData<FooterSettings>(queryKey, footer);
      void queryClient.invalidateQueries({
        queryKey: contentItemQueryOptions('footer', 'footer').queryKey,
      });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
