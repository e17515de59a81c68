import type { PointsHistory } from '@schemas/entities/incentives.schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  callApi,
  expectNoAxeViolations,
  launchBrowser,
  logIn,
  newPage,
  screenshot,
  settled,
} from './fixtures';
import {
  descriptionOf,
  expectBothPeriodsToMatchApi,
  expectWeeklyChartAndTable,
  expectWeeklyChartOnPhoneAndInArabic,
  inArabic,
  logInAgreeingToCookies,
  overviewRegion,
  overviewShown,
  type Months,
  type OverviewPage,
} from './overview-pages';

const { browser } = launchBrowser();

const HISTORY: OverviewPage = {
  path: '/points',
  region: { en: 'Your points history', ar: 'سجل نقاطك' },
};

const historyOf = async (page: Page, months: Months) => {
  const res = await callApi(page, 'GET', `incentives/wallet/history?months=${months}`);
  expect(res.status).toBe(200);
  return res.json.data as PointsHistory;
};

const english = (n: number) => new Intl.NumberFormat('en').format(n);
const points = (n: number) => `${english(n)} ${n === 1 ? 'point' : 'points'}`;

/** What the page says, as a person reads it. */
async function readPage(page: Page) {
  const region = overviewRegion(page, HISTORY);
  const expiries = region.getByRole('table', { name: 'Upcoming expiries' });
  const cells = (await expiries.count()) ? await expiries.locator('tbody td').allInnerTexts() : [];
  return {
    points: await descriptionOf(region, 'Your balance'),
    expiring: await descriptionOf(region, 'Points with an expiry date'),
    summary: await region.locator('[data-summary]').innerText(),
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

describe('my points', () => {
  it('takes a learner from their points to their history: the figures the API gives, as chart and tables', async () => {
    const { context, page } = await newPage(browser());
    await logInAgreeingToCookies(page, 'learner');
    const main = page.getByRole('main');
    // Other tests move the learner's points while this one runs: see expectPageToMatchApi.
    await expectBothPeriodsToMatchApi({
      open: async () => {
        await page.goto('/dashboard');
        await settled(page);
        await main.getByRole('link', { name: 'See your points history' }).click();
        await page.waitForURL('**/points');
        const region = overviewRegion(page, HISTORY);
        await overviewShown(page, region);
        return region;
      },
      answer: (months) => historyOf(page, months),
      read: () => readPage(page),
      expected,
      sixMonths: async (six, region) => {
        expect(await page.title()).toContain('My points');
        // The chart is an image named by the summary; the table has a row per week and the
        // totals.
        await expectWeeklyChartAndTable(region, {
          chart: /^Over the last 6 months you earned/,
          minWidth: 600,
          table: 'Points per week',
          weeks: six.weeks.length,
        });
        if (six.expiries.length === 0)
          await region.getByText('None of your points have an expiry date.').waitFor();
        await expectNoAxeViolations(page);
        await screenshot(page, 'points-en-1280');
      },
    });
    await context.close();
  });

  it('takes a learner to their points from the user menu with the keyboard, and from the navigation, in both languages', async () => {
    const { context, page } = await newPage(browser());
    await logInAgreeingToCookies(page, 'learner');
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

    try {
      await inArabic(page, async () => {
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
      });
    } finally {
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
    await logInAgreeingToCookies(page, 'learner');
    try {
      await expectWeeklyChartOnPhoneAndInArabic(page, {
        ...HISTORY,
        shots: 'points',
        chart: /^Over the last 6 months you earned/,
        heading: 'نقاطي',
      });
    } finally {
      await context.close();
    }
  });
});
