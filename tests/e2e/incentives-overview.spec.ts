import type { IncentivesOverview } from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, expectNoAxeViolations, launchBrowser, newPage, screenshot } from './fixtures';
import {
  descriptionOf,
  expectBothPeriodsToMatchApi,
  expectWeeklyChartAndTable,
  expectWeeklyChartOnPhoneAndInArabic,
  logInAgreeingToCookies,
  openOverview,
  overviewRegion,
  rankedItems,
  type Months,
  type OverviewPage,
} from './overview-pages';

const { browser } = launchBrowser();

const OVERVIEW: OverviewPage = {
  path: '/settings/incentives',
  region: { en: 'Overview', ar: 'نظرة عامة' },
};

const overviewOf = async (page: Page, months: Months) => {
  const res = await callApi(page, 'GET', `incentives/overview?months=${months}`);
  expect(res.status).toBe(200);
  return res.json.data as IncentivesOverview;
};

const english = (n: number) => new Intl.NumberFormat('en').format(n);
const counted = (n: number, one: string, many: string) => `${english(n)} ${n === 1 ? one : many}`;
/** A rule as the page names it: its declared label. */
const ruleLabel = (rule: string) => ruleTypes.find((r) => r.type === rule)?.label ?? rule;

/** What the overview on the page says, as a person reads it. */
async function readPage(page: Page) {
  const region = overviewRegion(page, OVERVIEW);
  const caution = region.getByRole('note');
  return {
    outstanding: await descriptionOf(region, 'Points outstanding'),
    expiring: await descriptionOf(region, 'Expiring in the next 30 days'),
    summary: await region.locator('[data-summary]').innerText(),
    rewards: await rankedItems(region, 'Top rewards by redemptions'),
    rules: await rankedItems(region, 'Top earning rules'),
    caution: (await caution.count()) ? await caution.locator('p').allInnerTexts() : null,
  };
}

/** What the page should say for an answer of the API. */
const expected = (o: IncentivesOverview) => ({
  outstanding: english(o.outstanding),
  expiring: english(o.expiring_soon),
  summary: `Over the last ${o.months} months ${english(o.totals.issued)} points were issued, ${english(o.totals.redeemed)} redeemed and ${english(o.totals.expired)} expired.`,
  rewards: o.top_rewards.map((r) => ({
    label: r.title,
    value: counted(r.redemptions, 'redemption', 'redemptions'),
  })),
  rules: o.top_rules.map((r) => ({
    label: ruleLabel(r.rule),
    value: counted(r.points, 'point', 'points'),
  })),
  caution:
    o.held.awards > 0
      ? [
          `The cheat guard held back ${counted(o.held.awards, 'award', 'awards')} in this period.`,
          `Held back by rule: ${o.held.rules.map((r) => `${ruleLabel(r.rule)} (${english(r.awards)})`).join(', ')}.`,
        ]
      : null,
});

describe('incentives overview', () => {
  it('shows an administrator the figures the API gives, for 6 and 12 months, as chart and table', async () => {
    const { context, page } = await newPage(browser());
    await logInAgreeingToCookies(page, 'admin');
    // Other tests move points while this one runs: see expectPageToMatchApi.
    await expectBothPeriodsToMatchApi({
      open: () => openOverview(page, OVERVIEW),
      answer: (months) => overviewOf(page, months),
      read: () => readPage(page),
      expected,
      sixMonths: async (six, region) => {
        // The demo's history ranks several rewards and rules, and the guard held an award back.
        expect(six.top_rewards.length).toBeGreaterThan(2);
        expect(six.top_rules.length).toBeGreaterThan(1);
        expect(six.held.awards).toBeGreaterThan(0);
        // The chart is an image named by the summary; the table has a row per week and the
        // totals.
        await expectWeeklyChartAndTable(region, {
          chart: /^Over the last 6 months/,
          minWidth: 600,
          table: 'Points per week',
          weeks: six.weeks.length,
        });
        await expectNoAxeViolations(page);
        await screenshot(page, 'overview-en-1280');
      },
    });
    await context.close();
  });

  it('fits a phone, and reads right to left in Arabic', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await logInAgreeingToCookies(page, 'admin');
    try {
      await expectWeeklyChartOnPhoneAndInArabic(page, { ...OVERVIEW, shots: 'overview' });
    } finally {
      await context.close();
    }
  });
});
