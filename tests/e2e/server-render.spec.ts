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
});
