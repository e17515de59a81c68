import type { Envelope } from '@engine/core';
import type {
  TranslationsBody,
  translationsSavedSchema,
} from '@schemas/entities/site-admin.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FromSchema } from 'json-schema-to-ts';
import { api } from '../api';
import { untranslatedQueryKey } from './site-admin-untranslated';
import { translationsQueryOptions } from './translations';

type TranslationsSaved = FromSchema<typeof translationsSavedSchema>;

/**
 * `PUT translations/{langcode}` with the changed strings only; an empty translation deletes one.
 * Afterwards the language's translations (which the interface itself reads) and its untranslated
 * list are fetched again, so the next page shows the new texts.
 */
export function useSaveTranslations(langcode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (translations: TranslationsBody['translations']) =>
      (
        await api.put<Envelope<TranslationsSaved>>(
          `translations/${encodeURIComponent(langcode)}`,
          { translations },
          { json: true },
        )
      ).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: translationsQueryOptions(langcode).queryKey }),
        queryClient.invalidateQueries({ queryKey: untranslatedQueryKey(langcode) }),
      ]),
  });
}
