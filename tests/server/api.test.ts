import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite-compress';
import { buildApp, type AtriumApp } from '../../src/server/app';
import { agent, describeEachDb } from './helpers';

describeEachDb('API surface', (server) => {
  it('health and readiness', async () => {
    expect((await agent(server).get('/api/v2/health')).json()).toEqual({ data: { status: 'ok' } });
    expect((await agent(server).get('/api/v2/ready')).json()).toEqual({
      data: { status: 'ready' },
    });
  });

  it('the OpenAPI document lists every route with its responses', async () => {
    const res = await agent(server).get('/api/v2/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses: Record<string, unknown> }>
      >;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const listed = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    // Every route the server registered with a schema, as OpenAPI writes its path.
    const served = server()
      .app.routeTable.filter(
        (r) => r.method !== 'HEAD' && r.schema !== undefined && r.schema.hide !== true,
      )
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual([...new Set(served)].sort());
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        expect(op.tags?.length, `${m} ${p}`).toBeGreaterThan(0);
        // Every operation declares its success answer (200, or 201 Created / 204 No Content; a
        // save that creates what may already exist declares both 201 and 200; a link a person
        // follows, 303 See Other back to a page).
        const codes = Object.keys(op.responses);
        expect(codes, `${m} ${p}`).toEqual(expect.arrayContaining(['4XX']));
        expect(
          codes.filter((c) => ['200', '201', '204', '303'].includes(c)).length,
          `${m} ${p}`,
        ).toBeGreaterThan(0);
      }
    }
  });

  it('unknown API paths answer a JSON 404', async () => {
    for (const url of ['/api/v2/nope', '/api/v2/users/1/whatever', '/api/v2']) {
      const res = await agent(server).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    expect((await agent(server).post('/api/v2/nope', {})).statusCode).toBe(404);
  });

  it('visitors get uid 0 from me', async () => {
    expect((await agent(server).get('/api/v2/me?attributes[]=profile')).json()).toEqual({
      data: { uid: 0 },
    });
  });
});

/** A script big enough to be worth compressing. */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join(
  '\n',
);

/** What the build writes to `.vite/route-assets.json` (scripts/first-loads.mjs), in small. */
const ROUTE_ASSETS = {
  routes: [
    {
      path: '/',
      signedIn: false,
      js: ['/assets/home-page-1a2b3c4d.js'],
      css: ['/assets/home-9f8e7d6c.css'],
    },
    { path: '/dashboard', signedIn: true, js: ['/assets/dashboard-page-2b3c4d5e.js'], css: [] },
    {
      path: '/incentives/:productId',
      signedIn: true,
      js: ['/assets/product-page-3c4d5e6f.js'],
      css: [],
    },
    {
      path: '/incentives/purchase-success',
      signedIn: true,
      js: ['/assets/success-page-4d5e6f7a.js'],
      css: [],
    },
    {
      path: '/trainings/:trainingId',
      signedIn: false,
      js: ['/assets/training-page-5e6f7a8b.js'],
      css: [],
    },
  ],
  signedInFrame: { js: ['/assets/sidebar-6f7a8b9c.js'], css: ['/assets/sidebar-7a8b9c0d.css'] },
};

/** The page's script and style links, in order. */
const pageLinks = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="(modulepreload|stylesheet)"(?: fetchpriority="low")? crossorigin href="([^"]+)">/g,
    ),
  ].map((m) => `${m[1]} ${m[2]}`);

