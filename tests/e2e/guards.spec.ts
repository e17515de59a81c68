import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { expectNoAxeViolations, logIn, newPage, settled, launchBrowser } from './fixtures';

const { browser } = launchBrowser();

async function xsrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

describe('feature guards and error pages', () => {
  it('sends a learner without storefront_manage to /denied', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner', '/settings/storefront');
    await page.waitForURL('**/denied');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows /not-found for /incentives while the shop is switched off, and the shop when on', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    const set = async (on: boolean) => {
      const res = await page.request.post('/api/v2/settings/site', {
        data: { incentives_shop_enabled: on },
        headers: { 'X-XSRF-TOKEN': await xsrf(page) },
      });
      expect(res.status()).toBe(200);
    };
    await set(false);
    try {
      await page.goto('/incentives');
      await page.waitForURL('**/not-found');
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await expectNoAxeViolations(page);
    } finally {
      await set(true);
    }
    await page.goto('/incentives');
    await settled(page);
    expect(new URL(page.url()).pathname).toBe('/incentives');
    await context.close();
  });

  for (const [language, tr] of [
    ['en', (text: string) => text],
    ['ar', (text: string) => (arabic as Record<string, string>)[text] ?? text],
  ] as const) {
    it(`answers /denied 403 and an unknown address 404, with their pages (${language})`, async () => {
      const { context, page } = await newPage(browser(), { locale: language });
      try {
        for (const [path, status, title] of [
          ['/denied', 403, 'Access denied'],
          ['/no/such/page', 404, 'Page not found'],
        ] as const) {
          const res = await page.goto(path);
          expect(res?.status(), path).toBe(status);
          await settled(page);
          expect(await page.locator('html').getAttribute('lang')).toBe(language);
          await page.getByRole('heading', { level: 1, name: tr(title) }).waitFor();
        }
      } finally {
        await context.close();
      }
    });
  }

  it('shows the not-found page for an unknown path', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/no/such/page');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('follows API answers: 403 to /denied, 404 to /not-found, 401 to the login page', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    // Reading another user's profile for editing is refused by the server.
    await page.goto('/user/1/edit');
    await page.waitForURL('**/denied');

    await context.clearCookies();
    await page.goto('/user/login');
    await logIn(page, 'admin');
    await page.goto('/user/999999/edit');
    await page.waitForURL('**/not-found');

    await page.goto('/user');
    await settled(page);
    const uid = await page.evaluate(async () => {
      const res = await fetch('/api/v2/me');
      return ((await res.json()) as { data: { uid: number } }).data.uid;
    });
    await page.goto(`/user/${uid}/edit`);
    await settled(page);
    // The session ends once the form has loaded: a form still loading would meet the 401 first.
    const firstName = page.getByLabel('First name');
    await firstName.waitFor();
    await context.clearCookies({ name: 'atrium_session' });
    await firstName.fill('Ada');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/user\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/user/${uid}/edit`);
    await context.close();
  });

  it('shows the crash screen with a working Refresh button when a page cannot load', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await settled(page);
    // The profile page's code fails to download, as after a broken deploy.
    await page.route(/\/assets\/profile-page-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('button', { name: /user menu|account/i }).click();
    await page.getByRole('menuitem', { name: 'View profile' }).click();
    await expect(
      page.getByText('Oops, something went wrong :(').waitFor(),
    ).resolves.toBeUndefined();
    await page.unroute(/\/assets\/profile-page-[^/]+\.js$/);
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
    await context.close();
  });
});
