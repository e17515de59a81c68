import type { Envelope } from '@engine/core';
import type { ContentUntranslated } from '@schemas/entities/content-translations.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { untranslatedContentQueryKey } from './site-admin-untranslated-content';

/** One field's text in a language. */
export interface ContentText {
  source: string;
  id: string;
  field: string;
  text: string;
}

/**
 * `PUT translations/{langcode}/content`: saves texts of content in the language, all or none.
 * Afterwards every query refetches, since any page may show the texts.
 */
export function useSaveContentTexts(langcode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (texts: ContentText[]) =>
      (
        await api.put<Envelope<ContentUntranslated>>(
          `translations/${encodeURIComponent(langcode)}/content`,
          { texts },
          { json: true },
        )
      ).data,
    onSuccess: (answer) => {
      queryClient.setQueryData(untranslatedContentQueryKey(langcode), answer);
      return queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[1] !== 'untranslated-content',
      });
    },
  });
}
