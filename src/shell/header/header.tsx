import { useSession, useT } from '@engine/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBranding } from '@/lib/queries/branding';
import { Icon } from '../icons/icons';
import { CollapsedSearchField } from '../search-field/collapsed-search-field';
import type { SearchField } from '../search-field/search-field';
import styles from './header.module.css';
import { PointsBadge } from './points-badge';
import { UserMenu } from './user-menu';

let LoadedSearchField: typeof SearchField | undefined;
const loadSearchField = () =>
  import('../search-field/search-field').then((module) => (LoadedSearchField = module.SearchField));

/**
 * The search field: collapsed, without its state machine, until it is first opened; then its
 * code (the machine) loads and it shows expanded. So no first load carries the machine library.
 */
function SearchFieldSlot() {
  const [opened, setOpened] = useState(false);
  const Loaded = opened ? LoadedSearchField : undefined;
  if (Loaded) return <Loaded startExpanded />;
  return <CollapsedSearchField onOpen={() => void loadSearchField().then(() => setOpened(true))} />;
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
            <span className={styles.siteName} dir="auto">
              {siteName || i18n.t('Home')}
            </span>
          )}
        </Link>
      </div>
      <div className={styles.end}>
        {signedIn && user ? (
          <>
            <SearchFieldSlot />
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
            {branding?.signup_url &&
              (branding.self_registration || !branding.signup_url.startsWith('/')) && (
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
