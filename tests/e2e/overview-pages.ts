import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi, expectNoAxeViolations, logIn, screenshot, settled } from './fixtures';

/**
 * The steps the overview pages' specs share (the incentives, learning and points overviews, and
 * the availability coverage): signing in, opening the page and waiting for its overview,
 * comparing what it shows with the API while other tests move the figures, the table behind a
 * chart, the period toggle, and reading the page in Arabic.
 */

/** The periods an overview offers, in months. */
export type Months = 6 | 12;

/** An overview on a page: where the page is and what its region is called in each language. */
export interface OverviewPage {
  path: string;
  region: { en: string; ar: string };
}

/** Signs in and agrees to cookies, so the banner leaves the page. */
export async function logInAgreeingToCookies(page: Page, name: string): Promise<void> {
  await logIn(page, name);
  const disclaimer = await callApi(page, 'GET', 'settings/cookies-disclaimer');
  if ((disclaimer.json.data as { agreed: boolean }).agreed) return;
  // The banner can be on the page before the portal's code that answers its button: a click
  // then does nothing, so click again until the banner leaves.
  const accept = page.getByRole('button', { name: 'Accept' });
  await expect
    .poll(
      async () => {
        if (await accept.isVisible()) await accept.click({ timeout: 1_000 }).catch(() => undefined);
        return accept.isVisible();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(false);
}

/** The overview's region on the page, by its English name. */
export const overviewRegion = (page: Page, overview: OverviewPage): Locator =>
  page.getByRole('region', { name: overview.region.en });

/** Waits until the overview in `region` has its answer: its summary sentence is there. */
export async function overviewShown(page: Page, region: Locator): Promise<void> {
  await settled(page);
  await region.locator('[data-summary]').waitFor();
}

/** Opens the page and waits for its overview; returns the overview's region. */
export async function openOverview(page: Page, overview: OverviewPage): Promise<Locator> {
  await page.goto(overview.path);
  const region = overviewRegion(page, overview);
  await overviewShown(page, region);
  return region;
}

/** Chooses the last `months` months with the overview's toggle and waits for the summary. */
export async function choosePeriod(region: Locator, months: Months): Promise<void> {
  const toggle = region.getByRole('button', { name: `Last ${months} months` });
  await toggle.click();
  await region.getByText(new RegExp(`^Over the last ${months} months`)).waitFor();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
}

/**
 * Expects a page to show what an answer of the API says, while other tests may change that
 * answer: the page is compared with an answer that did not change while the page was read
 * (the same before and after), trying again if it did. Returns that answer.
 */
export async function expectPageToMatchApi<Answer, Shown>(o: {
  answer: () => Promise<Answer>;
  load: () => Promise<void>;
  read: () => Promise<Shown>;
  expected: (answer: Answer) => Shown;
}): Promise<Answer> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await o.answer();
    await o.load();
    const shown = await o.read();
    const after = await o.answer();
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 5) {
      expect(shown).toEqual(o.expected(after));
      return after;
    }
  }
}

/**
 * Expects an overview to show what the API answers for the last 6 months as it opens (`open`
 * loads the page and returns the overview's region), and for the last 12 after choosing them
 * with the toggle; the 12 months have more weeks. `sixMonths` checks more of the 6 months' page.
 * Returns both answers.
 */
export async function expectBothPeriodsToMatchApi<Answer extends { weeks: unknown[] }, Shown>(o: {
  open: () => Promise<Locator>;
  answer: (months: Months) => Promise<Answer>;
  read: () => Promise<Shown>;
  expected: (answer: Answer) => Shown;
  sixMonths?: (six: Answer, region: Locator) => Promise<void>;
}): Promise<{ six: Answer; twelve: Answer }> {
  let region: Locator | undefined;
  const six = await expectPageToMatchApi({
    answer: () => o.answer(6),
    load: async () => {
      region = await o.open();
    },
    read: o.read,
    expected: o.expected,
  });
  await o.sixMonths?.(six, region!);
  const twelve = await expectPageToMatchApi({
    answer: () => o.answer(12),
    load: async () => {
      await choosePeriod(await o.open(), 12);
    },
    read: o.read,
    expected: o.expected,
  });
  expect(twelve.weeks.length).toBeGreaterThan(six.weeks.length);
  return { six, twelve };
}

