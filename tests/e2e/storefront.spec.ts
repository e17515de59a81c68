import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

describe('the public storefront', () => {
  it("shows a visitor the unregistered layout on /, with a section's full list one click away", async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await settled(page);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Learn something new every week' }).waitFor();
    await main.getByRole('heading', { name: 'Free trainings to try' }).waitFor();
    await main.getByRole('heading', { name: 'Join Atrium Academy' }).waitFor();
    await expect(main.locator('a[href^="/trainings/"]').count()).resolves.toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // The free trainings outnumber the section's size, so it links to its full list.
    const showAll = main.getByRole('link', { name: 'Show all' }).first();
    await showAll.click();
    await page.waitForURL(/\/storefront\/\d+/);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Free trainings to try' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('gives a visitor a /storefront title that links home', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/storefront');
    await settled(page);
    const title = page.getByRole('heading', { level: 1 });
    await expect(
      title.getByRole('link', { name: 'Storefront' }).getAttribute('href'),
    ).resolves.toBe('/');
    await context.close();
  });

  it('sends a signed-in learner from / to My overview, and shows the registered layout on /storefront', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/storefront');
    await settled(page);
    const title = page.getByRole('heading', { level: 1, name: 'Storefront' });
    await title.waitFor();
    await expect(title.getByRole('link').count()).resolves.toBe(0);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Welcome back to the academy' }).waitFor();
    // The learner belongs to Blue Harbor Logistics, the audience of this section.
    await main
      .getByRole('heading', { name: 'Blue Harbor Logistics: your safety programme' })
      .waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('searches the catalogue from /storefront/search', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner', '/storefront/search?s=negotiation');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Search results' }).waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: /Negotiation Masterclass/ })
      .first()
      .waitFor();
    await expect(page.title()).resolves.toMatch(/^Search results/);
    await context.close();
  });

  it('hides a section from users outside its audience', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'trainer');
    await page.goto('/storefront');
    await settled(page);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Welcome back to the academy' }).waitFor();
    await expect(
      main.getByRole('heading', { name: 'Blue Harbor Logistics: your safety programme' }).count(),
    ).resolves.toBe(0);
    await context.close();
  });
});
