#!/usr/bin/env node
// Bundle budgets of the production build (`vite build` into dist/client): what the browser must
// fetch to show the visitor home and the learner dashboard, and the size of every lazy chunk.
// Prints a table and exits 1 when a budget is exceeded. Sizes are gzip (level 6, what a
// compressing proxy sends); 1 KB = 1000 bytes.
//
// Which page a route shows comes from routes.config.json and src/app/pages.ts (read by
// first-loads.mjs), so a route that moves to another page, or a page that moves to another file,
// is measured without edits here.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import {
  DOCUMENT_ENTRY,
  FRAME_PARTS,
  manifestClosure,
  readPageSources,
  routePages,
} from './first-loads.mjs';

const root = path.resolve(import.meta.dirname, '..');
const KB = 1000;

/** The budgets, in bytes. */
export const BUDGETS = {
  visitorInitialJs: 100 * KB,
  visitorCriticalPath: 170 * KB,
  learnerInitialJs: 120 * KB,
  lazyChunk: 150 * KB,
  /** Each lazy chunk that draws charts (the incentives overview's). */
  chartChunk: 60 * KB,
};

/** The chart library: loaded only by the pages that draw charts, within its own budget. */
const CHART_LIBRARY = '@visx';

/** Libraries that must never be part of a first load. */
const HEAVY_LIBRARIES = ['@fullcalendar', '@dnd-kit', '@rjsf', CHART_LIBRARY];

/**
 * The first loads measured: a route, as a visitor or a signed-in user. The visitor home is sent
 * as a finished document (src/app/server-render.tsx): its own script instead of the portal's,
 * and the portal's styles with the page's.
 */
const SCENARIOS = [
  {
    name: 'visitor home /',
    path: '/',
    signedIn: false,
    document: true,
    jsBudget: BUDGETS.visitorInitialJs,
    criticalBudget: BUDGETS.visitorCriticalPath,
  },
  {
    name: 'learner /dashboard',
    path: '/dashboard',
    signedIn: true,
    jsBudget: BUDGETS.learnerInitialJs,
  },
];

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file)).length);
  return gzipCache.get(file);
}

/**
 * Measures a build: the initial JavaScript and critical path of each scenario, every lazy
 * chunk, and whether a first load carries a heavy library. Returns one row per check.
 *
 * @example
 * const { rows, failed } = measureBundle('dist/client');
 */
