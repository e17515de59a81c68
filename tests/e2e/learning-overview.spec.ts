import type { LearningOverview } from '@schemas/entities/learning-overview.schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, expectNoAxeViolations, launchBrowser, newPage, screenshot } from './fixtures';
import {
  descriptionOf,
  expectBothPeriodsToMatchApi,
  expectWeeklyChartAndTable,
  expectWeeklyChartOnPhoneAndInArabic,
  listItemTexts,
  logInAgreeingToCookies,
  openOverview,
  overviewRegion,
  type Months,
  type OverviewPage,
} from './overview-pages';

const { browser } = launchBrowser();

const OVERVIEW: OverviewPage = {
  path: '/course-administration',
  region: { en: 'Learning overview', ar: 'نظرة عامة على التعلّم' },
};

const overviewOf = async (page: Page, months: Months) => {
  const res = await callApi(page, 'GET', `learning/overview?months=${months}`);
  expect(res.status).toBe(200);
  return res.json.data as LearningOverview;
};

const english = (n: number) => new Intl.NumberFormat('en').format(n);
const percent = (o: { subscriptions: number; completions: number }) =>
  `${english(o.subscriptions ? Math.round((o.completions / o.subscriptions) * 100) : 0)}%`;

/** What the overview on the page says, as a person reads it. */
async function readPage(page: Page) {
  const region = overviewRegion(page, OVERVIEW);
  return {
    subscriptions: await descriptionOf(region, 'All subscriptions'),
    completions: await descriptionOf(region, 'Completed'),
    rate: await descriptionOf(region, 'Completion rate'),
    summary: await region.locator('[data-summary]').innerText(),
    trainings: (await listItemTexts(region, 'Most subscribed trainings')).length,
    topics: (await listItemTexts(region, 'Completion rate by topic')).length,
  };
}

/** What the page should say for an answer of the API. */
function expected(o: LearningOverview) {
  const first = o.vocabularies.find((v) => o.topics.some((t) => t.vocabulary === v.type));
  return {
    subscriptions: english(o.all_time.subscriptions),
    completions: english(o.all_time.completions),
    rate: percent(o.all_time),
    summary: `Over the last ${o.months} months learners made ${english(o.totals.subscriptions)} subscription${o.totals.subscriptions === 1 ? '' : 's'} and completed ${english(o.totals.completions)}.`,
    trainings: o.top_trainings.length,
    topics: o.topics.filter((t) => t.vocabulary === first?.type).length,
  };
}

describe('learning overview', () => {
  it('shows a course administrator the figures the API gives, for 6 and 12 months, as chart and table', async () => {
    const { context, page } = await newPage(browser());
    await logInAgreeingToCookies(page, 'courseadmin');
    // Other tests subscribe while this one runs: see expectPageToMatchApi.
    await expectBothPeriodsToMatchApi({
      open: () => openOverview(page, OVERVIEW),
      answer: (months) => overviewOf(page, months),
      read: () => readPage(page),
      expected,
      sixMonths: async (six, region) => {
        // The demo's subscriptions span the last weeks: the default view shows their trend.
        expect(six.weeks.filter((w) => w.subscriptions > 0).length).toBeGreaterThan(1);
        expect(six.weeks.filter((w) => w.completions > 0).length).toBeGreaterThan(1);
        // The chart is an image named by the summary; the table has a row per week and the
        // totals.
        await expectWeeklyChartAndTable(region, {
          chart: /^Over the last 6 months/,
          minWidth: 500,
          table: 'Subscriptions and completions per week',
          weeks: six.weeks.length,
        });
        // The most subscribed training is named first, with its subscriptions.
        const top = six.top_trainings[0]!;
        const first = region
          .getByRole('list', { name: 'Most subscribed trainings' })
          .getByRole('listitem')
          .first();
        expect(await first.innerText()).toContain(top.title);
        expect(await first.innerText()).toContain(
          `${english(top.subscriptions)} subscription${top.subscriptions === 1 ? '' : 's'}`,
        );
        // The page's child pages are still listed below the overview.
        await expect
          .poll(() => page.getByRole('link', { name: /Trainer availability/ }).count())
          .toBeGreaterThan(0);
        await expectNoAxeViolations(page);
        await screenshot(page, 'learning-overview-en-1280');
      },
    });
    await context.close();
  });

  it('fits a phone, and reads right to left in Arabic', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await logInAgreeingToCookies(page, 'courseadmin');
    try {
      await expectWeeklyChartOnPhoneAndInArabic(page, { ...OVERVIEW, shots: 'learning-overview' });
    } finally {
      await context.close();
    }
  });
});
