import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteConfig } from '@schemas/config/routes-config.schema';
import routesConfig from '../../routes.config.json';
import { expectNoAxeViolations, launchBrowser, logIn, newPage, settled, callApi } from './fixtures';

const { browser } = launchBrowser();

/** A free demo training with two videos that no other spec touches and the learner never started. */
const TRAINING = 'Secure Passwords and Multi-Factor Authentication';
/** A demo reward open to everyone, with no stock or per-person limit, that the learner can afford. */
const PRODUCT = 'Atrium notebook';
const PRODUCT_PRICE = 150;
/** What the `training_completed` rule pays by default. */
const COMPLETION_POINTS = 100;
const NEW_PRODUCT = 'Desk plant for learners';
const LEARNER_NAME = 'Liam Chen';

/** Switches one site setting and returns what it was. */
async function setSiteSetting(page: Page, name: string, value: boolean): Promise<unknown> {
  const before = await callApi(page, 'GET', 'settings/site');
  expect(before.status).toBe(200);
  const res = await callApi(page, 'POST', 'settings/site', { [name]: value });
  expect(res.status).toBe(200);
  return (before.json.data as Record<string, unknown>)[name];
}

const banner = (page: Page) => page.getByRole('banner');
/** The header points badge as a link to the shop. */
const badgeLink = (page: Page) => banner(page).getByRole('link', { name: /^[\d,.\s]+ points?$/ });
/** The badge's full label ("1,250 points"), link or not. */
const badgeLabel = (page: Page) => banner(page).getByText(/^[\d,.\s]+ points?$/);

