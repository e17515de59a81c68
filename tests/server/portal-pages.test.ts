import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import { describeEachDb, PASSWORD } from './helpers';

// The server's page renderer is built with the server's own sanitizer in place of the browser's
// (vite.config.ts); rendering from the sources here needs the same.
vi.mock('../../src/lib/admin-html', () => import('../../src/server/lib/sanitize'));

const PORTAL =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Atrium</title>' +
  '<script type="module" src="/assets/index-1a2b3c4d.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describeEachDb('portal pages', (server) => {
  let dir: string;
  let portal: AtriumApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atrium-client-'));
    await writeFile(path.join(dir, 'index.html'), PORTAL);
    // A server that renders its pages, on the same database.
    portal = await buildApp({
      db: server().db,
      seed: 'none',
      dataDir: dir,
      clientDir: dir,
      rendererFile: path.resolve('src/app/server-render.tsx'),
    });
  });
  afterAll(async () => {
    await portal.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    portal.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  describe('status codes', () => {
    it('answers an unknown address 404 with the rendered not-found page', async () => {
      for (const url of ['/no/such/page', '/trainings/12/more', '/nothing-here?x=1']) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body, url).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      }
    });

    it('answers /not-found 404 and /denied 403, each with its page', async () => {
      const notFound = await page('/not-found');
      expect(notFound.statusCode).toBe(404);
      expect(notFound.body).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      const denied = await page('/denied');
      expect(denied.statusCode).toBe(403);
      expect(denied.body).toMatch(/<h1[^>]*>Access denied<\/h1>/);
    });

    it('keeps the declared pages 200', async () => {
      for (const url of ['/', '/trainings', '/trainings/1', '/user/login', '/dashboard']) {
        expect((await page(url)).statusCode, url).toBe(200);
      }
    });

    it('still answers API paths with JSON 404', async () => {
      const res = await page('/api/v2/no-such-thing');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    });
  });

  describe("a visitor's language", () => {
    const general = async (headers: Record<string, string>) => {
      const res = await portal.inject({
        method: 'GET',
        url: '/api/v2/settings?type=general',
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary)).toMatch(/Accept-Language/);
      return res.json<{ data: { current_language: string } }>().data.current_language;
    };

    it('comes from Accept-Language, q-values respected, a region matching its language', async () => {
      expect(await general({ 'accept-language': 'ar' })).toBe('ar');
      expect(await general({ 'accept-language': 'ar-EG,ar;q=0.9' })).toBe('ar');
      expect(await general({ 'accept-language': 'en;q=0.2, ar;q=0.8' })).toBe('ar');
      expect(await general({ 'accept-language': 'ar;q=0.2, en-GB;q=0.8' })).toBe('en');
      // None of the site's: the site's default.
      expect(await general({ 'accept-language': 'fr, de;q=0.5' })).toBe('en');
      expect(await general({})).toBe('en');
    });

    it('is rendered on the page in that language and direction', async () => {
      const res = await page('/', { 'accept-language': 'ar' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<html lang="ar" dir="rtl">/);
      expect(String(res.headers.vary)).toMatch(/Accept-Language/);
      const english = await page('/', { 'accept-language': 'en-US' });
      expect(english.body).toMatch(/<html lang="en" dir="ltr">/);
    });

    it('is the one chosen with the switch, kept in a cookie over the browser’s', async () => {
      const chosen = await portal.inject({
        method: 'GET',
        url: '/system/language/ar?destination=%2Ftrainings%3Fpage%3D2',
      });
      expect(chosen.statusCode).toBe(303);
      expect(chosen.headers.location).toBe('/trainings?page=2');
      const cookie = chosen.cookies.find((c) => c.name === 'atrium_language');
      expect(cookie?.value).toBe('ar');
      const cookies = { cookie: `atrium_language=${cookie!.value}` };
      expect(await general({ 'accept-language': 'en', ...cookies })).toBe('ar');
      const res = await page('/trainings', { 'accept-language': 'en', ...cookies });
      expect(res.body).toMatch(/<html lang="ar" dir="rtl">/);
      // A cookie naming no language of the site is ignored.
      expect(await general({ 'accept-language': 'en', cookie: 'atrium_language=xx' })).toBe('en');
    });

    it('refuses a language the site lacks and a destination off the site', async () => {
      const missing = await portal.inject({ method: 'GET', url: '/system/language/xx' });
      expect(missing.statusCode).toBe(404);
      expect(missing.cookies.map((c) => c.name)).not.toContain('atrium_language');
      for (const destination of ['//evil.example/x', '/\\evil.example', 'https://evil.example']) {
        const res = await portal.inject({
          method: 'GET',
          url: `/system/language/en?destination=${encodeURIComponent(destination)}`,
        });
        expect(res.headers.location, destination).toBe('/');
      }
    });

    it("gives way to a signed-in user's own language", async () => {
      const login = await portal.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' },
        payload: { name: 'layla', password: PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const session = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const language = await general({
        'accept-language': 'en',
        cookie: `${session}; atrium_language=en; XSRF-TOKEN=t`,
      });
      const me = await portal.inject({
        method: 'GET',
        url: '/api/v2/me?attributes[]=profile',
        headers: { cookie: session },
      });
      const own = me.json<{ data: { language: string | null } }>().data.language;
      expect(own).toBe('ar');
      expect(language).toBe('ar');
    });
  });
});
