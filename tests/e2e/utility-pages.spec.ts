import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import routesConfig from '../../routes.config.json';
import arabic from '../../translations/interface-ar.json';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

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

  for (const [language, width] of [
    ['en', 1280],
    ['en', 390],
    ['ar', 1280],
    ['ar', 390],
  ] as const) {
    it(`show a visitor no lone “Home” breadcrumb, while the catalogue keeps its trail, all axe-clean (${language}, ${width} px)`, async () => {
      const { context, page } = await newPage(browser(), { width, locale: language });
      const label = language === 'ar' ? (ar.Breadcrumb ?? 'Breadcrumb') : 'Breadcrumb';
      try {
        for (const path of utility) {
          await page.goto(path);
          await settled(page);
          await page.getByRole('heading', { level: 1 }).waitFor();
          expect(await page.locator('html').getAttribute('lang'), path).toBe(language);
          expect(await trail(page, label).count(), path).toBe(0);
          await expectNoAxeViolations(page);
        }
        await page.goto('/trainings');
        await settled(page);
        await trail(page, label).waitFor();
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  }

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
      await expectNoAxeViolations(page);
    } finally {
      await callApi(page, 'PATCH', `users/${me.uid}`, { language: me.language ?? 'en' });
      await context.close();
    }
  });
});
