import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
