import type { ReactNode } from 'react';
import { CookieBannerSlot } from '../cookie-banner/cookie-banner-slot';
import { SkipLink } from '../skip-link/skip-link';
import '../styles/global.css';
import styles from './layout.module.css';

/** A frame without header, sidebar or footer: for full-screen pages such as editors and log out. */
export function BareLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <SkipLink />
      <main id="main-content" tabIndex={-1} className={styles.bareMain}>
        {children}
      </main>
      <CookieBannerSlot />
    </div>
  );
}
