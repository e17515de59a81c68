import { describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

describe('pages arrive rendered by the server', () => {
  it("a visitor's home can be read before any script has run", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Learn something new every week' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBeGreaterThan(0);
    // The site's colours are there too, not only once the portal's script has set them.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(primary).toMatch(/^#[0-9a-f]{6}$/i);
    await context.close();
  });

  it('the portal takes the rendered page over without an error, and moves on from it', async () => {
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Learn something new every week' }).waitFor();
    await page.waitForLoadState('networkidle');
    await logIn(page, 'learner', '/dashboard');
    await page.reload();
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'My overview' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Taken over: a link moves within the portal, without loading another page.
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    await page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'Trainings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Trainings' }).waitFor();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a learner's dashboard arrives with their trainings, and the portal shows it without asking again", async () => {
    const { context: signedIn, page: login } = await newPage(browser());
    await logIn(login, 'learner', '/dashboard');
    await login.getByRole('heading', { level: 1, name: 'My overview' }).waitFor();
    const storageState = await signedIn.storageState();
    await signedIn.close();

    // Before any script has run: the lists are there, nothing is loading.
    const still = await browser().newContext({
      baseURL: baseURL(),
      javaScriptEnabled: false,
      storageState,
    });
    const rendered = await still.newPage();
    await rendered.goto('/dashboard');
    const continuing = rendered.getByRole('region', { name: 'Continue learning' });
    await continuing.getByRole('article').first().waitFor();
    const recommended = rendered.getByRole('region', { name: 'Recommended for you' });
    expect(await recommended.getByRole('article').count()).toBeGreaterThan(0);
    expect(await rendered.getByRole('status').count()).toBe(0);
    const titles = await continuing.getByRole('heading', { level: 3 }).allTextContents();
    await still.close();

    // The portal takes the same lists over: no error, and no request for them again.
    const live = await browser().newContext({ baseURL: baseURL(), storageState });
    const page = await live.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v2\/(me\/trainings|trainings\/recommended)/.test(request.url()))
        asked.push(request.url());
    });
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    const portalContinuing = page.getByRole('region', { name: 'Continue learning' });
    expect(await portalContinuing.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      titles,
    );
    // Taken over: "Show more" or a card link works within the portal.
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    await portalContinuing.getByRole('link').first().click();
    await page.waitForURL(/\/trainings\/\d+/);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await live.close();
  });

  it('search results arrive rendered, with the words searched for marked in their snippets', async () => {
    const context = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/trainings');
    const title = await page
      .getByRole('article')
      .first()
      .getByRole('heading')
      .first()
      .textContent();
    const word = (title ?? '').split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4) ?? '';
    expect(word).not.toBe('');

    await page.goto(`/search?s=${encodeURIComponent(word.toLowerCase())}`);
    const results = page.getByRole('main').getByRole('heading', { level: 3 });
    await results.first().waitFor();
    expect(await page.getByRole('main').locator('li mark').count()).toBeGreaterThan(0);
    await context.close();
  });
});
