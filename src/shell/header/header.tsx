import { useSession, useT } from '@engine/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useBranding } from '@/lib/queries/branding';
import { Icon } from '../icons/icons';
import type { SearchField } from '../search-field/search-field';
import styles from './header.module.css';
import { PointsBadge } from './points-badge';
import { UserMenu } from './user-menu';

let LoadedSearchField: typeof SearchField | undefined;
const loadSearchField = () =>
  import('../search-field/search-field').then((module) => (LoadedSearchField = module.SearchField));

/** Signed-in users only, so a visitor's page never loads it; its place is kept meanwhile. */
const LazySearchField = lazy(() => loadSearchField().then((component) => ({ default: component })));

/**
 * The search field, rendered at once when its code is here already: React.lazy suspends on its
 * first render even then, and while it does, a click on the server-rendered field is lost.
 */
function SearchFieldSlot() {
  return LoadedSearchField ? <LoadedSearchField /> : <LazySearchField />;
}

/**
 * Loads the code of the signed-in header's parts that come on their own (the search field), so
 * that a page the server rendered is taken over with them in place: a click on a part whose
 * code has not arrived yet would find nothing to answer it.
 *
 * @example
 * await preloadSignedInHeader();
 */
export async function preloadSignedInHeader(): Promise<void> {
  await loadSearchField();
}

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
              <SearchFieldSlot />
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
