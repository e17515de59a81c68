import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logIn, newPage, settled, launchBrowser } from './fixtures';

const { browser } = launchBrowser();

describe('signing in and out', () => {
  it('shows a visitor Log in and Sign up links from the site settings', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await settled(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Log in' }).getAttribute('href')).resolves.toBe(
      '/user/login',
    );
    await expect(banner.getByRole('link', { name: 'Sign up' }).getAttribute('href')).resolves.toBe(
      '/user/register',
    );
    await expect(banner.getByRole('button', { name: /user menu|account/i }).count()).resolves.toBe(
      0,
    );
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('sends a signed-out visitor of a protected page to the login page with redirectTo', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user?tab=1');
    await page.waitForURL(/\/user\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/user?tab=1');
    await context.close();
  });

  it('returns the learner to the page asked for after login, and logs out', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner', '/user');
    expect(new URL(page.url()).pathname).toBe('/user');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();

    await page.getByRole('button', { name: /user menu|account/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL(/\/user\/login\?redirectTo=%2Fdashboard/);
    await context.close();
  });

  it('shows a clear message for a wrong password, using the keyboard only', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await settled(page);
    await page.getByLabel('Username').focus();
    await page.keyboard.type('learner');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Unrecognized username or password.' }).waitFor(),
    ).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await context.close();
  });

  it('has no accessibility violations on the signed-in start page', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await page.waitForURL('**/dashboard');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'My overview' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
