import type { PointsHistory } from '@schemas/entities/incentives.schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

const SHOTS = process.env.ATRIUM_SHOTS_DIR;

const historyOf = async (page: Page, months: 6 | 12) => {
  const res = await callApi(page, 'GET', `incentives/wallet/history?months=${months}`);
  expect(res.status).toBe(200);
  return res.json.data as PointsHistory;
};

const english = (n: number) => new Intl.NumberFormat('en').format(n);
const points = (n: number) => `${english(n)} ${n === 1 ? 'point' : 'points'}`;

/** What the page says, as a person reads it. */
async function readPage(page: Page) {
  const main = page.getByRole('main');
  const figure = (name: string) =>
    main.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd').innerText();
  const expiries = main.getByRole('table', { name: 'Upcoming expiries' });
  const cells = (await expiries.count()) ? await expiries.locator('tbody td').allInnerTexts() : [];
  return {
    points: await figure('Your balance'),
    expiring: await figure('Points with an expiry date'),
    summary: await main.locator('[data-summary]').innerText(),
    expiryPoints: cells.reduce((n, text) => n + Number(text.replace(/,/g, '')), 0),
  };
}

/** What the page should say for an answer of the API. */
const expected = (h: PointsHistory) => ({
  points: points(h.points),
  expiring: points(h.expiring),
  summary: `Over the last ${h.months} months you earned ${english(h.totals.earned)} points, spent ${english(h.totals.spent)} and lost ${english(h.totals.expired)} to expiry.`,
  expiryPoints: h.expiries.reduce((n, e) => n + e.points, 0),
});

/**
 * Other tests move the learner's points while this one runs: the page is compared with an answer
 * of the API that did not change while the page was read, trying again if it did.
 */
async function expectPageToMatchApi(page: Page, months: 6 | 12, load: () => Promise<void>) {
  for (let attempt = 1; ; attempt += 1) {
    const before = await historyOf(page, months);
    await load();
    const shown = await readPage(page);
    const after = await historyOf(page, months);
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 5) {
      expect(shown).toEqual(expected(after));
      return after;
    }
  }
}

/** Signs the learner in and agrees to cookies, so the banner leaves the page. */
async function learnerIn(page: Page) {
  await logIn(page, 'learner');
  const disclaimer = await callApi(page, 'GET', 'settings/cookies-disclaimer');
  if ((disclaimer.json.data as { agreed: boolean }).agreed) return;
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('button', { name: 'Accept' }).waitFor({ state: 'hidden' });
}

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('my points', () => {
  it('takes a learner from their points to their history: the figures the API gives, as chart and tables', async () => {
    const { context, page } = await newPage(browser());
    await learnerIn(page);
    const main = page.getByRole('main');
    const loadPage = async () => {
      await page.goto('/dashboard');
      await settled(page);
      await main.getByRole('link', { name: 'See your points history' }).click();
      await page.waitForURL('**/points');
      await main.locator('[data-summary]').waitFor();
    };
    const six = await expectPageToMatchApi(page, 6, loadPage);
    expect(await page.title()).toContain('My points');
    // The chart is an image named by the summary; the table has a row per week and the totals.
    const chart = main.getByRole('img', { name: /^Over the last 6 months you earned/ });
    await chart.waitFor();
    expect((await chart.boundingBox())!.width).toBeGreaterThan(600);
    await main.getByText('Show as table').click();
    const rows = main.getByRole('table', { name: 'Points per week' }).getByRole('row');
    expect(await rows.count()).toBe(1 + six.weeks.length + 1);
    if (six.expiries.length === 0)
      await main.getByText('None of your points have an expiry date.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'points-en-1280');

    const loadTwelve = async () => {
      await page.goto('/points');
      await settled(page);
      await main.locator('[data-summary]').waitFor();
      await main.getByRole('button', { name: 'Last 12 months' }).click();
      await main.getByText(/^Over the last 12 months/).waitFor();
    };
    const twelve = await expectPageToMatchApi(page, 12, loadTwelve);
    expect(twelve.weeks.length).toBeGreaterThan(six.weeks.length);
    expect(
      await main.getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await context.close();
  });

  it('takes a learner to their points from the user menu with the keyboard, and from the navigation, in both languages', async () => {
    const { context, page } = await newPage(browser());
    await learnerIn(page);
    const main = page.getByRole('main');
    const heading = main.getByRole('heading', { level: 1, name: 'My points' });
    await page.goto('/trainings');
    await settled(page);
    // The user menu opens from the keyboard; its items are moved through with the arrows.
    await page.getByRole('button', { name: 'User menu' }).focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menu').getByRole('menuitem', { name: 'My points' });
    await item.waitFor();
    for (let i = 0; i < 10 && !(await item.evaluate((el) => el === document.activeElement)); i += 1)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/points');
    await heading.waitFor();

    await page.goto('/trainings');
    await settled(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My points' })
      .click();
    await page.waitForURL('**/points');
    await heading.waitFor();

    const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
    expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
    try {
      await page.goto('/trainings');
      await settled(page);
      await page
        .getByRole('navigation', { name: 'التنقّل الرئيسي' })
        .getByRole('link', { name: 'نقاطي' })
        .waitFor();
      await page.getByRole('button', { name: 'قائمة المستخدم' }).click();
      await page.getByRole('menuitem', { name: 'نقاطي' }).click();
      await page.waitForURL('**/points');
      await main.getByRole('heading', { level: 1, name: 'نقاطي' }).waitFor();
    } finally {
      await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
      await context.close();
    }
  });

  it('shows only the caller’s own history, and none to a visitor', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    expect((await callApi(page, 'GET', 'incentives/wallet/history')).status).toBe(401);
    await logIn(page, 'trainer');
    const own = await historyOf(page, 6);
    const wallet = (await callApi(page, 'GET', 'incentives/wallet')).json.data as {
      points: number;
    };
    expect(own.points).toBe(wallet.points);
    await context.close();
  });

  it('fits a phone, and reads right to left in Arabic', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await learnerIn(page);
    await page.goto('/points');
    await settled(page);
    const main = page.getByRole('main');
    await main.locator('[data-summary]').waitFor();
    const chart = main.getByRole('img', { name: /^Over the last 6 months you earned/ });
    await chart.waitFor();
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await main.getByText('Show as table').click();
    await expectNoAxeViolations(page);
    await screenshot(page, 'points-en-390');

    const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
    expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/points');
        await settled(page);
        await page.getByRole('heading', { level: 1, name: 'نقاطي' }).waitFor();
        const arabic = page.getByRole('main');
        await arabic.getByRole('img').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        // Time runs right to left: the first week's label is to the right of the last one's.
        const labels = arabic.locator('svg[role="img"] .visx-axis-bottom text');
        const first = (await labels.first().boundingBox())!;
        const last = (await labels.last().boundingBox())!;
        expect(first.x).toBeGreaterThan(last.x);
        await arabic.getByText('عرض كجدول').click();
        await expectNoAxeViolations(page);
        await screenshot(page, `points-ar-${width}`);
      }
    } finally {
      await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
      await context.close();
    }
  });
});
