import { useBreadcrumbs, useBreadcrumbsShown, useSession, useT } from '@engine/react';
import { Link, useLocation } from 'react-router';
import { useBranding } from '@/lib/queries/branding';
import { Icon } from '../icons/icons';
import styles from './breadcrumbs.module.css';

export interface Crumb {
  label: string;
  url: string;
  redirect: boolean;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The trail to show, or null when breadcrumbs are hidden: on the root page alone and on
 * /storefront for visitors. Signed-in trails start at "My overview", visitors' at "Home".
 */
export function breadcrumbTrail(o: {
  pathname: string;
  signedIn: boolean;
  crumbs: Crumb[];
  first: Crumb;
}): Crumb[] | null {
  const path = trimSlash(o.pathname);
  if (path === '/' || (!o.signedIn && path === '/storefront')) return null;
  const crumbs = o.crumbs.filter((c) => c.label);
  const trail =
    crumbs[0] && trimSlash(crumbs[0].url) === o.first.url ? crumbs : [o.first, ...crumbs];
  return trail.length > 0 ? trail : null;
}

/**
 * Breadcrumb trail of the current route (when the site has `breadcrumbs_enabled` and the route
 * does not declare `breadcrumbs: false`).
 */
export function Breadcrumbs() {
  const i18n = useT();
  const { user } = useSession();
  const { data: branding } = useBranding();
  const crumbs = useBreadcrumbs();
  const shown = useBreadcrumbsShown();
  const { pathname } = useLocation();
  const signedIn = Boolean(user && user.uid > 0);

  if (!branding?.breadcrumbs_enabled || !shown) return null;
  const first: Crumb = signedIn
    ? { label: i18n.t('My overview'), url: '/dashboard', redirect: false }
    : { label: i18n.t('Home'), url: '/', redirect: false };
  const trail = breadcrumbTrail({ pathname, signedIn, crumbs, first });
  if (!trail) return null;

  return (
    <nav aria-label={i18n.t('Breadcrumb')} className={styles.breadcrumbs}>
      <ol className={styles.list}>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${crumb.url}-${index}`} className={styles.item}>
              {index > 0 && <Icon name="chevron-forward" size={16} className={styles.separator} />}
              {last ? (
                <span aria-current="page" className={styles.current} dir="auto">
                  {crumb.label}
                </span>
              ) : crumb.redirect ? (
                <a href={crumb.url} dir="auto">
                  {crumb.label}
                </a>
              ) : (
                <Link to={crumb.url} dir="auto">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
