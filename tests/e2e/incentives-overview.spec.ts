import type { IncentivesOverview } from '@schemas/entities/incentives.schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  callApi,
  descriptionOf,
  expectNoAxeViolations,
  expectPageToMatchApi,
  expectWeeklyChartOnPhoneAndInArabic,
  launchBrowser,
  listItemTexts,
  logInAgreeingToCookies,
  newPage,
  screenshot,
  settled,
  tableRowsBehindDisclosure,
} from './fixtures';

const { browser } = launchBrowser();

const PAGE = '/settings/incentives';

const overviewOf = async (page: Page, months: 6 | 12) => {
  const res = await callApi(page, 'GET', `incentives/overview?months=${months}`);
  expect(res.status).toBe(200);
  return res.json.data as IncentivesOverview;
};

const english = (n: number) => new Intl.NumberFormat('en').format(n);

/** What the overview on the page says, as a person reads it. */
async function readPage(page: Page) {
  const region = page.getByRole('region', { name: 'Overview' });
  return {
    outstanding: await descriptionOf(region, 'Points outstanding'),
    expiring: await descriptionOf(region, 'Expiring in the next 30 days'),
    summary: await region.locator('[data-summary]').innerText(),
    rewards: (await listItemTexts(region, 'Top rewards by redemptions')).length,
    rules: (await listItemTexts(region, 'Top earning rules')).length,
  };
}

/** What the page should say for an answer of the API. */
const expected = (o: IncentivesOverview) => ({
  outstanding: english(o.outstanding),
  expiring: english(o.expiring_soon),
  summary: `Over the last ${o.months} months ${english(o.totals.issued)} points were issued, ${english(o.totals.redeemed)} redeemed and ${english(o.totals.expired)} expired.`,
  rewards: o.top_rewards.length,
  rules: o.top_rules.length,
});

/** Other tests move points while this one runs: see {@link expectPageToMatchApi}. */
const expectOverview = (page: Page, months: 6 | 12, load: () => Promise<void>) =>
  expectPageToMatchApi({
    answer: () => overviewOf(page, months),
    load,
    read: () => readPage(page),
    expected,
  });

describe('incentives overview', () => {
  it('shows an administrator the figures the API gives, for 6 and 12 months, as chart and table', async () => {
    const { context, page } = await newPage(browser());
    await logInAgreeingToCookies(page, 'admin');
    const region = page.getByRole('region', { name: 'Overview' });
    const loadPage = async () => {
      await page.goto(PAGE);
      await settled(page);
      await region.locator('[data-summary]').waitFor();
    };
    const six = await expectOverview(page, 6, loadPage);
    // The chart is an image named by the summary; the table has a row per week and the totals.
    const chart = region.getByRole('img', { name: /^Over the last 6 months/ });
    await chart.waitFor();
    expect((await chart.boundingBox())!.width).toBeGreaterThan(600);
    const rows = await tableRowsBehindDisclosure(region, 'Points per week');
    expect(await rows.count()).toBe(1 + six.weeks.length + 1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'overview-en-1280');

    const loadTwelve = async () => {
      await loadPage();
      await region.getByRole('button', { name: 'Last 12 months' }).click();
      await region.getByText(/^Over the last 12 months/).waitFor();
    };
    const twelve = await expectOverview(page, 12, loadTwelve);
    expect(twelve.weeks.length).toBeGreaterThan(six.weeks.length);
    expect(
      await region.getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await context.close();
  });

  it('fits a phone, and reads right to left in Arabic', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await logInAgreeingToCookies(page, 'admin');
    try {
      await expectWeeklyChartOnPhoneAndInArabic(page, {
        path: PAGE,
        region: { en: 'Overview', ar: 'نظرة عامة' },
        shots: 'overview',
      });
    } finally {
      await context.close();
    }
  });
});
