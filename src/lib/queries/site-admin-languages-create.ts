import type { Envelope } from '@engine/core';
import type { Language } from '@schemas/entities/language.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { generalSettingsQueryKey } from './general-settings';
import { languagesQueryOptions } from './languages';

/**
 * `POST languages`: adds a language (201; 409 with a message on `langcode` when the code exists).
 * The language lists refetch: the admin table and the general settings, whose list sets the
 * direction of the page.
 */
export function useCreateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) =>
      (await api.post<Envelope<Language>>('languages', language, { json: true })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: languagesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: generalSettingsQueryKey }),
      ]),
  });
}
