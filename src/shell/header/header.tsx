import { useSession, useT } from '@engine/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useBranding } from '@/lib/queries/branding';
import { Icon } from '../icons/icons';
import styles from './header.module.css';
import { PointsBadge } from './points-badge';
import { UserMenu } from './user-menu';

/** Signed-in users only, so a visitor's page never loads it; its place is kept meanwhile. */
const SearchField = lazy(() =>
  import('../search-field/search-field').then((module) => ({ default: module.SearchField })),
);

export interface HeaderProps {
  /** Whether the navigation drawer is open (small screens). */
  menuOpen?: boolean;
  /** Toggles the navigation drawer; without it no menu button is shown. */
  onMenuToggle?: () => void;
  /** id of the drawer the menu button controls. */
  menuId?: string;
}

/** The site header: logo, search, leaderboard, points and user menu, or Log in / Sign up. */
export function Header({ menuOpen = false, onMenuToggle, menuId }: HeaderProps) {
  const i18n = useT();
  const { user, flags } = useSession();
  const { data: branding } = useBranding();
  const signedIn = Boolean(user && user.uid > 0);
  const siteName = branding?.site_name ?? '';
  const logoAlt = branding?.logo_alt || siteName;

  return (
    <header className={styles.header}>
      <div className={styles.start}>
        {signedIn && onMenuToggle && (
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? i18n.t('Close navigation') : i18n.t('Open navigation')}
            onClick={onMenuToggle}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
        )}
        <Link to={signedIn ? '/dashboard' : '/'} className={styles.logo}>
          {branding?.logo ? (
            <img src={branding.logo} alt={logoAlt || i18n.t('Home')} className={styles.logoImage} />
          ) : (
            <span className={styles.siteName}>{siteName || i18n.t('Home')}</span>
          )}
        </Link>
      </div>
      <div className={styles.end}>
        {signedIn && user ? (
          <>
            <Suspense fallback={<span className={styles.searchPlaceholder} />}>
              <SearchField />
            </Suspense>
            {branding?.incentives_leaderboard && (
              <Link
                to="/leaderboard"
                className={styles.iconLink}
                aria-label={i18n.t('Leaderboard')}
                title={i18n.t('Leaderboard')}
              >
                <Icon name="trophy" />
              </Link>
            )}
            <PointsBadge linkToShop={flags.incentives_shop_enabled === true} />
            <UserMenu user={user} />
          </>
        ) : (
          <>
            <a href={branding?.login_url || '/user/login'} className={styles.loginLink}>
              {i18n.t('Log in')}
            </a>
            {branding?.signup_url && (
              <a href={branding.signup_url} className={styles.signupLink}>
                {i18n.t('Sign up')}
              </a>
            )}
          </>
        )}
      </div>
    </header>
  );
}