export function measureBundle(distDir = path.join(root, 'dist/client'), projectRoot = root) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`No ${path.relative(process.cwd(), manifestFile)}: run \`vite build\` first.`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const readJson = (file) =>
    fs.existsSync(path.join(distDir, file))
      ? JSON.parse(fs.readFileSync(path.join(distDir, file), 'utf8'))
      : {};
  // The document script is built on its own (vite.config.ts), with its own records.
  const documentManifest = readJson('.vite/document-manifest.json');
  const chunkModules = {
    ...readJson('.vite/chunk-modules.json'),
    ...readJson('.vite/document-chunk-modules.json'),
  };
  const size = (file) => gzipSize(path.join(distDir, file));
  const pageSources = readPageSources(projectRoot);
  const routes = routePages(projectRoot);

  const closure = (keys) => manifestClosure(manifest, keys);

  const rows = [];
  const row = (name, bytes, budget, note = '') => {
    const ok = budget === undefined || bytes <= budget;
    rows.push({ name, bytes, budget, ok, note });
  };
  const sum = (files) => [...files].reduce((total, file) => total + size(file), 0);
  const firstLoadFiles = new Set(closure(['index.html']).js);

  for (const scenario of SCENARIOS) {
    const route = routes.find((r) => r.path === scenario.path);
    if (!route) throw new Error(`routes.config.json has no page for ${scenario.path}.`);
    const source = pageSources.get(route.page);
    if (!source) throw new Error(`src/app/pages.ts has no lazy import for page "${route.page}".`);
    const parts = (scenario.signedIn ? FRAME_PARTS.signedIn : []).filter((part) => manifest[part]);
    const portal = closure(['index.html', source, ...parts]);
    if (scenario.document && !documentManifest[DOCUMENT_ENTRY]) {
      throw new Error(
        `The build has no ${DOCUMENT_ENTRY}: see buildDocumentScript in vite.config.ts.`,
      );
    }
    const documentLoad = scenario.document
      ? manifestClosure(documentManifest, [DOCUMENT_ENTRY])
      : undefined;
    // A document also carries the styles of the parts it runs (scripts/first-loads.mjs).
    const documentParts = scenario.document
      ? closure(FRAME_PARTS.document.filter((part) => manifest[part])).css
      : [];
    const js = documentLoad?.js ?? portal.js;
    const css = new Set([...portal.css, ...(documentLoad?.css ?? []), ...documentParts]);
    js.forEach((file) => firstLoadFiles.add(file));

    const jsBytes = sum(js);
    row(`${scenario.name}: initial JS (${js.size} files)`, jsBytes, scenario.jsBudget);
    // A document runs its cookie banner itself; the portal loads the banner's code when shown.
    const banner = closure(FRAME_PARTS.untilAgreed.filter((part) => manifest[part]));
    const bannerJs = scenario.document ? [] : [...banner.js].filter((file) => !js.has(file));
    if (bannerJs.length) {
      bannerJs.forEach((file) => firstLoadFiles.add(file));
      row(
        `${scenario.name}: + cookie banner until agreed (${bannerJs.length} files)`,
        sum(bannerJs),
      );
    }
    if (scenario.criticalBudget !== undefined) {
      const html = gzipSize(path.join(distDir, 'index.html'));
      const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
      const fonts = [
        ...indexHtml.matchAll(/<link[^>]+rel="preload"[^>]+as="font"[^>]+href="\/([^"]+)"/g),
      ].map((m) => m[1]);
      row(
        `${scenario.name}: critical path (HTML, ${css.size} CSS, JS, ${fonts.length} fonts)`,
        html + sum(css) + jsBytes + sum(fonts),
        scenario.criticalBudget,
      );
    }
    const heavy = [...js].flatMap((file) =>
      (chunkModules[file] ?? []).flatMap((id) =>
        HEAVY_LIBRARIES.filter((lib) => id.includes(`node_modules/${lib}/`)).map(
          (lib) => `${lib} in ${file}`,
        ),
      ),
    );
    rows.push({
      name: `${scenario.name}: no ${HEAVY_LIBRARIES.join(', ')}`,
      bytes: undefined,
      budget: undefined,
      ok: heavy.length === 0 && Object.keys(chunkModules).length > 0,
      note:
        Object.keys(chunkModules).length === 0
          ? 'no .vite/chunk-modules.json in the build'
          : [...new Set(heavy)].join('; '),
    });
  }

  const lazy = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js') && !firstLoadFiles.has(chunk.file))
    .map((chunk) => ({ file: chunk.file, bytes: size(chunk.file) }))
    .sort((a, b) => b.bytes - a.bytes);
  const unique = [...new Map(lazy.map((c) => [c.file, c])).values()];
  const shown = 5;
  for (const chunk of unique.slice(0, shown))
    row(`lazy ${chunk.file}`, chunk.bytes, BUDGETS.lazyChunk);
  for (const chunk of unique.filter((c) =>
    (chunkModules[c.file] ?? []).some((id) => id.includes(`node_modules/${CHART_LIBRARY}/`)),
  ))
    row(`chart chunk ${chunk.file}`, chunk.bytes, BUDGETS.chartChunk);
  const rest = unique.slice(shown);
  if (rest.length) {
    const over = rest.filter((c) => c.bytes > BUDGETS.lazyChunk);
    rows.push({
      name: `${rest.length} more lazy chunks (largest shown as size)`,
      bytes: rest[0].bytes,
      budget: BUDGETS.lazyChunk,
      ok: over.length === 0,
      note: over.map((c) => c.file).join(', '),
    });
  }
  return { rows, failed: rows.some((r) => !r.ok) };
}

/** The rows as an aligned text table. */
export function formatTable(rows) {
  const kb = (bytes) => (bytes === undefined ? '' : `${(bytes / KB).toFixed(1)} KB`);
  const lines = [['check', 'size', 'budget', 'result']].concat(
    rows.map((r) => [
      r.name,
      kb(r.bytes),
      kb(r.budget),
      (r.ok ? 'OK' : 'OVER') + (r.note ? `  ${r.note}` : ''),
    ]),
  );
  const widths = [0, 1, 2].map((i) => Math.max(...lines.map((l) => l[i].length)));
  return lines
    .map((l) =>
      [l[0].padEnd(widths[0]), l[1].padStart(widths[1]), l[2].padStart(widths[2]), l[3]].join('  '),
    )
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'dist/client'));
  try {
    const { rows, failed } = measureBundle(distDir);
    console.log(formatTable(rows));
    if (failed) {
      console.error('\nA bundle budget is exceeded (see OVER above).');
      process.exit(1);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
