import { resolveLanguage } from '@engine/core';
import type { QueryClient } from '@tanstack/react-query';
import { appearanceQueryOptions } from '@/lib/queries/appearance';
import { brandingQueryOptions } from '@/lib/queries/branding';
import { cookieDisclaimerQueryOptions } from '@/lib/queries/cookie-disclaimer';
import { footerSettingsQueryOptions } from '@/lib/queries/footer-settings';
import {
  generalSettingsQueryOptions,
  generalSettingsQueryKey,
} from '@/lib/queries/general-settings';
import { meQueryKey, meQueryOptions } from '@/lib/queries/me';
import { navigationQueryOptions } from '@/lib/queries/navigation';
import { storefrontQueryOptions } from '@/lib/queries/storefront';
import { storefrontTermsQueryOptions } from '@/lib/queries/storefront-terms';
import { translationsQueryOptions } from '@/lib/queries/translations';
import { walletQueryOptions } from '@/lib/queries/wallet';
import type { GeneralSettings } from '@schemas/entities/settings.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';

/** Resolves once the work queued now (promise callbacks) has run, on the next task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Waits for the prefetches that settle before the next task: the ones the page answers itself
 * (see `src/lib/api.ts`). The others keep loading in the background and the components that
 * need them pick them up, so nothing waits for the network here.
 */
async function settleAnswered(prefetches: Promise<void>[]): Promise<void> {
  await Promise.race([Promise.allSettled(prefetches), nextTask()]);
}

/**
 * Fills the query cache with the answers the page carries, before the portal first renders: what
 * every page needs (user, settings, theme, texts and, signed in, the sidebar and points), then
 * what the visitor home shows. With the cache filled, the first render shows the page itself
 * rather than the loader, then the frame, then the page, each a render of its own.
 *
 * @example
 * await primeFirstQueries(queryClient, location.pathname);
 */
export async function primeFirstQueries(client: QueryClient, path: string): Promise<void> {
  await settleAnswered([
    client.prefetchQuery(meQueryOptions()),
    client.prefetchQuery(generalSettingsQueryOptions()),
    client.prefetchQuery(appearanceQueryOptions()),
    client.prefetchQuery(brandingQueryOptions()),
    client.prefetchQuery(footerSettingsQueryOptions()),
    client.prefetchQuery(cookieDisclaimerQueryOptions()),
  ]);
  const me = client.getQueryData<CurrentUser>(meQueryKey);
  const general = client.getQueryData<GeneralSettings>(generalSettingsQueryKey);
  if (!me || !general) return;
  const user = me.uid > 0 ? me : null;
  const language = resolveLanguage(user?.language, general.current_language);
  const then = [client.prefetchQuery(translationsQueryOptions(language))];
  if (user)
    then.push(
      client.prefetchQuery(navigationQueryOptions()),
      client.prefetchQuery(walletQueryOptions()),
    );
  else if (path === '/') {
    const storefront = storefrontQueryOptions({ audience: 'unregistered', language });
    then.push(
      client.prefetchQuery(storefront).then(async () => {
        // What its sections' types declare they need on the first page. The declarations come
        // with the home page's code, which the first page loads anyway; imported here they
        // would weigh on every first load.
        const { sectionTypes } = await import('@schemas/storefront/section-types');
        const prefetchesOf = (type: string) =>
          sectionTypes.find((declaration) => declaration.type === type)?.prefetch ?? [];
        const sections = client.getQueryData(storefront.queryKey)?.sections ?? [];
        const vocabularies = sections.flatMap(({ type, data }) => {
          const content = data.content as { vocabulary?: unknown; terms?: unknown };
          return prefetchesOf(type).includes('vocabulary_terms') &&
            typeof content.vocabulary === 'string' &&
            content.vocabulary !== '' &&
            Array.isArray(content.terms) &&
            content.terms.length > 0
            ? [content.vocabulary]
            : [];
        });
        await Promise.all(
          vocabularies.map((vocabulary) =>
            client.prefetchQuery(storefrontTermsQueryOptions(vocabulary)),
          ),
        );
      }),
    );
  }
  await settleAnswered(then);
}
