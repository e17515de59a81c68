import type { LearningOverview } from '@schemas/entities/learning-overview.schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

const SHOTS = process.env.ATRIUM_SHOTS_DIR;
const PAGE = '/course-administration';

const overviewOf = async (page: Page, months: 6 | 12) => {
  const res = await callApi(page, 'GET', `learning/overview?months=${months}`);
  expect(res.status).toBe(200);
  return res.json.data as LearningOverview;
};

const english = (n: number) => new Intl.NumberFormat('en').format(n);
const percent = (o: { subscriptions: number; completions: number }) =>
  `${english(o.subscriptions ? Math.round((o.completions / o.subscriptions) * 100) : 0)}%`;

/** What the overview on the page says, as a person reads it. */
async function readPage(page: Page) {
  const region = page.getByRole('region', { name: 'Learning overview' });
  const figure = (name: string) =>
    region
      .locator('dt', { hasText: new RegExp(`^${name}$`) })
      .locator('xpath=following-sibling::dd')
      .innerText();
  const list = (name: string) =>
    region.getByRole('list', { name }).getByRole('listitem').allInnerTexts();
  return {
    subscriptions: await figure('All subscriptions'),
    completions: await figure('Completed'),
    rate: await figure('Completion rate'),
    summary: await region.locator('[data-summary]').innerText(),
    trainings: (await list('Most subscribed trainings').catch(() => [])).length,
    topics: (await list('Completion rate by topic').catch(() => [])).length,
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

/**
 * Other tests subscribe while this one runs: the page is compared with an answer of the API
 * that did not change while the page was read (the same before and after), trying again if it
 * did.
 */
async function expectPageToMatchApi(page: Page, months: 6 | 12, load: () => Promise<void>) {
  for (let attempt = 1; ; attempt += 1) {
    const before = await overviewOf(page, months);
    await load();
    const shown = await readPage(page);
    const after = await overviewOf(page, months);
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 5) {
      expect(shown).toEqual(expected(after));
      return after;
    }
  }
}

/** Signs the course administrator in and agrees to cookies, so the banner leaves the page. */
async function courseAdminIn(page: Page) {
  await logIn(page, 'courseadmin');
  const disclaimer = await callApi(page, 'GET', 'settings/cookies-disclaimer');
  if ((disclaimer.json.data as { agreed: boolean }).agreed) return;
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('button', { name: 'Accept' }).waitFor({ state: 'hidden' });
}

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('learning overview', () => {
  // The demo's subscriptions are months old: one made now puts this week on the chart.
  let subscribed: number | undefined;
  beforeAll(async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'courseadmin');
    const trainings = await callApi(page, 'GET', 'trainings?limit=1');
    const id = (trainings.json.data as { id: number }[])[0]!.id;
    const res = await callApi(page, 'POST', `trainings/${id}/subscription`, {});
    expect(res.status).toBe(200);
    subscribed = id;
    await context.close();
  });
  afterAll(async () => {
    if (subscribed === undefined) return;
    const { context, page } = await newPage(browser());
    await logIn(page, 'courseadmin');
    await callApi(page, 'DELETE', `trainings/${subscribed}/subscription`);
    await context.close();
  });

  it('shows a course administrator the figures the API gives, for 6 and 12 months, as chart and table', async () => {
    const { context, page } = await newPage(browser());
    await courseAdminIn(page);
    const region = page.getByRole('region', { name: 'Learning overview' });
    const loadPage = async () => {
      await page.goto(PAGE);
      await settled(page);
      await region.locator('[data-summary]').waitFor();
    };
    const six = await expectPageToMatchApi(page, 6, loadPage);
    expect(six.totals.subscriptions).toBeGreaterThanOrEqual(1);
    // The chart is an image named by the summary; the table has a row per week and the totals.
    const chart = region.getByRole('img', { name: /^Over the last 6 months/ });
    await chart.waitFor();
    expect((await chart.boundingBox())!.width).toBeGreaterThan(500);
    await region.getByText('Show as table').first().click();
    const rows = region
      .getByRole('table', { name: 'Subscriptions and completions per week' })
      .getByRole('row');
    expect(await rows.count()).toBe(1 + six.weeks.length + 1);
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

    const loadTwelve = async () => {
      await loadPage();
      await region.getByRole('button', { name: 'Last 12 months' }).click();
      await region.getByText(/^Over the last 12 months/).waitFor();
    };
    const twelve = await expectPageToMatchApi(page, 12, loadTwelve);
    expect(twelve.weeks.length).toBeGreaterThan(six.weeks.length);
    expect(
      await region.getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await context.close();
  });

  it('fits a phone, and reads right to left in Arabic', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await courseAdminIn(page);
    await page.goto(PAGE);
    await settled(page);
    const region = page.getByRole('region', { name: 'Learning overview' });
    await region.locator('[data-summary]').waitFor();
    const chart = region.getByRole('img', { name: /^Over the last 6 months/ });
    await chart.waitFor();
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'learning-overview-en-390');

    const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
    expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(PAGE);
        await settled(page);
        const arabic = page.getByRole('region', { name: 'نظرة عامة على التعلّم' });
        await arabic.getByRole('img').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        // Time runs right to left: the first week's label is to the right of the last one's.
        const labels = arabic.locator('svg[role="img"] .visx-axis-bottom text');
        const first = (await labels.first().boundingBox())!;
        const last = (await labels.last().boundingBox())!;
        expect(first.x).toBeGreaterThan(last.x);
        for (const disclosure of await arabic.getByText('عرض كجدول').all())
          await disclosure.click();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        await expectNoAxeViolations(page);
        await screenshot(page, `learning-overview-ar-${width}`);
      }
    } finally {
      await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
      await context.close();
    }
  });
});
