import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logIn, newPage, settled, launchBrowser } from './fixtures';

const { browser } = launchBrowser();

type Visit = { path: string; heading: string };

const pagesByAccount: Record<string, Visit[]> = {
  visitor: [
    { path: '/', heading: 'Welcome to Atrium Academy' },
    { path: '/user/login', heading: 'Log in' },
    { path: '/not-found', heading: 'Page not found' },
  ],
  learner: [
    { path: '/dashboard', heading: 'My overview' },
    { path: '/user', heading: 'My profile' },
    { path: '/incentives', heading: 'Reward shop' },
    { path: '/denied', heading: 'Access denied' },
  ],
  admin: [
    { path: '/settings/storefront', heading: 'Storefront settings' },
    { path: '/settings/incentives', heading: 'Incentives settings' },
    { path: '/settings/site', heading: 'Site administration' },
    { path: '/settings/site/settings', heading: 'Site settings' },
    { path: '/settings/site/users', heading: 'Users' },
    { path: '/settings/site/users/create', heading: 'New user' },
    { path: '/settings/site/access', heading: 'Roles and access' },
    { path: '/settings/site/footer', heading: 'Footer' },
    { path: '/settings/site/cookies', heading: 'Cookie disclaimer' },
    { path: '/settings/site/languages', heading: 'Languages' },
    { path: '/settings/site/languages/ar', heading: 'Arabic' },
    { path: '/settings/site/audit', heading: 'Audit log' },
  ],
  courseadmin: [{ path: '/course-administration', heading: 'Course administration' }],
};

async function visit(page: Page, { path, heading }: Visit) {
  await page.goto(path);
  await settled(page);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expectNoAxeViolations(page);
}

async function xsrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

describe('every page of the portal shell', () => {
  for (const [account, visits] of Object.entries(pagesByAccount)) {
    it(`has no accessibility violations for ${account}`, async () => {
      const { context, page } = await newPage(browser());
      if (account !== 'visitor') await logIn(page, account);
      for (const v of visits) await visit(page, v);
      await context.close();
    });
  }

  it('has no accessibility violations on the profile form, also after a failed submit', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'trainer');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit profile' }).click();
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Required').first().waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('has no accessibility violations in Arabic, right to left', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'trainer');
    const uid = await page.evaluate(
      async () =>
        ((await (await fetch('/api/v2/me')).json()) as { data: { uid: number } }).data.uid,
    );
    const setLanguage = async (language: string) => {
      const res = await page.request.patch(`/api/v2/users/${uid}`, {
        data: { language },
        headers: { 'X-XSRF-TOKEN': await xsrf(page) },
      });
      expect(res.status()).toBe(200);
    };
    await setLanguage('ar');
    try {
      for (const [path, heading] of [
        ['/dashboard', 'نظرتي العامة'],
        ['/user', 'ملفي الشخصي'],
        ['/denied', 'تم رفض الوصول'],
      ] as const) {
        await page.goto(path);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
        await expectNoAxeViolations(page);
      }
    } finally {
      await setLanguage('en');
    }
    await context.close();
  });

  it('works on a 360 px phone: the sidebar is a drawer opened from the header', async () => {
    const { context, page } = await newPage(browser(), { width: 360, height: 740 });
    await logIn(page, 'learner');
    await settled(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.waitFor();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    await context.close();
  });
});
