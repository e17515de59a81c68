// The script of a page the server sends as a finished document, without the portal's code (the
// visitor home: see DOCUMENT_PAGES in server-render.tsx). The page's text, pictures and links work
// without a script; this runs the controls such a page may hold (the cookie banner, the
// back-to-top button and the carousels' buttons) and applies the site's fonts and icon. Links
// lead on with a full page load, and a page that needs the portal loads it.
import { createTranslator, directionOf, resolveLanguage } from '@engine/core';
import { loadFonts, setFavicon } from '@engine/react/appearance-dom';
import { fetchAppearance } from '@/lib/requests/appearance';
import { fetchCookieDisclaimer } from '@/lib/requests/cookie-disclaimer';
import { fetchGeneralSettings } from '@/lib/requests/general-settings';
import { fetchTranslations } from '@/lib/requests/translations';
import { runCarousels } from '@/features/storefront/sections/carousel/carousel-controls';
import { runBackToTop } from '@/shell/back-to-top/back-to-top.document';
import { runCookieBanner } from '@/shell/cookie-banner/cookie-banner.document';

runBackToTop(document);
runCarousels(document);

// The page carries these answers (src/lib/api.ts): nothing here waits for the network.
void fetchAppearance()
  .then((appearance) => {
    loadFonts(appearance);
    if (appearance.favicon) setFavicon(appearance.favicon);
  })
  .catch(() => undefined);

void (async () => {
  const [general, disclaimer] = await Promise.all([
    fetchGeneralSettings(),
    fetchCookieDisclaimer(),
  ]);
  const language = resolveLanguage(null, general.current_language);
  const i18n = createTranslator({
    language,
    dir: directionOf(language, general.languages ?? []),
    translations: await fetchTranslations(language),
  });
  runCookieBanner(document, disclaimer, i18n);
})();
