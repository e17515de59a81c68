import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

/** The bytes a page load fetched, by kind, each file's body gzipped here. */
export interface LoadWeight {
  /** gzip bytes of every script. */
  js: number;
  /** gzip bytes of the HTML, CSS, scripts and fonts: the critical path. */
  critical: number;
  /** Script files fetched. */
  scripts: number;
  /** The heaviest scripts, largest first: file name and gzip bytes. */
  largest: { file: string; bytes: number }[];
}

type Kind = 'document' | 'stylesheet' | 'script' | 'font';

/** What a response is, by Chromium's resource type or else by its file extension. */
function kindOf(resourceType: string, pathname: string): Kind | null {
  if (resourceType === 'document') return 'document';
  if (resourceType === 'stylesheet' || pathname.endsWith('.css')) return 'stylesheet';
  if (resourceType === 'script' || /\.m?js$/.test(pathname)) return 'script';
  if (resourceType === 'font' || /\.(woff2?|ttf|otf)$/.test(pathname)) return 'font';
  return null;
}

/**
 * Loads `path` in a new page of `context` until the network is idle and weighs what it fetched:
 * each body is gzipped with zlib's default level, so the figure does not depend on whether the
 * server compresses.
 */
export async function weighLoad(context: BrowserContext, path: string): Promise<LoadWeight> {
  const page = await context.newPage();
  const bodies = new Map<string, Promise<{ kind: Kind; bytes: number } | null>>();
  page.on('response', (response) => {
    const url = response.url();
    const kind = kindOf(response.request().resourceType(), new URL(url).pathname);
    if (!kind || bodies.has(url) || response.status() >= 300) return;
    bodies.set(
      url,
      response.body().then(
        (body) => ({ kind, bytes: gzipSync(body).length }),
        () => null,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const landed = new URL(page.url()).pathname;
  if (landed !== path) throw new Error(`Loading ${path} ended on ${landed}.`);
  const weighed = await Promise.all(
    [...bodies].map(async ([url, body]) => ({ url, weight: await body })),
  );
  await page.close();
  let js = 0;
  let critical = 0;
  const scripts: { file: string; bytes: number }[] = [];
  for (const { url, weight } of weighed) {
    if (!weight) continue;
    critical += weight.bytes;
    if (weight.kind === 'script') {
      js += weight.bytes;
      scripts.push({ file: new URL(url).pathname.split('/').pop() ?? url, bytes: weight.bytes });
    }
  }
  scripts.sort((a, b) => b.bytes - a.bytes);
  return { js, critical, scripts: scripts.length, largest: scripts.slice(0, 3) };
}
