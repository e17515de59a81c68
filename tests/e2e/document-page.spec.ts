import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  backToTopFromFarDown,
  expectNoAxeViolations,
  fiveViewportsLong,
  launchBrowser,
  logIn,
  newPage,
} from './fixtures';

const { browser } = launchBrowser();

/** The scripts a page fetches, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe("the visitor home comes as a finished document, without the portal's code", () => {
  it('loads only its own script, has its title, and its cookie banner works', async () => {
    const { context, page } = await newPage(browser());
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((file) => /\/(index|framework)-/.test(file))).toEqual([]);
    expect(scripts.some((file) => file.startsWith('/assets/document-'))).toBe(true);
    expect(await page.title()).toBe('Home | Atrium Academy');
    // Every section is there in full: the topics are links, not a loading placeholder.
    await page.getByRole('main').getByRole('link', { name: 'Leadership' }).waitFor();
    expect(await page.getByRole('status').count()).toBe(0);

    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await expectNoAxeViolations(page);

    // The agreement fails once: the banner says so and stays.
    await page.route('**/system/ajax/cookies-disclaimer/agree', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"No"}' }),
    );
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    await page.unroute('**/system/ajax/cookies-disclaimer/agree');

    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Learn something new every week' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('shows the back-to-top button far down the page while scrolling up', async () => {
    const { context, page } = await newPage(browser(), { width: 360, height: 640 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'detached' });
    const { height } = await fiveViewportsLong(page, 360);
    await page.mouse.wheel(0, height);
    await page.waitForTimeout(300);
    expect(await page.getByRole('button', { name: 'Back to top' }).isVisible()).toBe(false);
    await backToTopFromFarDown(page);
    await context.close();
  });

  it('a signed-in user on / gets the portal, and a link from the document loads it', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.waitForURL('**/user/login');
    await logIn(page, 'learner');
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'My overview' }).waitFor();
    expect(scripts.some((file) => /\/index-/.test(file))).toBe(true);
    expect(scripts.some((file) => file.startsWith('/assets/document-'))).toBe(false);
    await context.close();
  });
});
