import { lazy, Suspense } from 'react';
import { useCookieDisclaimer } from '@/lib/queries/cookie-disclaimer';

const CookieBanner = lazy(() =>
  import('./cookie-banner').then((module) => ({ default: module.CookieBanner })),
);

/**
 * Mounts the cookie banner only while this browser has a disclaimer left to accept (the banner
 * machine's own show condition), so its machine and HTML sanitizer are fetched only then and
 * stay out of the first load of everyone who agreed already.
 */
export function CookieBannerSlot() {
  const { data } = useCookieDisclaimer();
  const pending = data !== undefined && data.disclaimer_text.trim() !== '' && !data.agreed;
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
