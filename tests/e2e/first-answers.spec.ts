import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** The API requests whose answers the page carries, for whom they apply. */
const CARRIED = [
  '/api/v2/translations',
  '/api/v2/navigation',
  '/api/v2/incentives/wallet',
  '/api/v2/me',
  '/api/v2/settings?type=general',
  '/api/v2/settings?type=footer',
  '/api/v2/appearance',
  '/api/v2/settings/branding',
  '/api/v2/settings/cookies-disclaimer',
  '/api/v2/storefront',
];

/** Every API request the page makes from now on (path and decoded query). */
function apiRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(decodeURIComponent(url.pathname + url.search));
  });
  return asked;
}

/** The requests among `asked` the page should have answered itself. */
const carried = (asked: string[]) =>
  asked.filter((u) => {
    const [path, query = ''] = u.split('?');
    return CARRIED.some((c) => {
      const [carriedPath, carriedQuery] = c.split('?');
      return path === carriedPath && (!carriedQuery || query.startsWith(carriedQuery));
    });
  });

describe('the page carries the answers to its first requests', () => {
  it('a visitor sees the home page without asking for the session, theme or storefront', async () => {
    const { context, page } = await newPage(browser());
    const asked = apiRequests(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Learn something new every week' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(carried(asked)).toEqual([]);
    await context.close();
  });

  it('the page comes rendered and shows itself, with no loading screen at any point', async () => {
    for (const [who, path, heading] of [
      ['visitor', '/', 'Learn something new every week'],
      ['learner', '/dashboard', 'My overview'],
    ] as const) {
      const { context, page } = await newPage(browser());
      if (who === 'learner') await logIn(page, 'learner', '/dashboard');
      const sent = await (await page.request.get(path)).text();
      expect(sent.slice(sent.indexOf('<div id="root">')), path).toContain(heading);
      await page.addInitScript(() => {
        const seen = { loader: false };
        (window as { seen?: typeof seen }).seen = seen;
        new MutationObserver(() => {
          if (document.querySelector('[role="status"][aria-label="Loading"]')) seen.loader = true;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as { seen?: unknown }).seen), path).toEqual({
        loader: false,
      });
      await context.close();
    }
  });

  it("a learner's page carries their own answers, and is kept by no shared cache", async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner', '/dashboard');
    const asked = apiRequests(page);
    await page.reload();
    await settled(page);
    await page.getByRole('button', { name: /user menu|account/i }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(carried(asked)).toEqual([]);

    const me = await callApi(page, 'GET', 'me');
    const html = await page.request.get('/dashboard');
    expect(html.headers()['cache-control']).toBe('private, no-cache');
    expect(html.headers()['vary']).toMatch(/Cookie/);
    expect(await html.text()).toContain(
      `"me?attributes[]=profile":{"data":{"uid":${(me.json.data as { uid: number }).uid},`,
    );

    // Signed out, the next page carries a visitor's answers.
    expect((await callApi(page, 'POST', 'auth/logout', {})).status).toBe(200);
    expect(await (await page.request.get('/')).text()).toContain(
      '"me?attributes[]=profile":{"data":{"uid":0}}',
    );
    await context.close();
  });

  it("an Arabic learner's page carries the Arabic interface texts as well", async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner', '/dashboard');
    const { uid } = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
    expect((await callApi(page, 'PATCH', `users/${uid}`, { language: 'ar' })).status).toBe(200);
    try {
      // Rendered by the server right to left, before any script has run.
      expect(await (await page.request.get('/dashboard')).text()).toContain(
        '<html lang="ar" dir="rtl">',
      );
      const asked = apiRequests(page);
      await page.reload();
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'نظرتي العامة' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // The points badge uses an ICU plural translation, formatted once its formatter is in.
      const points = page.getByRole('link', { name: /نقطة|نقاط|نقطتان/ }).first();
      await points.waitFor();
      expect(await points.textContent()).not.toContain('point');
      await page.waitForLoadState('networkidle');
      expect(carried(asked)).toEqual([]);
    } finally {
      expect((await callApi(page, 'PATCH', `users/${uid}`, { language: 'en' })).status).toBe(200);
    }
    await context.close();
  });

  it('text in the answers cannot end their script element', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin', '/');
    const name = (await callApi(page, 'GET', 'settings/branding')).json.data as {
      site_name: string;
    };
    const hostile = 'Academy</script><script>window.owned = 1</script>';
    expect((await callApi(page, 'POST', 'settings/site', { site_name: hostile })).status).toBe(200);
    try {
      const html = await (await page.request.get('/')).text();
      expect(html).not.toContain('</script><script>window.owned');
      expect(html).toContain('Academy\\u003c/script>\\u003cscript>window.owned = 1\\u003c/script>');
      await page.goto('/');
      await settled(page);
      // The name is shown as text (in the title, once the page has set it), and nothing in it ran.
      await page.waitForFunction((name) => document.title.includes(name), hostile);
      expect(await page.title()).toContain(hostile);
      expect(await page.evaluate(() => (window as { owned?: number }).owned)).toBeUndefined();
    } finally {
      await callApi(page, 'POST', 'settings/site', { site_name: name.site_name });
    }
    await context.close();
  });
});
