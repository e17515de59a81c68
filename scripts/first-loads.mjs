// What the browser must fetch to show each route of the portal, read from the production build:
// the page a route shows (routes.config.json and src/app/pages.ts) and the files its code brings
// (Vite's manifest). scripts/check-bundle.mjs measures these first loads; the build writes them
// to `.vite/route-assets.json` so the server can name them in the portal's page.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Parts of the page frame that load lazily: the sidebar at once for a signed-in user, and the
 * cookie banner only when the browser has a disclaimer left to accept (every first visit), after
 * the page is shown. Source paths; a part the bundler kept in the entry is counted there already.
 */
export const FRAME_PARTS = {
  signedIn: ['src/shell/sidebar/sidebar.tsx'],
  untilAgreed: ['src/shell/cookie-banner/cookie-banner.tsx'],
  /** The parts a page sent as a finished document runs itself: it needs their styles. */
  document: ['src/shell/back-to-top/back-to-top.tsx', 'src/shell/cookie-banner/cookie-banner.tsx'],
};

/**
 * The script of a page the server sends as a finished document (src/app/server-render.tsx),
 * built on its own: its manifest is `.vite/document-manifest.json` (vite.config.ts).
 */
export const DOCUMENT_ENTRY = 'src/app/document-page.ts';

/** Page key -> source file, read from the `key: () => import('…')` lines of src/app/pages.ts. */
export function readPageSources(projectRoot) {
  const text = fs.readFileSync(path.join(projectRoot, 'src/app/pages.ts'), 'utf8');
  const pages = new Map();
  const entry =
    /['"]?([\w-]+)['"]?\s*:\s*(?:lazy\(\s*)?\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const [, key, specifier] of text.matchAll(entry)) {
    const base = specifier.replace(/^@\//, 'src/');
    const file = ['.tsx', '.ts']
      .map((ext) => base + ext)
      .find((f) => fs.existsSync(path.join(projectRoot, f)));
    if (file) pages.set(key, file);
  }
  return pages;
}

/**
 * Every route of routes.config.json that shows a page, with its full path (`:param` segments
 * kept), its page key, its layout and whether it needs a signed-in user (children inherit both).
 * The catch-all `*` route is left out.
 */
export function routePages(projectRoot) {
  const config = JSON.parse(fs.readFileSync(path.join(projectRoot, 'routes.config.json'), 'utf8'));
  const join = (base, part) =>
    part === '' ? base : part.startsWith('/') ? part : `${base.replace(/\/$/, '')}/${part}`;
  const found = [];
  const visit = (routes, base, layout, signedIn) => {
    for (const route of routes) {
      const full = join(base, route.path ?? '');
      const routeLayout = route.layout ?? layout;
      const routeSignedIn = signedIn || route.signedIn === true;
      if (route.page && route.path !== '*') {
        found.push({ path: full, page: route.page, layout: routeLayout, signedIn: routeSignedIn });
      }
      if (route.children) visit(route.children, full, routeLayout, routeSignedIn);
    }
  };
  visit(config.routes, '', 'standard', false);
  return found;
}

/**
 * The files the manifest entries `keys` bring: their scripts, their static imports (deep) and
 * the CSS of all of them.
 */
export function manifestClosure(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  keys.forEach(walk);
  return { js, css };
}

/**
 * For each route, the scripts and styles its page needs beyond what index.html loads, and the
 * same for the signed-in frame (the sidebar). Paths are site-absolute (`/assets/…`).
 *
 * @example
 * const read = (file) => JSON.parse(fs.readFileSync(`dist/client/.vite/${file}`, 'utf8'));
 * routeAssets(read('manifest.json'), '.', read('document-manifest.json'));
 * // { routes: [{ path: '/', signedIn: false, js: ['/assets/home-page-….js', …], css: […] }, …],
 * //   signedInFrame: { js: […], css: […] }, document: { js: ['/assets/document-….js', …], css: [] } }
 */
export function routeAssets(manifest, projectRoot, documentManifest) {
  const entry = manifestClosure(manifest, ['index.html']);
  const pageSources = readPageSources(projectRoot);
  const beyondEntry = (keys) => {
    const { js, css } = manifestClosure(manifest, keys);
    return {
      js: [...js].filter((file) => !entry.js.has(file)).map((file) => `/${file}`),
      css: [...css].filter((file) => !entry.css.has(file)).map((file) => `/${file}`),
    };
  };
  const routes = routePages(projectRoot).flatMap((route) => {
    const source = pageSources.get(route.page);
    if (!source || !manifest[source]) return [];
    return [{ path: route.path, signedIn: route.signedIn, ...beyondEntry([source]) }];
  });
  const frame = FRAME_PARTS.signedIn.filter((part) => manifest[part]);
  const site = (files) => [...files].map((file) => `/${file}`);
  const document = manifestClosure(documentManifest, [DOCUMENT_ENTRY]);
  const documentParts = manifestClosure(
    manifest,
    FRAME_PARTS.document.filter((part) => manifest[part]),
  );
  return {
    routes,
    signedInFrame: beyondEntry(frame),
    // The banner's styles, for a page rendered on the server with the banner in it.
    untilAgreed: beyondEntry(FRAME_PARTS.untilAgreed.filter((part) => manifest[part])),
    // Whole, not beyond the entry: such a page loads none of the portal's scripts.
    document: {
      js: site(document.js),
      css: site(
        new Set([...document.css, ...documentParts.css].filter((file) => !entry.css.has(file))),
      ),
    },
  };
}
