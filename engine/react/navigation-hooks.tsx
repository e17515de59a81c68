import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useRouteMatches } from './router';
import { useT } from './i18n';

/** One breadcrumb: its translated label, its address, and whether that address redirects. */
export interface Breadcrumb {
  /** Translated label. */
  label: string;
  url: string;
  /** Follow the link with a full page load. */
  redirect: boolean;
}

/** Labels pages give their crumbs at run time (a product's title), by crumb URL. */
const crumbLabels = new Map<string, string>();
const crumbListeners = new Set<() => void>();
let crumbVersion = 0;
function setCrumbLabel(url: string, label: string | undefined): void {
  if (label === undefined) crumbLabels.delete(url);
  else crumbLabels.set(url, label);
  crumbVersion++;
  crumbListeners.forEach((listener) => listener());
}
function subscribeCrumbLabels(listener: () => void): () => void {
  crumbListeners.add(listener);
  return () => crumbListeners.delete(listener);
}

const normalize = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Names the crumb at `url` (default: the current page's) with a label known only at run time,
 * such as a record's title, for as long as the calling page is shown. The label is used as is.
 *
 * @example
 * useBreadcrumbLabel(report.data?.title, `/reports/${id}`);
 */
export function useBreadcrumbLabel(label: string | undefined, url?: string): void {
  const { pathname } = useLocation();
  const target = normalize(url ?? pathname);
  useEffect(() => {
    if (label === undefined) return;
    setCrumbLabel(target, label);
    return () => {
      if (crumbLabels.get(target) === label) setCrumbLabel(target, undefined);
    };
  }, [label, target]);
}

/**
 * Breadcrumbs of the current location, outermost first, from the `handle.breadcrumb` of each
 * matched route (labels translated, or named by the page with {@link useBreadcrumbLabel}).
 * The shell decides where to show them.
 *
 * @example
 * const crumbs = useBreadcrumbs();
 * crumbs.map((c, i) => (i === crumbs.length - 1 ? <span>{c.label}</span> : <a href={c.url}>{c.label}</a>));
 */
export function useBreadcrumbs(): Breadcrumb[] {
  const matches = useRouteMatches();
  const translator = useT();
  // Labels are set in effects, which a server rendering the page does not run: it has none.
  useSyncExternalStore(
    subscribeCrumbLabels,
    () => crumbVersion,
    () => crumbVersion,
  );
  const crumbs: Breadcrumb[] = [];
  for (const match of matches) {
    const { handle } = match;
    if (!handle?.breadcrumb) continue;
    const url = normalize(match.pathname);
    const crumb = {
      label: crumbLabels.get(url) ?? translator.t(handle.breadcrumb),
      url,
      redirect: Boolean(handle.breadcrumbRedirect),
    };
    if (crumbs.at(-1)?.url === url) crumbs[crumbs.length - 1] = crumb;
    else crumbs.push(crumb);
  }
  return crumbs;
}

/**
 * Whether the current page shows a breadcrumb trail: not when its route or an ancestor declares
 * `breadcrumbs: false` (utility pages).
 *
 * @example
 * if (!useBreadcrumbsShown()) return null;
 */
export function useBreadcrumbsShown(): boolean {
  return useRouteMatches().every((m) => m.handle?.breadcrumbs !== false);
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

const TitleRecorderContext = createContext<((title: string) => void) | undefined>(undefined);

/**
 * Passes each document title the pages below set while rendering to `record`, for rendering
 * where there is no document (on the server), so the page can be sent with its title. The
 * deepest page renders last, so its title is the last one recorded.
 *
 * @example
 * let title = '';
 * renderToString(<PageTitleRecorder record={(t) => (title = t)}><Page /></PageTitleRecorder>);
 */
export function PageTitleRecorder(p: { record: (title: string) => void; children?: ReactNode }) {
  return (
    <TitleRecorderContext.Provider value={p.record}>{p.children}</TitleRecorderContext.Provider>
  );
}

/**
 * Sets `document.title` to `<title> | <site name>`. Without `title`, the deepest matched
 * route's `handle.title` is used, translated; a given `title` (e.g. a product's) is used as is
 * and also names the current page's crumb.
 *
 * @example
 * usePageTitle(product?.title, branding.site_name);
 */
export function usePageTitle(title?: string, siteName?: string): void {
  const contextSiteName = useContext(SiteNameContext);
  const matches = useRouteMatches();
  const translator = useT();
  let routeTitle: string | undefined;
  for (const match of matches) {
    const { handle } = match;
    if (handle?.title) routeTitle = handle.title;
  }
  const text = title ?? (routeTitle === undefined ? undefined : translator.t(routeTitle));
  const site = siteName ?? contextSiteName;
  const record = useContext(TitleRecorderContext);
  useBreadcrumbLabel(title);
  const full = [text, site].filter((part): part is string => Boolean(part)).join(' | ');
  if (record && full) record(full);
  useEffect(() => {
    if (full) document.title = full;
  }, [full]);
}
