import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface Assets {
  js: string[];
  css: string[];
}

/** `.vite/route-assets.json` as the build writes it (scripts/first-loads.mjs). */
interface RouteAssetsFile {
  routes: ({ path: string; signedIn: boolean } & Assets)[];
  signedInFrame: Assets;
  untilAgreed?: Assets;
  document?: Assets;
}

/** A route's `<link>` elements: its stylesheets, and the preloads of its scripts. */
export interface RouteLinks {
  styles: string;
  scripts: string;
}

/** Links that fetch a route's page code with the portal's own: see {@link loadRoutePreloads}. */
export interface RoutePreloads {
  /** The links for a request path; empty when no route matches. */
  linksFor(path: string, signedIn: boolean): RouteLinks;
  /** The cookie banner's styles (and the preloads of its code), for a page that shows it. */
  untilAgreed: RouteLinks;
  /**
   * For a page sent as a finished document: its stylesheets, and its script with the preloads
   * of the script's imports. Undefined when the build has none.
   */
  document: RouteLinks | undefined;
}

const NO_LINKS: RouteLinks = { styles: '', scripts: '' };

const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

function isAssets(value: unknown): value is Assets {
  const v = value as Partial<Assets> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.js) &&
    Array.isArray(v.css) &&
    [...v.js, ...v.css].every((file) => typeof file === 'string' && ASSET.test(file))
  );
}

/** The scripts at low priority: the page is shown by then, and they make it interactive. */
function links({ js, css }: Assets): RouteLinks {
  return {
    styles: css.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`).join(''),
    scripts: js
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`)
      .join(''),
  };
}

/** A document's links: its first script is the entry, run as a module; the rest are its imports. */
function documentLinks({ js, css }: Assets): RouteLinks {
  const [entry, ...imports] = js;
  return {
    styles: links({ js: [], css }).styles,
    scripts:
      (entry ? `<script type="module" crossorigin src="${entry}"></script>` : '') +
      links({ js: imports, css: [] }).scripts,
  };
}

/** A route path as a pattern: `:param` segments match any one segment. */
function matcher(routePath: string): { test: (path: string) => boolean; fixed: number } {
  const segments = routePath.split('/').filter(Boolean);
  const source = segments
    .map((s) => (s.startsWith(':') ? '/[^/]+' : `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  const pattern = new RegExp(`^${source || '/'}/?$`);
  return {
    test: (p) => pattern.test(p),
    fixed: segments.filter((s) => !s.startsWith(':')).length,
  };
}

/**
 * Reads the build's `.vite/route-assets.json` in `clientDir`: for each route, the scripts and
 * styles its page needs beyond index.html. The portal's page then names them, so the browser
 * fetches them alongside the portal's own code instead of after it. Routes that need a signed-in
 * user get them (and the sidebar's) only for a signed-in user; a visitor is sent to log in.
 * Undefined when the build has no such file (an older build still works, just without them).
 *
 * @example
 * const preloads = await loadRoutePreloads('dist/client');
 * preloads?.linksFor('/trainings/12', false); // { styles: '<link rel="stylesheet" …>', scripts: '…' }
 */
export async function loadRoutePreloads(clientDir: string): Promise<RoutePreloads | undefined> {
  let file: RouteAssetsFile;
  try {
    file = JSON.parse(
      await readFile(path.join(clientDir, '.vite/route-assets.json'), 'utf8'),
    ) as RouteAssetsFile;
  } catch {
    return undefined;
  }
  if (!Array.isArray(file.routes) || !isAssets(file.signedInFrame)) return undefined;
  const frame = links(file.signedInFrame);
  const document = isAssets(file.document) ? documentLinks(file.document) : undefined;
  const routes = file.routes
    .filter((route) => typeof route.path === 'string' && isAssets(route))
    .map((route) => ({ ...matcher(route.path), signedIn: route.signedIn, links: links(route) }))
    // A route with more fixed segments wins (`/incentives/purchase-success` over
    // `/incentives/:productId`), as in the client's router.
    .sort((a, b) => b.fixed - a.fixed);
  return {
    document,
    untilAgreed: isAssets(file.untilAgreed) ? links(file.untilAgreed) : NO_LINKS,
    linksFor(requestPath, signedIn) {
      const route = routes.find((r) => r.test(requestPath));
      if (!route || (route.signedIn && !signedIn)) return NO_LINKS;
      if (!signedIn) return route.links;
      return {
        styles: frame.styles + route.links.styles,
        scripts: frame.scripts + route.links.scripts,
      };
    },
  };
}
