import type { Translator } from '@engine/core';
import type { CookieDisclaimer } from '@schemas/entities/settings.schema';
import { createActor, fromPromise } from 'xstate';
import { api } from '@/lib/api';
import { agreeToCookies } from '@/lib/requests/cookie-disclaimer';
import { cookieBannerMachine } from './cookie-banner.machine';
import styles from './cookie-banner.module.css';

/**
 * Runs the cookie banner that the server rendered into a page sent without the portal's code
 * (`src/app/document-page.ts`): the banner's own machine, with the page's elements as its view.
 * Accept sends the agreement; the banner then leaves the page, or says that it failed and stays.
 */
export function runCookieBanner(root: ParentNode, disclaimer: CookieDisclaimer, i18n: Translator) {
  const accept = root.querySelector<HTMLButtonElement>('button[data-island="cookie-agree"]');
  const banner = accept?.closest('section');
  if (!accept || !banner) return;
  // Accepting goes to the network: the client's code for it loads now, not on the click.
  api.preload();
  const actor = createActor(
    cookieBannerMachine.provide({ actors: { agree: fromPromise(agreeToCookies) } }),
    { input: { text: disclaimer.disclaimer_text, agreed: disclaimer.agreed } },
  );
  let error: HTMLParagraphElement | undefined;
  actor.subscribe((snapshot) => {
    if (snapshot.matches('hidden')) {
      banner.remove();
      return;
    }
    const agreeing = snapshot.matches('agreeing');
    accept.disabled = agreeing;
    if (agreeing) accept.setAttribute('aria-busy', 'true');
    else accept.removeAttribute('aria-busy');
    if (snapshot.context.error != null && !error) {
      error = document.createElement('p');
      error.setAttribute('role', 'alert');
      error.className = styles.error ?? '';
      error.textContent = i18n.t('Something went wrong, please try again.');
      accept.before(error);
    } else if (snapshot.context.error == null && error) {
      error.remove();
      error = undefined;
    }
  });
  accept.addEventListener('click', () => actor.send({ type: 'AGREE' }));
  actor.start();
}
