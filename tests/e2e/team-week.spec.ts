import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OverviewRow } from '@schemas/entities/availability.schema';
import arabic from '../../translations/interface-ar.json';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

const PAGE = '/course-administration/availability';
/** Where to keep pictures of the view, when asked for (a folder). */
const SHOTS = process.env.E2E_SCREENSHOTS;

const isOverview = (url: string) => new URL(url).pathname === '/api/v2/availability';

/** A wall-clock date and time of an instant in a zone: `YYYY-MM-DD` and `HH:MM`. */
function wallClock(instant: string, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The row of one trainer in the grid. */
const rowOf = (grid: Locator, name: string) =>
  grid.getByRole('row').filter({ has: grid.page().getByRole('rowheader', { name, exact: true }) });

async function shot(page: Page, name: string, grid?: Locator): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  // A close-up of the view itself, at the size it is drawn.
  if (grid)
    await grid.locator('xpath=../..').screenshot({ path: path.join(SHOTS, `${name}-view.png`) });
}

/** The names the grid shows, row by row, once its rows match the API's. */
async function namesInGrid(grid: Locator): Promise<string[]> {
  return (await grid.getByRole('rowheader').allTextContents()).map((n) => n.trim());
}

/** Checks the grid scrolls inside its own box on a phone, the names column staying in view. */
async function checkPhoneLayout(page: Page, grid: Locator, dir: 'ltr' | 'rtl'): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = grid.locator('xpath=..');
  const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  // Scrolled to the far end of the week, the first name still sits at the start edge.
  await box.evaluate(
    (el, rtl) => el.scrollTo({ left: rtl ? -el.scrollWidth : el.scrollWidth }),
    dir === 'rtl',
  );
  const name = grid.getByRole('rowheader').first();
  await expect
    .poll(async () => {
      const [outer, inner] = await Promise.all([box.boundingBox(), name.boundingBox()]);
      if (!outer || !inner) return Infinity;
      return dir === 'rtl'
        ? Math.abs(outer.x + outer.width - (inner.x + inner.width))
        : Math.abs(inner.x - outer.x);
    })
    .toBeLessThanOrEqual(2);
  await expect(name.getByRole('link').isVisible()).resolves.toBe(true);
  await box.evaluate((el) => el.scrollTo({ left: 0 }));
}

