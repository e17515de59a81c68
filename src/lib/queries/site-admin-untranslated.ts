import type { Envelope } from '@engine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Key of a language's untranslated interface strings. */
export const untranslatedQueryKey = (langcode: string) =>
  ['site-admin', 'untranslated', langcode] as const;

/** `GET translations/{langcode}/untranslated`: interface strings the language lacks, A to Z. */
export const untranslatedQueryOptions = (langcode: string) =>
  queryOptions({
    queryKey: untranslatedQueryKey(langcode),
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<string[]>>(
          `translations/${encodeURIComponent(langcode)}/untranslated`,
          { signal },
        )
      ).data,
  });

export const useUntranslated = (langcode: string, enabled = true) =>
  useQuery({ ...untranslatedQueryOptions(langcode), enabled });