describe('built client', () => {
  let dir: string;
  let app: AtriumApp;
  let db: AtriumApp['db'];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atrium-client-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Atrium</title></head><body></body></html>',
    );
    await writeFile(path.join(dir, 'assets', 'main-3f2a9c1b.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'assets', 'app-5d1e2f3a.js'), BIG_SCRIPT);
    await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'route-assets.json'), JSON.stringify(ROUTE_ASSETS));
    // The build's compression step, run on this directory as `vite build` runs it.
    const plugin = precompress();
    (plugin.configResolved as (c: unknown) => void)({ root: dir, build: { outDir: '.' } });
    await (plugin.closeBundle as () => Promise<void>)();
    const { openPglite } = await import('../../src/server/db/pglite');
    const { readFile } = await import('node:fs/promises');
    const { inject } = await import('vitest');
    db = await openPglite({ snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    app = await buildApp({ db, seed: 'none', clientDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-3f2a9c1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends a script Brotli- or gzip-compressed when the browser accepts it', async () => {
    const url = '/assets/app-5d1e2f3a.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // Files too small to gain are sent as they are.
    const small = await app.inject({
      method: 'GET',
      url: '/assets/main-3f2a9c1b.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers client routes with index.html, but API paths with JSON', async () => {
    for (const url of ['/', '/dashboard', '/settings/storefront/appearance?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Atrium</title>');
    }
    const api = await app.inject({ method: 'GET', url: '/api/v2/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it("names the files of the requested route's page, before its first answers", async () => {
    const home = (await app.inject({ method: 'GET', url: '/?from=mail' })).body;
    // Styles first: they hold up the first paint, the scripts only make the page interactive.
    expect(pageLinks(home)).toEqual([
      'stylesheet /assets/home-9f8e7d6c.css',
      'modulepreload /assets/home-page-1a2b3c4d.js',
    ]);
    expect(home).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(home.indexOf('home-page-1a2b3c4d.js')).toBeLessThan(
      home.indexOf('atrium-first-answers'),
    );
    const training = (await app.inject({ method: 'GET', url: '/trainings/12' })).body;
    expect(pageLinks(training)).toEqual(['modulepreload /assets/training-page-5e6f7a8b.js']);
    // No route, no links: the portal shows its not-found page with its own code.
    expect(pageLinks((await app.inject({ method: 'GET', url: '/trainings/12/x' })).body)).toEqual(
      [],
    );
  });

  /** Signs the learner in: the cookies to send, with the XSRF token to echo. */
  async function learnerCookies(): Promise<{ cookies: Record<string, string>; xsrf: string }> {
    const first = await app.inject({ method: 'GET', url: '/api/v2/health' });
    const xsrf = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { 'x-xsrf-token': xsrf },
      cookies: { 'XSRF-TOKEN': xsrf },
      payload: { name: 'learner', password: 'atrium-demo' },
    });
    expect(login.statusCode).toBe(200);
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    return { cookies: { 'XSRF-TOKEN': xsrf, ...cookies }, xsrf };
  }

  it('names a signed-in page and the sidebar only for a signed-in user', async () => {
    // A visitor is sent to log in: the dashboard's code would be fetched for nothing.
    expect(pageLinks((await app.inject({ method: 'GET', url: '/dashboard' })).body)).toEqual([]);
    const { cookies } = await learnerCookies();
    const page = async (url: string) =>
      pageLinks((await app.inject({ method: 'GET', url, cookies })).body);
    expect(await page('/dashboard')).toEqual([
      'stylesheet /assets/sidebar-7a8b9c0d.css',
      'modulepreload /assets/sidebar-6f7a8b9c.js',
      'modulepreload /assets/dashboard-page-2b3c4d5e.js',
    ]);
    // A fixed segment wins over a parameter, as in the portal's router.
    expect(await page('/incentives/purchase-success')).toContain(
      'modulepreload /assets/success-page-4d5e6f7a.js',
    );
    expect(await page('/incentives/7')).toContain('modulepreload /assets/product-page-3c4d5e6f.js');
  });

  it("gives a page the portal renders itself its caller's language and direction", async () => {
    const htmlTag = async (cookies?: Record<string, string>) =>
      /<html[^>]*>/.exec(
        (await app.inject({ method: 'GET', url: '/dashboard', ...(cookies && { cookies }) })).body,
      )?.[0];
    expect(await htmlTag()).toBe('<html lang="en" dir="ltr">');
    const { cookies, xsrf } = await learnerCookies();
    const me = await app.inject({ method: 'GET', url: '/api/v2/me', cookies });
    const uid = me.json<{ data: { uid: number } }>().data.uid;
    const setLanguage = async (language: string) => {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/v2/users/${uid}`,
        headers: { 'x-xsrf-token': xsrf },
        cookies,
        payload: { language },
      });
      expect(res.statusCode).toBe(200);
    };
    await setLanguage('ar');
    try {
      expect(await htmlTag(cookies)).toBe('<html lang="ar" dir="rtl">');
    } finally {
      await setLanguage('en');
    }
    expect(await htmlTag(cookies)).toBe('<html lang="en" dir="ltr">');
  });

  it("does not serve the build's own records", async () => {
    for (const url of ['/.vite/route-assets.json', '/.vite/manifest.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).not.toMatch(/json/);
      expect(res.body, url).not.toContain('signedInFrame');
    }
  });
});

describe('production cookies', () => {
  let app: AtriumApp;
  let db: AtriumApp['db'];
  beforeAll(async () => {
    const { openPglite } = await import('../../src/server/db/pglite');
    const { readFile } = await import('node:fs/promises');
    const { inject } = await import('vitest');
    db = await openPglite({ snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    app = await buildApp({ db, seed: 'none', production: true });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('uses a __Host- session cookie and Secure cookies', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v2/health' });
    const xsrf = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf.secure).toBe(true);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { 'x-xsrf-token': xsrf.value },
      cookies: { 'XSRF-TOKEN': xsrf.value },
      payload: { name: 'learner', password: 'atrium-demo' },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === '__Host-atrium_session')!;
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(session.domain).toBeUndefined();
    const me = await app.inject({
      method: 'GET',
      url: '/api/v2/me',
      cookies: { '__Host-atrium_session': session.value },
    });
    expect(me.json<{ data: { name: string } }>().data.name).toBe('learner');
  });

  it('accepts a POST without a body where none is needed', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v2/health' });
    const xsrf = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const res = await app.inject({
      method: 'POST',
      url: '/system/ajax/cookies-disclaimer/agree',
      headers: { 'x-xsrf-token': xsrf },
      cookies: { 'XSRF-TOKEN': xsrf },
    });
    expect(res.statusCode).toBe(200);
  });
});
