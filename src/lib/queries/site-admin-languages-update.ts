import type { Envelope } from '@engine/core';
import type { Language } from '@schemas/entities/language.schema';
import type { LanguagePatch } from '@schemas/entities/site-admin.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { generalSettingsQueryKey } from './general-settings';
import { languagesQueryOptions } from './languages';

/** One language's changed fields. */
export interface LanguageChange {
  langcode: string;
  patch: LanguagePatch;
}

/** The languages with the changes applied, sorted by weight as the server sorts them. */
function applied(languages: Language[], changes: LanguageChange[]): Language[] {
  const patches = new Map(changes.map((c) => [c.langcode, c.patch]));
  return languages
    .map((language) => ({ ...language, ...patches.get(language.langcode) }))
    .sort((a, b) => a.weight - b.weight);
}

/**
 * `PATCH languages/{langcode}` for each change in turn (a reorder changes several weights). The
 * cached list shows the changes at once; whether or not all of them succeed, the language lists
 * refetch afterwards, so the table ends up with what the server holds. The general settings'
 * list sets the direction of the page, so it refetches too.
 */
export function useUpdateLanguages() {
  const queryClient = useQueryClient();
  const { queryKey } = languagesQueryOptions();
  return useMutation({
    mutationFn: async (changes: LanguageChange[]) => {
      const saved: Language[] = [];
      for (const { langcode, patch } of changes) {
        const answer = await api.patch<Envelope<Language>>(
          `languages/${encodeURIComponent(langcode)}`,
          patch,
          { json: true },
        );
        saved.push(answer.data);
      }
      return saved;
    },
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<Language[]>(queryKey, (languages) =>
        languages ? applied(languages, changes) : languages,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: generalSettingsQueryKey }),
      ]),
  });
}
