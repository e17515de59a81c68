import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import { describeEachDb } from './helpers';

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
});
