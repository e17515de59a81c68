import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIGNUP_ATTEMPT_LIMIT } from '../../src/server/routes/auth';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/**
 * Sign-up attempts this file has sent to the server: they count against the limit of attempts
 * from one address (this browser's), so the test of the limit knows how many are left.
 */
let signupAttempts = 0;
/** The e-mail address the visitor signed up with. */
let signedUpMail: string | undefined;

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
    const mail = `noor.${Date.now()}@example.org`;
    await page.getByLabel('E-mail address').fill(mail);
    await page.getByLabel('Password').fill('weak');
    await page.getByText('Password strength: Weak').waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    // Refused before sending: the rules it breaks are said at the field, and the focus is there.
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Password').fill('amber-lantern-2026');
    await page.getByText(/Password strength: (Good|Strong)/).waitFor();
    await page.getByRole('checkbox').check();
    signupAttempts += 1;
    await Promise.all([
      page.waitForURL('**/dashboard'),
      page.getByRole('button', { name: 'Create account' }).click(),
    ]);
    signedUpMail = mail;
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'My overview' }).waitFor();
    await context.close();

    // The account is a learner's, and nothing more.
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    const found = await callApi(admin.page, 'GET', `users?search=${encodeURIComponent(mail)}`);
    expect(found.status).toBe(200);
    const users = found.json.data as { mail: string; name: string; roles: string[] }[];
    expect(users.map((u) => ({ mail: u.mail, name: u.name, roles: u.roles }))).toEqual([
      { mail, name: mail, roles: ['learner'] },
    ]);
    await admin.context.close();
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
    await page
      .getByRole('tablist', { name: 'Languages of Contact' })
      .getByRole('tab', { name: /العربية/ })
      .click();
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

/** One language's version of a content page, as administrators read it. */
interface Version {
  langcode: string;
  title: string;
  body: string;
}

/** A content page's versions, read through the administrators' API. */
async function versionsOf(page: Page, key: string): Promise<Version[]> {
  const res = await callApi(page, 'GET', `settings/content-pages/${key}`);
  expect(res.status).toBe(200);
  return (res.json.data as { versions: Version[] }).versions;
}

/** What a reader reads of an HTML text: its words, with tags and spacing gone. */
const readable = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('content pages, written per language', () => {
  it('lets an administrator rewrite the Arabic terms of use in its tab, read by Arabic visitors only', async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin', '/settings/site/pages/terms_of_use');
    const stored = await versionsOf(admin.page, 'terms_of_use');
    const english = stored.find((v) => v.langcode === 'en')!;
    const arabicVersion = stored.find((v) => v.langcode === 'ar')!;
    const sentence = `تسري هذه الشروط المعدّلة على كل من يستخدم الأكاديمية ${Date.now() % 100000}.`;
    try {
      await settled(admin.page);
      const tabs = admin.page.getByRole('tablist', { name: 'Languages of Terms of use' });
      await tabs.getByRole('tab', { name: /العربية/ }).waitFor();
      // Each language's tab is named in that language.
      expect(
        (await tabs.getByRole('tab').allInnerTexts()).map((n) => n.split('\n')[0]!.trim()),
      ).toEqual(expect.arrayContaining(['English', 'العربية']));
      await tabs.getByRole('tab', { name: /العربية/ }).click();
      expect(await tabs.getByRole('tab', { name: /العربية/ }).getAttribute('aria-selected')).toBe(
        'true',
      );
      const panel = admin.page.getByRole('tabpanel', { name: /العربية/ });
      const body = panel.getByLabel('Text (HTML)');
      await expect.poll(() => body.inputValue()).toBe(arabicVersion.body);
      expect(await panel.getByLabel('Title').getAttribute('dir')).toBe('rtl');
      await body.fill(`<h2>تعديل</h2>\n<p>${sentence}</p>`);
      // The preview reads the new text as visitors will.
      await admin.page.getByRole('region', { name: 'Preview' }).getByText(sentence).waitFor();
      await admin.page.getByRole('button', { name: 'Save page' }).click();
      await admin.page.getByText('The page has been saved.').waitFor();
      await expectNoAxeViolations(admin.page);
      // The English tab still holds the English text.
      await tabs.getByRole('tab', { name: 'English' }).click();
      await expect.poll(() => admin.page.getByLabel('Text (HTML)').inputValue()).toBe(english.body);

      const arabicVisitor = await newPage(browser(), { locale: 'ar' });
      await arabicVisitor.page.goto('/terms-of-use');
      await settled(arabicVisitor.page);
      const arabicMain = arabicVisitor.page.getByRole('main');
      await arabicMain.getByText(sentence).waitFor();
      expect(await arabicMain.getByRole('heading', { level: 2, name: 'تعديل' }).count()).toBe(1);
      await arabicVisitor.context.close();

      const englishVisitor = await newPage(browser(), { locale: 'en-GB' });
      await englishVisitor.page.goto('/terms-of-use');
      await settled(englishVisitor.page);
      const englishMain = englishVisitor.page.getByRole('main');
      await englishMain.getByRole('heading', { level: 1, name: english.title }).waitFor();
      expect(readable(await englishMain.innerText())).toContain(
        readable(english.body).slice(0, 60),
      );
      expect(await englishMain.getByText(sentence).count()).toBe(0);
      await englishVisitor.context.close();
    } finally {
      const put = await callApi(admin.page, 'PUT', 'settings/content-pages/terms_of_use/ar', {
        title: arabicVersion.title,
        body: arabicVersion.body,
      });
      expect(put.status).toBe(200);
      await admin.context.close();
    }
  });

  it('moves the footer link when an administrator points it at another content page', async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin', '/settings/site/footer');
    const footer = (await callApi(admin.page, 'GET', 'settings?type=footer')).json.data as {
      terms_of_use: { title: string; url: string };
    };
    const target = (await versionsOf(admin.page, 'release_notes')).find(
      (v) => v.langcode === 'en',
    )!;
    try {
      await settled(admin.page);
      const link = admin.page.getByRole('group', { name: 'Terms of use link' });
      const address = link.getByLabel('Address');
      await expect.poll(() => address.inputValue()).toBe(footer.terms_of_use.url);
      await address.fill('/release-notes');
      await admin.page.getByRole('button', { name: 'Save footer' }).click();
      await admin.page.getByText('The footer has been saved.').waitFor();

      const { context, page } = await newPage(browser());
      await page.goto('/');
      await settled(page);
      const moved = page
        .getByRole('contentinfo')
        .getByRole('link', { name: footer.terms_of_use.title, exact: true });
      expect(await moved.getAttribute('href')).toBe('/release-notes');
      await Promise.all([page.waitForURL('**/release-notes'), moved.click()]);
      await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
      await context.close();
    } finally {
      const restored = await callApi(admin.page, 'POST', 'settings/footer', {
        terms_of_use: footer.terms_of_use,
      });
      expect(restored.status).toBe(200);
      await admin.context.close();
    }
  });
});

