import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from './routes';
import { useT } from './i18n';

/** One breadcrumb. @example { label: 'Incentives', url: '/incentives', redirect: false } */
export interface Breadcrumb {
  /** Translated label. */
  label: string;
  url: string;
  /** Follow the link with a full page load. */
  redirect: boolean;
}

/**
 * Breadcrumbs of the current location, outermost first, from the `handle.breadcrumb` of each
 * matched route (labels translated). The shell decides where to show them.
 *
 * @example
 * const crumbs = useBreadcrumbs();
 * crumbs.map((c, i) => (i === crumbs.length - 1 ? <span>{c.label}</span> : <a href={c.url}>{c.label}</a>));
 */
export function useBreadcrumbs(): Breadcrumb[] {
  const matches = useMatches();
  const translator = useT();
  const crumbs: Breadcrumb[] = [];
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (!handle?.breadcrumb) continue;
    const url = match.pathname.length > 1 ? match.pathname.replace(/\/+$/, '') : match.pathname;
    const crumb = {
      label: translator.t(handle.breadcrumb),
      url,
      redirect: Boolean(handle.breadcrumbRedirect),
    };
    if (crumbs.at(-1)?.url === url) crumbs[crumbs.length - 1] = crumb;
    else crumbs.push(crumb);
  }
  return crumbs;
}

const SiteNameContext = createContext<string | undefined>(undefined);

/**
 * Provides the site name that {@link usePageTitle} appends to every document title.
 *
 * @example
 * <SiteNameProvider name={branding.site_name}><App /></SiteNameProvider>
 */
export function SiteNameProvider(p: { name?: string | undefined; children?: ReactNode }) {
  return <SiteNameContext.Provider value={p.name}>{p.children}</SiteNameContext.Provider>;
}

/**
 * Sets `document.title` to `<title> | <site name>`. Without `title`, the deepest matched
 * route's `handle.title` is used, translated; a given `title` (e.g. a product's) is used as is.
 *
 * @example
 * usePageTitle(product?.title, branding.site_name);
 */
export function usePageTitle(title?: string, siteName?: string): void {
  const contextSiteName = useContext(SiteNameContext);
  const matches = useMatches();
  const translator = useT();
  let routeTitle: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) routeTitle = handle.title;
  }
  const text = title ?? (routeTitle === undefined ? undefined : translator.t(routeTitle));
  const site = siteName ?? contextSiteName;
  useEffect(() => {
    const parts = [text, site].filter((part): part is string => Boolean(part));
    if (parts.length) document.title = parts.join(' | ');
  }, [text, site]);
}