/** The number the header badge shows. */
async function badgePoints(page: Page): Promise<number> {
  const text = (await badgeLabel(page).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

async function myUid(page: Page): Promise<number> {
  return page.evaluate(
    async () => ((await (await fetch('/api/v2/me')).json()) as { data: { uid: number } }).data.uid,
  );
}

async function trainingId(page: Page, title: string): Promise<number> {
  const res = await callApi(page, 'GET', `search?s=${encodeURIComponent(title)}`);
  const results = res.json.data as { training: { id: number; title: string } }[];
  return results.find((r) => r.training.title === title)!.training.id;
}

/**
 * Changes the earning rules' cheat guard as an administrator and returns what it was. The
 * viewing time it asks of a video before it counts as watched is minutes, longer than a test.
 */
async function setGuard(patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { context, page } = await newPage(browser());
  await logIn(page, 'admin');
  const rules = (await callApi(page, 'GET', 'settings/incentives/rules')).json.data as {
    guard: Record<string, unknown>;
  };
  const res = await callApi(page, 'POST', 'settings/incentives/rules', {
    ...rules,
    guard: { ...rules.guard, ...patch },
  });
  expect(res.status).toBe(200);
  await context.close();
  return rules.guard;
}

const FLAGS = ['incentives_shop_enabled', 'incentives_leaderboard'] as const;
const seen: Partial<Record<(typeof FLAGS)[number], boolean>> = {};

// Other specs share the server. Each test puts back what it changes at once; this is the safety
// net for a test stopped half-way (a timeout does not wait for its finally blocks).
beforeAll(async () => {
  const { context, page } = await newPage(browser());
  await logIn(page, 'admin');
  const site = (await callApi(page, 'GET', 'settings/site')).json.data as Record<string, boolean>;
  for (const flag of FLAGS) seen[flag] = site[flag];
  await context.close();
});

afterAll(async () => {
  const { context, page } = await newPage(browser());
  await logIn(page, 'admin');
  expect((await callApi(page, 'POST', 'settings/site', seen)).status).toBe(200);
  expect(
    (await callApi(page, 'PATCH', `users/${await myUid(page)}`, { language: 'en' })).status,
  ).toBe(200);
  await context.close();
});

describe('incentives', () => {
  it('pays a learner for completing a training, and spends the points in the shop', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await settled(page);
    await badgeLink(page).waitFor();
    const start = await badgePoints(page);
    const id = await trainingId(page, TRAINING);
    try {
      await page.goto(`/trainings/${id}`);
      await page.getByRole('heading', { level: 1, name: TRAINING }).waitFor();
      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: `You are subscribed to ${TRAINING}.` })
        .waitFor();
      // Starting a training may pay a little too (capped per week): count from here.
      const subscribed = await callApi(page, 'GET', 'incentives/wallet');
      const before = (subscribed.json.data as { points: number }).points;

      // A video never opened does not count as watched.
      const mark = page.getByRole('button', { name: /^Mark as watched/ });
      await mark.first().waitFor();
      const videos = await mark.count();
      await mark.first().click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Open the video before you mark it as watched.' })
        .waitFor();
      expect(await mark.count()).toBe(videos);

      // With the viewing time switched off, every video marked watched completes the training.
      const guard = await setGuard({ min_watch_percent: 0 });
      try {
        for (let left = await mark.count(); left > 0; left = await mark.count()) {
          await mark.first().click();
          // The button keeps its name while the request runs; it is done once it is gone.
          await expect.poll(() => mark.count(), { timeout: 20_000 }).toBeLessThan(left);
        }
      } finally {
        await setGuard(guard);
      }
      await page
        .getByRole('alert')
        .filter({ hasText: `Well done! You have completed ${TRAINING}.` })
        .waitFor();
      // The header shows the points earned without a reload.
      await expect
        .poll(() => badgePoints(page), { timeout: 10_000 })
        .toBe(before + COMPLETION_POINTS);
      const earned = before + COMPLETION_POINTS;
      expect(earned).toBeGreaterThan(start);

      // To the shop through the badge, then the product, Redeem, Confirm.
      await Promise.all([page.waitForURL('**/incentives'), badgeLink(page).click()]);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'Reward shop' }).waitFor();
      await page.getByRole('link', { name: PRODUCT }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: PRODUCT }).click();
      await page.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
      await expect(page.title()).resolves.toContain(PRODUCT);
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .locator('[aria-current="page"]', { hasText: PRODUCT })
        .waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Redeem', exact: true }).click();
      await page.waitForURL(/\/incentives\/\d+\/purchase$/);
      await page.getByRole('heading', { level: 1, name: 'Confirm your purchase' }).waitFor();
      await page
        .getByText(`Your balance after this purchase: ${format(earned - PRODUCT_PRICE)} points`)
        .waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.waitForURL('**/incentives/purchase-success');
      await page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' }).waitFor();
      const left = earned - PRODUCT_PRICE;
      await page.getByText(`Your new balance: ${format(left)} points`).waitFor();
      await page.getByRole('main').getByText(PRODUCT).waitFor();
      await page.getByText(/^Your order number is \d+\.$/).waitFor();
      await expect(page.getByText('Points spent').locator('..').innerText()).resolves.toContain(
        `${format(PRODUCT_PRICE)} points`,
      );
      await expect.poll(() => badgePoints(page)).toBe(left);
      await expectNoAxeViolations(page);
    } finally {
      // The dashboard of other specs stays as seeded; the points earned and spent remain.
      await callApi(page, 'DELETE', `trainings/${id}/subscription`);
    }
    await context.close();
  });

  it('sends a thank-you page opened without a checkout to the shop', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await logIn(page, 'learner');
    await page.goto('/incentives/purchase-success');
    await page.waitForURL((url) => url.pathname === '/incentives');
    await settled(page);
    expect(await page.getByText('Thank you for your purchase').count()).toBe(0);
    await context.close();
  });

  it('lets an administrator create a product after a price error, and find the learner’s purchase', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin', '/settings/incentives/products/create');
    try {
      await createProductAndFindPurchase(page);
    } finally {
      // Normally deleted through its confirmation dialog; this catches a run that stopped early.
      const left = await callApi(
        page,
        'GET',
        `incentives/products?search=${encodeURIComponent(NEW_PRODUCT)}`,
      );
      for (const product of left.json.data as { id: number; title: string }[])
        if (product.title === NEW_PRODUCT)
          await callApi(page, 'DELETE', `incentives/products/${product.id}`);
    }
    await context.close();
  });

  it('hides the shop and turns the badge into plain text while the shop is switched off', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    await settled(page);
    const was = await setSiteSetting(page, 'incentives_shop_enabled', false);
    try {
      await page.goto('/incentives');
      await page.waitForURL('**/not-found');
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await badgeLabel(page).waitFor();
      await expect(badgeLink(page).count()).resolves.toBe(0);
    } finally {
      await setSiteSetting(page, 'incentives_shop_enabled', was !== false);
    }
    await page.goto('/dashboard');
    await settled(page);
    await badgeLink(page).waitFor();
    await expect(badgeLink(page).getAttribute('href')).resolves.toBe('/incentives');
    await context.close();
  });

  it('lists on the incentives settings page the pages an administrator may open, badges among them', async () => {
    const settings = (routesConfig.routes as RouteConfig[]).find(
      (route) => route.path === '/settings/incentives',
    )!;
    const below = (settings.children ?? []).filter((child) => child.breadcrumb);
    const badges = below.find((child) => child.document === 'badges')!;
    const needsShop = (child: RouteConfig) =>
      Boolean(
        child.access?.some((rule) => rule.flags.includes('incentives_shop_settings_available')),
      );
    const cards = (page: Page) =>
      page.getByRole('main').getByRole('list', { name: 'Incentives settings' }).getByRole('link');
    /** The cards' titles, in order. */
    const titles = (page: Page) => cards(page).locator('span:first-child').allTextContents();

    const { context, page } = await newPage(browser());
    await logIn(page, 'admin', settings.path);
    await settled(page);
    await cards(page).first().waitFor();
    expect(await titles(page)).toEqual(below.map((child) => child.breadcrumb));

    // Without the shop, its pages turn the administrator away: no card offers them.
    const was = await setSiteSetting(page, 'incentives_shop_enabled', false);
    try {
      await page.reload();
      await settled(page);
      await cards(page).first().waitFor();
      expect(below.some(needsShop)).toBe(true);
      expect(await titles(page)).toEqual(
        below.filter((child) => !needsShop(child)).map((child) => child.breadcrumb),
      );
    } finally {
      await setSiteSetting(page, 'incentives_shop_enabled', was !== false);
    }

    await cards(page).filter({ hasText: badges.description! }).click();
    await page.waitForURL(`**${settings.path}/${badges.path}`);
    await page.getByRole('heading', { level: 1, name: badges.title! }).waitFor();
    await context.close();
  });

  it('has no accessibility violations on the leaderboard', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin');
    await settled(page);
    const was = await setSiteSetting(page, 'incentives_leaderboard', true);
    try {
      await page.goto('/leaderboard');
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
      await page.getByRole('list', { name: 'Ranking' }).getByText(LEARNER_NAME).waitFor();
      await expectNoAxeViolations(page);
    } finally {
      if (was !== true) await setSiteSetting(page, 'incentives_leaderboard', false);
    }
    await context.close();
  });

  it('has no accessibility violations on the product and transaction administration pages', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin');
    await checkPages(page, [
      ['/settings/incentives/products', 'Products'],
      ['/settings/incentives/products/create', 'New product'],
      ['/settings/incentives/transactions', 'Transactions'],
    ]);
    // The product form filled in, and the details of one transaction.
    await page.goto('/settings/incentives/products');
    await loaded(page);
    await page.getByRole('link', { name: `Edit ${PRODUCT}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit product' }).waitFor();
    await loaded(page);
    await expect(page.getByLabel(/^Title/).inputValue()).resolves.toBe(PRODUCT);
    await expectNoAxeViolations(page);
    await page.goto('/settings/incentives/transactions');
    await loaded(page);
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /^Transaction \d+$/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Details' }).waitFor();
    await loaded(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('has no accessibility violations on the schedule, rules and shop administration pages', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin');
    await checkPages(page, [
      ['/settings/incentives/schedules', 'Expiry schedules'],
      ['/settings/incentives/schedules/create', 'New expiry schedule'],
      ['/settings/incentives/rules', 'Rules'],
      ['/settings/incentives/shop', 'Shop settings'],
    ]);
    await context.close();
  });

  it('has no accessibility violations right to left, in Arabic', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin');
    await settled(page);
    const uid = await myUid(page);
    expect((await callApi(page, 'PATCH', `users/${uid}`, { language: 'ar' })).status).toBe(200);
    try {
      // Rewards are read in Arabic too: the first one is looked for by the title the shop gives.
      const shop = (await callApi(page, 'GET', 'incentives/shop')).json as {
        data: { title: string }[];
      };
      await page.goto('/incentives');
      await loaded(page);
      await page.getByRole('main').getByRole('link', { name: shop.data[0]!.title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expectNoAxeViolations(page);
      await page.goto('/settings/incentives/products');
      await loaded(page);
      await page.getByRole('heading', { level: 1, name: 'المنتجات' }).waitFor();
      await page.getByRole('table').waitFor();
      await expectNoAxeViolations(page);
    } finally {
      expect((await callApi(page, 'PATCH', `users/${uid}`, { language: 'en' })).status).toBe(200);
    }
    await context.close();
  });
});

/** Opens each page, waits for its heading and data, and runs axe on it. */
async function checkPages(page: Page, pages: [path: string, heading: string][]): Promise<void> {
  for (const [path, heading] of pages) {
    await page.goto(path);
    await loaded(page);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expectNoAxeViolations(page);
  }
}

/** Waits for the page loader and every skeleton announced as loading to be gone. */
async function loaded(page: Page): Promise<void> {
  await settled(page);
  await page.getByRole('main').waitFor();
  await expect
    .poll(() => page.getByRole('status', { name: /^(Loading|جارٍ التحميل)/ }).count())
    .toBe(0);
}

/** Test 2's steps: a price error, the product created and listed, the learner's purchase found, the product deleted. */
async function createProductAndFindPurchase(page: Page): Promise<void> {
  await settled(page);
  await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
  await page.getByLabel(/^Title/).fill(NEW_PRODUCT);
  const price = page.getByLabel(/^Price in points/);
  await price.fill('0');
  await page.getByRole('button', { name: 'Create product' }).click();
  // The message sits in the price field's group and the field points to it.
  const priceField = page.locator('.form-group', { has: price });
  await priceField.getByText('Must be at least 1').waitFor();
  await expect(fieldMessages(price)).resolves.toContain('Must be at least 1');
  await expect(page.getByText('Must be at least 1').count()).resolves.toBe(1);
  expect(new URL(page.url()).pathname).toBe('/settings/incentives/products/create');

  // Empty is no better.
  await price.fill('');
  await page.getByRole('button', { name: 'Create product' }).click();
  await priceField.getByText('Required').waitFor();
  await expect(fieldMessages(price)).resolves.toContain('Required');

  await price.fill('150');
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.waitForURL('**/settings/incentives/products');
  await page.getByRole('alert').filter({ hasText: 'The product has been created.' }).waitFor();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: NEW_PRODUCT }) });
  await row.waitFor();
  await expect(row.getByRole('cell').first().textContent()).resolves.toBe('150 points');

  // The learner's purchase among the transactions, and its details.
  await page.goto('/settings/incentives/transactions');
  await settled(page);
  await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
  await page.getByLabel('Kind').selectOption({ label: 'Purchase' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const purchase = page
    .getByRole('row')
    .filter({ hasText: 'Purchase' })
    .filter({ hasText: PRODUCT })
    .filter({ hasText: LEARNER_NAME });
  await purchase.first().waitFor();
  await expect(purchase.first().textContent()).resolves.toContain(`\u2212${PRODUCT_PRICE}`);
  await purchase.first().getByRole('link').click();
  await page.waitForURL(/\/settings\/incentives\/transactions\/\d+$/);
  await page.getByRole('heading', { level: 1, name: /^Transaction \d+$/ }).waitFor();
  await page.getByRole('table', { name: 'Items of the order' }).getByText(PRODUCT).waitFor();

  // Deleted again through its confirmation dialog.
  await page.goto('/settings/incentives/products');
  await settled(page);
  await page.getByRole('button', { name: `Delete ${NEW_PRODUCT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this product?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: `${NEW_PRODUCT} has been deleted.` })
    .waitFor();
  await expect.poll(() => page.getByRole('rowheader', { name: NEW_PRODUCT }).count()).toBe(0);
}

/** The texts of the elements a form control's aria-describedby names. */
async function fieldMessages(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

function format(n: number): string {
  return new Intl.NumberFormat('en-GB').format(n);
}
