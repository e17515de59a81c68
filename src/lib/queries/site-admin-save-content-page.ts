import type { Envelope } from '@engine/core';
import type { ContentPageBody, ContentPageVersion } from '@schemas/entities/content-page.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { siteAdminContentPagesKey } from './site-admin-content-pages';

/**
 * `PUT settings/content-pages/{key}/{langcode}`: one language's title and text (HTML, sanitized
 * by the server). The administrators' lists and the readers' copies are fetched again.
 */
export function useSaveContentPage(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ langcode, ...page }: ContentPageBody & { langcode: string }) =>
      (
        await api.put<Envelope<ContentPageVersion>>(
          `settings/content-pages/${encodeURIComponent(key)}/${encodeURIComponent(langcode)}`,
          page,
          { json: true },
        )
      ).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteAdminContentPagesKey }),
        queryClient.invalidateQueries({ queryKey: ['content-pages', key] }),
      ]),
  });
}