describe('the week by trainer', () => {
  it('shows a row per trainer the API returns, their hours as bars, in English and Arabic, wide and narrow', async () => {
    const { context, page } = await newPage(browser(), { width: 1280, height: 900 });
    const first = page.waitForResponse((res) => isOverview(res.url()));
    await logIn(page, 'courseadmin', PAGE);
    await settled(page);
    const search = new URL((await first).url()).search;
    const answer = await callApi(page, 'GET', `availability${search}`);
    expect(answer.status).toBe(200);
    const rows = answer.json.data as OverviewRow[];
    expect(rows.some((r) => r.intervals.length > 0)).toBe(true);

    const main = page.getByRole('main');
    const grid = main.getByRole('table', { name: 'Availability by trainer' });
    await grid.waitFor();
    await expect(
      main.getByRole('button', { name: 'Week by trainer' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await expect(namesInGrid(grid)).resolves.toEqual(rows.map((r) => r.trainer.display_name));
    await expect(grid.getByRole('columnheader').count()).resolves.toBe(8);

    // A bar of an interval that starts and ends on one day of the viewer's week.
    const general = await callApi(page, 'GET', 'settings?type=general');
    const zone = (general.json.data as { current_timezone: string }).current_timezone;
    const weekStart = wallClock(new URL(`http://x${search}`).searchParams.get('start')!, zone).date;
    const picked = rows
      .flatMap((r) => r.intervals.map((i) => ({ r, i })))
      .map(({ r, i }) => ({ r, start: wallClock(i.start, zone), end: wallClock(i.end, zone) }))
      .find(({ start, end }) => start.date === end.date && end.time !== '00:00');
    expect(picked).toBeDefined();
    const { r, start, end } = picked!;
    const cell = rowOf(grid, r.trainer.display_name)
      .getByRole('cell')
      .nth(daysBetween(weekStart, start.date));
    const bar = cell
      .getByRole('listitem')
      .filter({ hasText: `Available ${start.time}–${end.time}` });
    await expect(bar.count()).resolves.toBe(1);
    const [barBox, cellBox] = await Promise.all([bar.boundingBox(), cell.boundingBox()]);
    expect(barBox!.width).toBeGreaterThan(0);
    expect(barBox!.x).toBeGreaterThanOrEqual(cellBox!.x);
    expect(barBox!.x + barBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width);

    await expectNoAxeViolations(page);
    await shot(page, 'team-week-en-1280', grid);

    // A phone opens the page as it is: the sidebar closed, the grid scrolling inside its box.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await settled(page);
    await grid.waitFor();
    await shot(page, 'team-week-en-390', grid);
    await checkPhoneLayout(page, grid, 'ltr');
    await expectNoAxeViolations(page);

    // The name opens the trainer's own calendar from the keyboard.
    await page.setViewportSize({ width: 1280, height: 900 });
    const link = rowOf(grid, r.trainer.display_name).getByRole('link');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${PAGE}/${r.trainer.uid}`);
    await page
      .getByRole('heading', { level: 1, name: `Trainer availability: ${r.trainer.display_name}` })
      .waitFor();

    const me = await callApi(page, 'GET', 'me');
    const uid = (me.json.data as { uid: number }).uid;
    expect((await callApi(page, 'PATCH', `users/${uid}`, { language: 'ar' })).status).toBe(200);
    try {
      const arabicAnswer = page.waitForResponse((res) => isOverview(res.url()));
      await page.goto(PAGE);
      await settled(page);
      const arabicSearch = new URL((await arabicAnswer).url()).search;
      const arabicRows = (await callApi(page, 'GET', `availability${arabicSearch}`)).json
        .data as OverviewRow[];
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const arabicGrid = main.getByRole('table', { name: arabic['Availability by trainer'] });
      await arabicGrid.waitFor();
      await expect(namesInGrid(arabicGrid)).resolves.toEqual(
        arabicRows.map((row) => row.trainer.display_name),
      );
      // Days run from the right: the week's first day is right of its second.
      const [day1, day2] = await Promise.all([
        arabicGrid.getByRole('columnheader').nth(1).boundingBox(),
        arabicGrid.getByRole('columnheader').nth(2).boundingBox(),
      ]);
      expect(day1!.x).toBeGreaterThan(day2!.x);
      await expectNoAxeViolations(page);
      await shot(page, 'team-week-ar-1280', arabicGrid);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await settled(page);
      await arabicGrid.waitFor();
      await shot(page, 'team-week-ar-390', arabicGrid);
      await checkPhoneLayout(page, arabicGrid, 'rtl');
      await expectNoAxeViolations(page);
    } finally {
      await callApi(page, 'PATCH', `users/${uid}`, { language: 'en' });
      await context.close();
    }
  });

  it('remembers the calendar when it is chosen instead', async () => {
    const { context, page } = await newPage(browser());
    try {
      await logIn(page, 'courseadmin', PAGE);
      await settled(page);
      const main = page.getByRole('main');
      const grid = main.getByRole('table', { name: 'Availability by trainer' });
      await grid.waitFor();
      await main.getByRole('button', { name: 'Calendar', exact: true }).click();
      await page.locator('.availability-calendar [tabindex="0"]').first().waitFor();
      await page.reload();
      await settled(page);
      await page.locator('.availability-calendar [tabindex="0"]').first().waitFor();
      await expect(
        main.getByRole('button', { name: 'Calendar', exact: true }).getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      await expect(grid.count()).resolves.toBe(0);
      await main.getByRole('button', { name: 'Week by trainer' }).click();
      await grid.waitFor();
    } finally {
      await context.close();
    }
  });
});
