import type { ContentTranslations, Envelope } from '@engine/core';
import type { cookieDisclaimerSavedSchema } from '@schemas/entities/site-admin.schema';
import type { FromSchema } from 'json-schema-to-ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { cookieDisclaimerQueryKey } from './cookie-disclaimer';
import { contentItemQueryOptions } from './site-admin-content-item';

type CookieDisclaimerSaved = FromSchema<typeof cookieDisclaimerSavedSchema>;

/** The default language's banner text, and the other languages' when they changed. */
export interface CookieDisclaimerSave {
  text: string;
  translations?: ContentTranslations;
}

/**
 * `POST settings/cookies-disclaimer`: the banner text as HTML, sanitized by the server. A changed
 * text gets a new version, so the disclaimer is fetched again (the banner reappears for everyone
 * who agreed to the old text, the administrator included).
 */
export function useSaveCookieDisclaimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, translations }: CookieDisclaimerSave) =>
      (
        await api.post<Envelope<CookieDisclaimerSaved>>(
          'settings/cookies-disclaimer',
          translations ? { disclaimer_text: text, translations } : { disclaimer_text: text },
          { json: true },
        )
      ).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cookieDisclaimerQueryKey }),
        queryClient.invalidateQueries({
          queryKey: contentItemQueryOptions('cookie_disclaimer', 'cookie_disclaimer').queryKey,
        }),
      ]),
  });
}
