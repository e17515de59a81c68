import { describe, expect, it } from 'vitest';
import {
  backToTopFromFarDown,
  expectNoAxeViolations,
  fiveViewportsLong,
  launchBrowser,
  logIn,
  newPage,
  settled,
} from './fixtures';

const { browser } = launchBrowser();

describe('the portal shell', () => {
  it('shows the cookie banner until the visitor agrees, then never again', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await settled(page);
    const banner = page.getByRole('region', { name: /cookie/i });
    await banner.waitFor();
    await expectNoAxeViolations(page);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.reload();
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await context.close();
  });

  it('expands, collapses and submits the header search field', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await settled(page);
    // The dashboard has come in full after the sign-in before the header is used.
    await page.getByRole('heading', { level: 1, name: 'My overview' }).waitFor();
    await page.waitForLoadState('networkidle');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Search' });
    const input = page.getByRole('banner').getByRole('searchbox');

    await toggle.click();
    await expect(input.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });

    // An empty field collapses when the button is pressed again.
    await toggle.click();
    await toggle.click();
    await input.waitFor({ state: 'hidden' });

    await toggle.click();
    await page.getByRole('heading', { level: 1 }).click();
    await input.waitFor({ state: 'hidden' });

    await toggle.click();
    await input.fill('leadership');
    await Promise.all([page.waitForURL(/\/search\?/), page.keyboard.press('Enter')]);
    const url = new URL(page.url());
    expect(url.searchParams.get('s')).toBe('leadership');
    expect(url.searchParams.get('search_back_url')).toMatch(/\/dashboard$/);
    await context.close();
  });

  it('shows Back to top only after scrolling far down and then up', async () => {
    const { context, page } = await newPage(browser(), { width: 1280, height: 800 });
    await logIn(page, 'learner', '/user');
    await settled(page);
    const { viewport, height } = await fiveViewportsLong(page, 1280);
    const button = page.getByRole('button', { name: 'Back to top' });
    await page.mouse.wheel(0, viewport * 2);
    await page.waitForTimeout(300);
    // Scrolling up, but not yet past three viewport heights: still hidden.
    await page.mouse.wheel(0, -20);
    await page.waitForTimeout(300);
    await expect(button.isVisible()).resolves.toBe(false);

    await page.mouse.wheel(0, height);
    await page.waitForTimeout(300);
    await expect(button.isVisible()).resolves.toBe(false);
    await backToTopFromFarDown(page);
    await context.close();
  });

  it('asks before a link or the back button leaves a page with unsaved changes', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin', '/settings/site');
    await settled(page);
    await page.getByRole('main').getByRole('link', { name: 'Roles and access' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roles and access' }).waitFor();
    const here = new URL(page.url()).pathname;
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });

    // Nothing changed: the back button leaves at once. Then come back to the page.
    await page.evaluate(() => history.back());
    await page.waitForURL((url) => url.pathname === '/settings/site');
    await page.evaluate(() => history.forward());
    await page.getByRole('heading', { level: 1, name: 'Roles and access' }).waitFor();

    await page
      .getByRole('checkbox', { name: /for Learner$/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'Open the site settings' }).click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(here);

    // The back button asks too; the browser stays on the page meanwhile.
    await page.evaluate(() => history.back());
    await leave.waitFor();
    await page.waitForURL((url) => url.pathname === here);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Roles and access' }).isVisible(),
    ).resolves.toBe(true);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/site');
    await page.getByRole('heading', { level: 1, name: 'Site administration' }).waitFor();
    await context.close();
  });

  it('turns the whole shell right-to-left with Arabic strings when the learner picks Arabic', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await settled(page);
    const me = await page.evaluate(
      async () =>
        ((await (await fetch('/api/v2/me')).json()) as { data: { uid: number } }).data.uid,
    );
    await page.goto(`/user/${me}/edit`);
    await settled(page);
    await page.getByLabel('Language').selectOption({ label: 'العربية' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.goto('/dashboard');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'نظرتي العامة',
    );
    await expect(
      page.getByRole('link', { name: 'انتقل إلى المحتوى الرئيسي' }).count(),
    ).resolves.toBe(1);
    await expectNoAxeViolations(page);

    // Back to English for the other tests.
    await page.goto(`/user/${me}/edit`);
    await settled(page);
    await page.locator('#root_language').selectOption({ label: 'English' });
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await context.close();
  });
});
