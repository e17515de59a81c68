import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import routesConfig from '../../routes.config.json';
import arabic from '../../translations/interface-ar.json';
import { callApi, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();
const ar = arabic as Record<string, string>;

interface Route {
  path: string;
  breadcrumbs?: boolean;
  visitorsOnly?: unknown;
  children?: Route[];
}

/** The top-level routes routes.config.json declares without a breadcrumb trail. */
const utilityRoutes = (routesConfig.routes as Route[]).filter((r) => r.breadcrumbs === false);
const pathOf = (r: Route) => (r.path === '*' ? '/no-such-page-here' : r.path);
const utility = utilityRoutes.map(pathOf);
/**
 * Those a signed-in reader stays on: pages for visitors only, and the login page, send them to
 * their overview.
 */
const signedInUtility = utilityRoutes
  .filter((r) => !r.visitorsOnly && r.path !== '/user/login')
  .map(pathOf);

const trail = (page: Page, label: string) => page.getByRole('navigation', { name: label });

describe('utility pages', () => {
  it('declares some pages without breadcrumbs', () => {
    expect(utility.length).toBeGreaterThan(0);
  });

  it('show a visitor no lone “Home” breadcrumb, while the catalogue keeps its trail', async () => {
    const { context, page } = await newPage(browser());
    for (const path of utility) {
      await page.goto(path);
      await settled(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await trail(page, 'Breadcrumb').count(), path).toBe(0);
    }
    await page.goto('/trainings');
    await settled(page);
    await trail(page, 'Breadcrumb').waitFor();
    await context.close();
  });

  it('show a signed-in reader of Arabic on a phone no trail either', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await logIn(page, 'trainer');
    const me = (await callApi(page, 'GET', 'me')).json.data as {
      uid: number;
      language: string | null;
    };
    expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
    try {
      for (const path of signedInUtility) {
        await page.goto(path);
        await settled(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await trail(page, ar.Breadcrumb ?? 'Breadcrumb').count(), path).toBe(0);
      }
      await page.goto('/user');
      await settled(page);
      await trail(page, ar.Breadcrumb ?? 'Breadcrumb').waitFor();
    } finally {
      await callApi(page, 'PATCH', `users/${me.uid}`, { language: me.language ?? 'en' });
      await context.close();
    }
  });
});
