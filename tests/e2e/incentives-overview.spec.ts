import type { IncentivesOverview } from '@schemas/entities/incentives.schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

const SHOTS = process.env.ATRIUM_SHOTS_DIR;

const overviewOf = async (page: Page, months: 6 | 12) => {
  const res = await callApi(page, 'GET', `incentives/overview?months=${months}`);
  expect(res.status).toBe(200);
  return res.json.data as IncentivesOverview;
};

const english = (n: number) => new Intl.NumberFormat('en').format(n);

/** What the overview on the page says, as a person reads it. */
async function readPage(page: Page) {
  const region = page.getByRole('region', { name: 'Overview' });
  const figure = (name: string) =>
    region.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd').innerText();
  const list = (name: string) =>
    region.getByRole('list', { name }).getByRole('listitem').allInnerTexts();
  return {
    outstanding: await figure('Points outstanding'),
    expiring: await figure('Expiring in the next 30 days'),
    summary: await region.locator('[data-summary]').innerText(),
    rewards: (await list('Top rewards by redemptions').catch(() => [])).length,
    rules: (await list('Top earning rules').catch(() => [])).length,
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

/**
 * Other tests move points while this one runs: the page is compared with an answer of the API
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

/** Signs the administrator in and agrees to cookies, so the banner leaves the page. */
async function adminIn(page: Page) {
  await logIn(page, 'admin');
  const disclaimer = await callApi(page, 'GET', 'settings/cookies-disclaimer');
  if ((disclaimer.json.data as { agreed: boolean }).agreed) return;
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('button', { name: 'Accept' }).waitFor({ state: 'hidden' });
}

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('incentives overview', () => {
  it('shows an administrator the figures the API gives, for 6 and 12 months, as chart and table', async () => {
    const { context, page } = await newPage(browser());
    await adminIn(page);
    const region = page.getByRole('region', { name: 'Overview' });
    const loadPage = async () => {
      await page.goto('/settings/incentives');
      await settled(page);
      await region.locator('[data-summary]').waitFor();
    };
    const six = await expectPageToMatchApi(page, 6, loadPage);
    // The chart is an image named by the summary; the table has a row per week and the totals.
    const chart = region.getByRole('img', { name: /^Over the last 6 months/ });
    await chart.waitFor();
    expect((await chart.boundingBox())!.width).toBeGreaterThan(600);
    await region.getByText('Show as table').click();
    const rows = region.getByRole('table', { name: 'Points per week' }).getByRole('row');
    expect(await rows.count()).toBe(1 + six.weeks.length + 1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'overview-en-1280');

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
    await adminIn(page);
    await page.goto('/settings/incentives');
    await settled(page);
    const region = page.getByRole('region', { name: 'Overview' });
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
    await screenshot(page, 'overview-en-390');

    const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
    expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/settings/incentives');
        await settled(page);
        const arabic = page.getByRole('region', { name: 'نظرة عامة' });
        await arabic.getByRole('img').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        // Time runs right to left: the first week's label is to the right of the last one's.
        const labels = arabic.locator('svg[role="img"] .visx-axis-bottom text');
        const first = (await labels.first().boundingBox())!;
        const last = (await labels.last().boundingBox())!;
        expect(first.x).toBeGreaterThan(last.x);
        await arabic.getByText('عرض كجدول').click();
        await expectNoAxeViolations(page);
        await screenshot(page, `overview-ar-${width}`);
      }
    } finally {
      await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
      await context.close();
    }
  });
});
