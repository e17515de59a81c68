import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium';

export const baseURL = () => inject('baseURL');

export const DEMO_PASSWORD = 'atrium-demo';

/** What the Content-Security-Policy blocked on the pages of the running test. */
const cspViolations: string[] = [];

/** Records every script, style or request the page's Content-Security-Policy blocks. */
function watchCsp(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      cspViolations.push(`${page.url()}: ${message.text()}`);
  });
}

/**
 * Debian's Chromium, never a downloaded browser. A test fails when anything on its pages was
 * blocked by the Content-Security-Policy: the portal must work under it as it is.
 */
export function launchBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined;
  afterEach(() => {
    expect(cspViolations.splice(0)).toEqual([]);
  });
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('The browser is not running.');
      return browser;
    },
  };
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; touch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'en-GB',
    // A phone: a touch screen, and the page laid out as a mobile browser does.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  context.on('page', watchCsp);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form, as a person would. */
export async function logIn(page: Page, name: string, redirectTo?: string): Promise<void> {
  await page.goto(
    redirectTo ? `/user/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/user/login',
  );
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/user/login')),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
}

/** Waits until the full-screen loader is gone. */
export async function settled(page: Page): Promise<void> {
  await page
    .getByRole('status', { name: 'Loading' })
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

/** Runs axe with the WCAG 2.2 AA tags and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Calls the API from the page, as the portal does (session cookie and XSRF header). */
export async function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const res = await fetch(`/api/v2/${path}`, {
        method,
        headers: {
          // Only with a body: the server refuses an empty JSON body (a DELETE has none).
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      // 204 answers have no body.
      return { status: res.status, json: (text ? JSON.parse(text) : {}) as { data: unknown } };
    },
    { method, path, body },
  );
}

/** The page's height once it has stopped changing for a few frames (late content included). */
function steadyScrollHeight(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = -1;
        let unchanged = 0;
        const check = () => {
          const height = document.documentElement.scrollHeight;
          unchanged = height === last ? unchanged + 1 : 0;
          last = height;
          if (unchanged >= 4) resolve(height);
          else setTimeout(check, 50);
        };
        check();
      }),
  );
}

/**
 * Makes the page more than four viewports long (a viewport a fifth of its height, at `width`)
 * and puts the mouse over it, for the back-to-top button. Returns the viewport and page heights.
 */
export async function fiveViewportsLong(
  page: Page,
  width: number,
): Promise<{ viewport: number; height: number }> {
  await page.setViewportSize({ width, height: 100 });
  const contentHeight = await steadyScrollHeight(page);
  const viewport = Math.floor(contentHeight / 5);
  await page.setViewportSize({ width, height: viewport });
  const height = await steadyScrollHeight(page);
  expect(height).toBeGreaterThan(viewport * 4);
  await page.mouse.move(Math.floor(width / 2), Math.floor(viewport / 2));
  return { viewport, height };
}

/** Scrolls up a little from far down: Back to top appears, and takes the page to its top. */
export async function backToTopFromFarDown(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Back to top' });
  await page.mouse.wheel(0, -20);
  await button.waitFor({ state: 'visible' });
  await button.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await button.waitFor({ state: 'hidden' });
}

/** Where {@link screenshot} saves, when set: for looking at pages a run went through. */
const SHOTS = process.env.ATRIUM_SHOTS_DIR;

/** Saves a full-page screenshot as `<name>.png` in ATRIUM_SHOTS_DIR, when that is set. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs in and agrees to cookies, so the banner leaves the page. */
export async function logInAgreeingToCookies(page: Page, name: string): Promise<void> {
  await logIn(page, name);
  const disclaimer = await callApi(page, 'GET', 'settings/cookies-disclaimer');
  if ((disclaimer.json.data as { agreed: boolean }).agreed) return;
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('button', { name: 'Accept' }).waitFor({ state: 'hidden' });
}

/**
 * Expects a page to show what an answer of the API says, while other tests may change that
 * answer: the page is compared with an answer that did not change while the page was read
 * (the same before and after), trying again if it did. Returns that answer.
 */
export async function expectPageToMatchApi<Answer, Shown>(o: {
  answer: () => Promise<Answer>;
  load: () => Promise<void>;
  read: () => Promise<Shown>;
  expected: (answer: Answer) => Shown;
}): Promise<Answer> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await o.answer();
    await o.load();
    const shown = await o.read();
    const after = await o.answer();
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 5) {
      expect(shown).toEqual(o.expected(after));
      return after;
    }
  }
}

/** Opens the "Show as table" of the table named `name` in `scope`, and returns its rows. */
export async function tableRowsBehindDisclosure(scope: Locator, name: string): Promise<Locator> {
  const disclosure = scope
    .locator('details')
    .filter({ has: scope.page().locator('caption', { hasText: name }) });
  await disclosure.locator('summary').click();
  return disclosure.getByRole('table', { name }).getByRole('row');
}

/** The text of the description of `term` in a description list in `scope`. */
export function descriptionOf(scope: Locator, term: string): Promise<string> {
  return scope
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd')
    .innerText();
}

/** The texts of the items of the list named `name` in `scope`; none when there is no such list. */
export function listItemTexts(scope: Locator, name: string): Promise<string[]> {
  return scope
    .getByRole('list', { name })
    .getByRole('listitem')
    .allInnerTexts()
    .catch(() => []);
}

/** Expects the page no wider than `width`: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/**
 * Checks a page with a weekly chart in a region for a signed-in user: on a 390 px phone in
 * English (the chart fits), then in Arabic at 390 and 1280 px (right to left, time running
 * from right to left, every table shown); accessible and without sideways scrolling each
 * time. The user's language is set back to English after.
 */
export async function expectWeeklyChartOnPhoneAndInArabic(
  page: Page,
  o: { path: string; region: { en: string; ar: string }; shots: string },
): Promise<void> {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(o.path);
  await settled(page);
  const region = page.getByRole('region', { name: o.region.en });
  await region.locator('[data-summary]').waitFor();
  const chart = region.getByRole('img', { name: /^Over the last 6 months/ });
  await chart.waitFor();
  const box = (await chart.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page, 390);
  await expectNoAxeViolations(page);
  await screenshot(page, `${o.shots}-en-390`);

  const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
  expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
  try {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(o.path);
      await settled(page);
      const arabic = page.getByRole('region', { name: o.region.ar });
      await arabic.getByRole('img').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // Time runs right to left: the first week's label is to the right of the last one's.
      const labels = arabic.locator('svg[role="img"] .visx-axis-bottom text');
      const first = (await labels.first().boundingBox())!;
      const last = (await labels.last().boundingBox())!;
      expect(first.x).toBeGreaterThan(last.x);
      for (const disclosure of await arabic.getByText('عرض كجدول').all()) await disclosure.click();
      await expectNoSidewaysScroll(page, width);
      // Opening the last table scrolls the page: what lies half under the sticky header then
      // is no small target.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page);
      await screenshot(page, `${o.shots}-ar-${width}`);
    }
  } finally {
    await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
  }
}
