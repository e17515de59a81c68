import { useSession } from '@engine/react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BackToTopSlot } from '../back-to-top/back-to-top-slot';
import { Breadcrumbs } from '../breadcrumbs/breadcrumbs';
import { CookieBannerSlot } from '../cookie-banner/cookie-banner-slot';
import { Footer } from '../footer/footer';
import { Header } from '../header/header';
import { MasqueradeBannerSlot } from '../masquerade-banner/masquerade-banner-slot';
import { PageBackground } from '../page-background/page-background';
import { SkipLink } from '../skip-link/skip-link';
import '../styles/global.css';
import styles from './layout.module.css';

const Sidebar = lazy(() => import('../sidebar/sidebar'));

const SIDEBAR_ID = 'main-navigation';

/** The page frame: skip link, header, sidebar (signed in), breadcrumbs, main, footer and overlays. */
export function StandardLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const signedIn = Boolean(user && user.uid > 0);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className={styles.page}>
      <SkipLink />
      <PageBackground />
      <MasqueradeBannerSlot />
      <Header
        menuOpen={drawerOpen}
        onMenuToggle={signedIn ? () => setDrawerOpen((open) => !open) : undefined}
        menuId={SIDEBAR_ID}
      />
      <div className={styles.body} data-with-sidebar={signedIn || undefined}>
        {signedIn && (
          <Suspense fallback={<div className={styles.sidebarPlaceholder} />}>
            <Sidebar id={SIDEBAR_ID} open={drawerOpen} onClose={closeDrawer} />
          </Suspense>
        )}
        <div className={styles.column}>
          <Breadcrumbs />
          <main id="main-content" tabIndex={-1} className={styles.main}>
            {children}
          </main>
          <Footer />
        </div>
      </div>
      <BackToTopSlot raised={signedIn} />
      <CookieBannerSlot />
    </div>
  );
}