/** Opens the "Show as table" of the table named `name` in `scope`, and returns its rows. */
export async function tableRowsBehindDisclosure(scope: Locator, name: string): Promise<Locator> {
  const disclosure = scope
    .locator('details')
    .filter({ has: scope.page().locator('caption', { hasText: name }) });
  await disclosure.locator('summary').click();
  return disclosure.getByRole('table', { name }).getByRole('row');
}

/**
 * Expects the weekly chart in `region`: an image named by the summary (`name`), at least
 * `minWidth` wide, and the table behind it with a row per week between its heading and its
 * totals.
 */
export async function expectWeeklyChartAndTable(
  region: Locator,
  o: { chart: RegExp; minWidth: number; table: string; weeks: number },
): Promise<void> {
  const chart = region.getByRole('img', { name: o.chart });
  await chart.waitFor();
  expect((await chart.boundingBox())!.width).toBeGreaterThan(o.minWidth);
  const rows = await tableRowsBehindDisclosure(region, o.table);
  expect(await rows.count()).toBe(1 + o.weeks + 1);
}

/** The text of the description of `term` in a description list in `scope`. */
export function descriptionOf(scope: Locator, term: string): Promise<string> {
  return scope
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd')
    .innerText();
}

/** The texts of the items of the list named `name` in `scope`; none when there is no such list. */
export function listItemTexts(scope: Locator, name: string): Promise<string[]> {
  return scope
    .getByRole('list', { name })
    .getByRole('listitem')
    .allInnerTexts()
    .catch(() => []);
}

/**
 * The rows of the ranked list named `name` in `scope`, each its label and its value as shown;
 * none when there is no such list.
 */
export async function rankedItems(
  scope: Locator,
  name: string,
): Promise<{ label: string; value: string }[]> {
  const list = scope.getByRole('list', { name });
  if ((await list.count()) === 0) return [];
  return list.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => ({
      label: item.children[0]?.textContent ?? '',
      value: item.children[1]?.textContent ?? '',
    })),
  );
}

/** Expects the page no wider than `width`: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/**
 * Runs `check` while the signed-in user reads the portal in Arabic, and sets their language back
 * to English after, whatever happens.
 */
export async function inArabic<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
  expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
  try {
    return await check();
  } finally {
    await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
  }
}

/**
 * Checks a page with a weekly chart in its overview for a signed-in user: on a 390 px phone in
 * English (the chart, named by `chart`, fits), then in Arabic at 390 and 1280 px (right to left,
 * time running from right to left); every table shown, accessible and without sideways
 * scrolling each time. `heading` is the page's Arabic heading, when it has one to wait for.
 */
export async function expectWeeklyChartOnPhoneAndInArabic(
  page: Page,
  o: OverviewPage & { shots: string; chart?: RegExp; heading?: string },
): Promise<void> {
  await page.setViewportSize({ width: 390, height: 800 });
  const region = await openOverview(page, o);
  const chart = region.getByRole('img', { name: o.chart ?? /^Over the last 6 months/ });
  await chart.waitFor();
  const box = (await chart.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page, 390);
  for (const disclosure of await region.getByText('Show as table').all()) await disclosure.click();
  await expectNoSidewaysScroll(page, 390);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);
  await screenshot(page, `${o.shots}-en-390`);

  await inArabic(page, async () => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(o.path);
      await settled(page);
      if (o.heading) await page.getByRole('heading', { level: 1, name: o.heading }).waitFor();
      const arabic = page.getByRole('region', { name: o.region.ar });
      await arabic.getByRole('img').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // Time runs right to left: the first week's label is to the right of the last one's.
      const labels = arabic.locator('svg[role="img"] .visx-axis-bottom text');
      const first = (await labels.first().boundingBox())!;
      const last = (await labels.last().boundingBox())!;
      expect(first.x).toBeGreaterThan(last.x);
      await expectNoSidewaysScroll(page, width);
      for (const disclosure of await arabic.getByText('عرض كجدول').all()) await disclosure.click();
      await expectNoSidewaysScroll(page, width);
      // Opening the last table scrolls the page: what lies half under the sticky header then
      // is no small target.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page);
      await screenshot(page, `${o.shots}-ar-${width}`);
    }
  });
}
