import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** The addresses of the links a visitor sees in the header, the footer and the cookie banner. */
async function visitorLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('header a[href], footer a[href], [role="region"][aria-label*="ookie"] a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs)].filter((href) => new URL(href).origin === new URL(page.url()).origin);
}

describe('what visitors see', () => {
  it('shows a browser set to Arabic the home page right to left, in Arabic', async () => {
    const { context, page } = await newPage(browser(), { locale: 'ar' });
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await settled(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('link', { name: 'تسجيل الدخول' }).first().waitFor();
    await context.close();
  });

  it('switches the language from the footer with the keyboard, and the choice sticks', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/about');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(
      switcher.getByRole('link', { name: 'English' }).getAttribute('aria-current'),
    ).resolves.toBe('true');
    await switcher.getByRole('link', { name: 'العربية' }).focus();
    await Promise.all([page.waitForURL('**/about'), page.keyboard.press('Enter')]);
    await page.getByRole('heading', { level: 1, name: 'من نحن' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // Another page, and a new visit, come in Arabic too.
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' }).waitFor();
    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    // And back.
    await Promise.all([
      page.waitForURL('**/privacy-policy'),
      page
        .getByRole('navigation', { name: 'اللغة' })
        .getByRole('link', { name: 'English' })
        .click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await context.close();
  });

  it('opens a real page from every link in the header, footer and cookie banner', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await settled(page);
    const links = await visitorLinks(page);
    // The footer's four links, its version link, the language switch, log in and sign up.
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const href of links) {
      // Fetched apart from the browser: following a language link must not switch its language.
      const res = await fetch(href, { headers: { accept: 'text/html' } });
      expect(res.status, href).toBe(200);
      if (new URL(href).pathname.startsWith('/system/')) continue;
      const visit = await page.goto(href);
      expect(visit?.status(), href).toBe(200);
      await settled(page);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.first().waitFor();
      expect(await heading.first().textContent(), href).not.toMatch(/Page not found|Access denied/);
    }
    await context.close();
  });

  it('answers an unknown address 404 with the not-found page', async () => {
    const { context, page } = await newPage(browser());
    const res = await page.goto('/no/such/place');
    expect(res?.status()).toBe(404);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('signs a visitor up and lands them on their overview', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await settled(page);
    await Promise.all([
      page.waitForURL('**/user/register'),
      page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    await page.getByLabel('Name').fill('Noor Haddad');
    await page.getByLabel('E-mail address').fill(`noor.${Date.now()}@example.org`);
    await page.getByLabel('Password').fill('weak');
    await page.getByText('Password strength: Weak').waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    // Refused before sending: the rules it breaks are said at the field, and the focus is there.
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Password').fill('amber-lantern-2026');
    await page.getByText(/Password strength: (Good|Strong)/).waitFor();
    await page.getByRole('checkbox').check();
    await Promise.all([
      page.waitForURL('**/dashboard'),
      page.getByRole('button', { name: 'Create account' }).click(),
    ]);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'My overview' }).waitFor();
    await context.close();
  });

  for (const locale of ['en-GB', 'ar'])
    for (const width of [1280, 390])
      it(`has no accessibility violations on the new pages in ${locale} at ${width} px`, async () => {
        const { context, page } = await newPage(browser(), { locale, width });
        for (const path of ['/about', '/release-notes', '/user/register']) {
          await page.goto(path);
          await settled(page);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await expectNoAxeViolations(page);
        }
        await context.close();
      });

  for (const width of [1280, 390])
    it(`has no accessibility violations on the content pages' admin screens at ${width} px`, async () => {
      const { context, page } = await newPage(browser(), { width });
      await logIn(page, 'admin', '/settings/site/pages');
      await settled(page);
      await page.getByRole('table').waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'About us' }).first().click();
      await page.getByLabel('Title').waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    });

  it('lets an administrator change a content page in Arabic, shown to Arabic readers', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin', '/settings/site/pages/contact');
    await settled(page);
    await page.getByLabel('Language').selectOption('ar');
    const title = page.getByLabel('Title');
    await title.fill('تواصل معنا');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('The page has been saved.').waitFor();
    const reader = await newPage(browser(), { locale: 'ar' });
    await reader.page.goto('/contact');
    await reader.page.getByRole('heading', { level: 1, name: 'تواصل معنا' }).waitFor();
    await reader.context.close();
    await context.close();
  });
});
