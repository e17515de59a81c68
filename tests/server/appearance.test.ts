import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appearanceDefaults, type Appearance } from '@schemas/entities/appearance.schema';
import type { AuditEntry } from '@schemas/entities/site-admin.schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import { agent, describeEachDb, signedIn, type Agent, type TestServer } from './helpers';

// The server's page renderer is built with the server's own sanitizer in place of the browser's
// (vite.config.ts); rendering from the sources here needs the same.
vi.mock('../../src/lib/admin-html', () => import('../../src/server/lib/sanitize'));

/** A colour key that would end the theme's rule and start one of its own. */
const COLOR_INJECTION = 'x:0}body{background:url(https://evil.example/x)}:root{--y';
const ROUNDNESS_INJECTION = 'r:0}body{color:red}:root{--z';
/** The colours every saved theme names (a change of colours repeats them). */
const REQUIRED_COLORS = {
  primary: '#112233',
  secondary: '#0f9d8a',
  header: '#ffffff',
  sidebar_menu: '#16213e',
};

const stored = async (server: () => TestServer) => {
  const { rows } = await server().db.query<{ value: Appearance }>(
    `SELECT value FROM settings WHERE key = 'appearance'`,
  );
  return rows[0]?.value;
};

describeEachDb('appearance', (server) => {
  let admin: Agent;

  beforeAll(async () => {
    admin = await signedIn(server, 'admin');
  });

  const post = (a: Agent, body: unknown) => a.post('/api/v2/settings/storefront/appearance', body);

  describe('keys come from the declaration', () => {
    it('refuses a colour key it does not declare, with its path, and stores nothing', async () => {
      const before = await stored(server);
      const res = await post(admin, { colors: { ...REQUIRED_COLORS, [COLOR_INJECTION]: '#fff' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().messages).toContainEqual({
        path: `colors[${COLOR_INJECTION}]`,
        text: 'Unrecognized field',
      });
      expect(await stored(server)).toEqual(before);
    });

    it('refuses a roundness key it does not declare, and values that are not pixels or colours', async () => {
      const before = await stored(server);
      const res = await post(admin, {
        colors: { ...REQUIRED_COLORS, text: 'red;}body{x:y' },
        roundness: { small: '4px}', [ROUNDNESS_INJECTION]: 4 },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().messages).toEqual(
        expect.arrayContaining([
          { path: `roundness[${ROUNDNESS_INJECTION}]`, text: 'Unrecognized field' },
          { path: 'colors[text]', text: 'Invalid format' },
          { path: 'roundness[small]', text: 'Expected number, received string' },
        ]),
      );
      expect(await stored(server)).toEqual(before);
    });

    it('still saves declared keys and merges them into the stored theme', async () => {
      const res = await post(admin, {
        colors: { ...REQUIRED_COLORS, success: '#0a7d33' },
        roundness: { card: 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json<{ data: Appearance }>().data;
      expect(saved.colors).toMatchObject({ primary: expect.any(String), success: '#0a7d33' });
      expect(saved.roundness).toMatchObject({ card: 10, small: expect.any(Number) });
    });
  });

  describe('a bad key stored earlier', () => {
    let dir: string;
    let rendering: AtriumApp;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'atrium-client-'));
      await writeFile(
        path.join(dir, 'index.html'),
        '<!doctype html><html lang="en" dir="ltr"><head><title>Atrium</title>' +
          '<script type="module" src="/assets/index-1a2b3c4d.js"></script></head>' +
          '<body><div id="root"></div></body></html>',
      );
      // A server that renders its pages, on the same database.
      rendering = await buildApp({
        db: server().db,
        seed: 'none',
        dataDir: dir,
        clientDir: dir,
        rendererFile: path.resolve('src/app/server-render.tsx'),
      });
      await plantBadKeys();
    });

    /** What an attacker's save left before keys were checked, written straight to the table. */
    async function plantBadKeys(): Promise<void> {
      await server().db.query(
        `UPDATE settings SET value = value
           || jsonb_build_object('colors', (value -> 'colors') || jsonb_build_object($1::text, '#ffffff'))
           || jsonb_build_object('roundness', (value -> 'roundness') || jsonb_build_object($2::text, 4))
         WHERE key = 'appearance'`,
        [COLOR_INJECTION, ROUNDNESS_INJECTION],
      );
    }
    afterAll(async () => {
      await rendering.close();
      await rm(dir, { recursive: true, force: true });
    });

    async function themeOfPage(): Promise<{ css: string; csp: string }> {
      const res = await rendering.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      const css = /<style data-theme>([^<]*)<\/style>/.exec(res.body)?.[1];
      expect(css, 'the page carries its theme').toBeDefined();
      return { css: css!, csp: String(res.headers['content-security-policy']) };
    }

    it('is not served, and is not written into the rendered page, whose theme stays', async () => {
      const served = (await agent(server).get('/api/v2/appearance')).json<{ data: Appearance }>()
        .data;
      expect(Object.keys(served.colors ?? {})).not.toContain(COLOR_INJECTION);
      expect(Object.keys(served.roundness ?? {})).not.toContain(ROUNDNESS_INJECTION);

      const { css, csp } = await themeOfPage();
      expect(css).not.toContain('evil.example');
      expect(css).not.toContain('body{');
      expect(css).toMatch(/^:root\{[^{}]*\}$/);
      expect(css).toContain('--color-primary:');
      expect(css).toContain('--radius-small:');
      expect(csp).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    });

    it('a declared key with a value that is not a colour or a number is left out, the rest stays', async () => {
      await server().db.query(
        `UPDATE settings SET value = jsonb_set(jsonb_set(value,
           '{colors,text}', '"red;}body{background:red}"'), '{roundness,card}', '"4px}body{x:y"')
         WHERE key = 'appearance'`,
      );
      const { css } = await themeOfPage();
      expect(css).not.toContain('body{');
      expect(css).not.toContain('--color-text:');
      expect(css).not.toContain('--radius-card:');
      expect(css).toContain('--color-primary:');
    });

    it('is dropped from what is stored by the next save', async () => {
      const res = await post(admin, { roundness: { small: 5 } });
      expect(res.statusCode, res.body).toBe(200);
      const saved = JSON.stringify(await stored(server));
      for (const left of ['evil.example', 'body{', COLOR_INJECTION, ROUNDNESS_INJECTION])
        expect(saved).not.toContain(left);
      expect(res.json<{ data: Appearance }>().data.roundness?.small).toBe(5);
    });

    it('is removed by a reset', async () => {
      await plantBadKeys();
      const res = await admin.delete('/api/v2/settings/storefront/appearance');
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.stringify(await stored(server)) ?? '').not.toContain('evil.example');
      const { css } = await themeOfPage();
      expect(css).toContain(`--color-primary:${appearanceDefaults.colors.primary}`);
    });
  });

  describe('reset to the defaults', () => {
    it('only for storefront managers, with the XSRF token', async () => {
      const before = await stored(server);
      const learner = await signedIn(server, 'learner');
      expect((await learner.delete('/api/v2/settings/storefront/appearance')).statusCode).toBe(403);
      expect(
        (await agent(server).delete('/api/v2/settings/storefront/appearance')).statusCode,
      ).toBe(401);
      expect(
        (await admin.delete('/api/v2/settings/storefront/appearance', { noXsrf: true })).statusCode,
      ).toBe(403);
      expect(await stored(server)).toEqual(before);
    });

    it('puts back the declared defaults, which every page is then served, and is audited', async () => {
      expect(
        (await post(admin, { colors: { ...REQUIRED_COLORS, primary: '#123456' } })).statusCode,
      ).toBe(200);
      const res = await admin.delete('/api/v2/settings/storefront/appearance');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(appearanceDefaults);
      const served = (await agent(server).get('/api/v2/appearance')).json<{ data: Appearance }>()
        .data;
      expect(served).toEqual(appearanceDefaults);

      const [entry] = (
        await admin.get('/api/v2/admin/audit?action=appearance.reset&limit=1')
      ).json<{ data: AuditEntry[] }>().data;
      expect(entry).toMatchObject({
        action: 'appearance.reset',
        target: 'settings:appearance',
        details: { colors: { old: expect.objectContaining({ primary: '#123456' }) } },
      });

      // A change after the reset merges into the defaults.
      const after = await post(admin, { roundness: { small: 3 } });
      expect(after.json().data).toEqual({
        ...appearanceDefaults,
        roundness: { ...appearanceDefaults.roundness, small: 3 },
      });
    });
  });
});