describe('signing up', () => {
  const closed = 'Sign-up is not open on this site. Ask your administrator for an account.';

  it('says sign-up is closed, and offers no way to it, when the site does not allow it', async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    const before = (await callApi(admin.page, 'GET', 'settings/site')).json.data as {
      self_registration?: boolean;
    };
    const { context, page } = await newPage(browser());
    try {
      const off = await callApi(admin.page, 'POST', 'settings/site', { self_registration: false });
      expect(off.status).toBe(200);

      await page.goto('/user/register');
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
      await page.getByText(closed).waitFor();
      expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
      expect(await page.getByRole('main').getByRole('link', { name: 'Log in' }).count()).toBe(1);
      // Sent anyway, an attempt is refused: there is no sign-up to be had.
      const sent = await callApi(page, 'POST', 'auth/register', {
        name: 'Noor Haddad',
        mail: `closed.${Date.now()}@example.org`,
        password: 'amber-lantern-2026',
        consent: true,
      });
      expect({ status: sent.status, message: (sent.json as { message?: string }).message }).toEqual(
        { status: 404, message: 'Sign-up is not open on this site.' },
      );

      // The login page, header included, leads nowhere to sign up.
      await page.goto('/user/login');
      await settled(page);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
      expect(await page.locator('a[href*="/user/register"]').count()).toBe(0);
    } finally {
      await context.close();
      const restored = await callApi(admin.page, 'POST', 'settings/site', {
        self_registration: before.self_registration ?? false,
      });
      expect(restored.status).toBe(200);
      await admin.context.close();
    }
    // Open again, the page has its form and the header its link.
    const visitor = await newPage(browser());
    await visitor.page.goto('/user/login');
    await settled(visitor.page);
    await visitor.page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();
    await visitor.context.close();
  });

  // Last: from here on this address may not sign up for a while.
  it('refuses sign-ups from one address past the limit, and says so on the page', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/register');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    // Attempts that reach the server but are refused there (the address is taken) still count.
    const taken = signedUpMail ?? 'admin@atrium.example';
    await page.getByLabel('Name').fill('Noor Haddad');
    await page.getByLabel('Password').fill('amber-lantern-2026');
    await page.getByRole('checkbox').check();
    const mail = page.getByLabel('E-mail address');
    const takenMessage = page.getByText(
      'An account with this e-mail address already exists. Log in instead.',
    );
    const tooMany = page.getByText('Too many sign-up attempts. Try again later.');
    const left = SIGNUP_ATTEMPT_LIMIT - signupAttempts;
    expect(left).toBeGreaterThan(0);
    for (let attempt = 1; attempt <= left; attempt += 1) {
      // A changed address clears the message of the last attempt.
      await mail.fill('');
      await mail.fill(taken);
      expect(await takenMessage.count()).toBe(0);
      await page.getByRole('button', { name: 'Create account' }).click();
      signupAttempts += 1;
      await takenMessage.waitFor();
      expect(await tooMany.count(), `attempt ${attempt}`).toBe(0);
    }
    // One more is one too many.
    await mail.fill('');
    await mail.fill(`late.${Date.now()}@example.org`);
    await page.getByRole('button', { name: 'Create account' }).click();
    signupAttempts += 1;
    await tooMany.waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/register');
    await context.close();
  });
});
