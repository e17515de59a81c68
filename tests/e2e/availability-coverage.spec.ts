import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Coverage } from '@schemas/entities/availability.schema';
import arabic from '../../translations/interface-ar.json';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';
import { inArabic } from './overview-pages';

const { browser } = launchBrowser();

const PAGE = '/course-administration/availability';
/** Where to keep pictures of the page, when asked for (a folder). */
const SHOTS = process.env.E2E_SCREENSHOTS;

const isCoverage = (url: string) => new URL(url).pathname === '/api/v2/availability/coverage';
const isAvailable = (url: string) => new URL(url).pathname === '/api/v2/availability/available';

/** The wall-clock date of an instant in a zone, `YYYY-MM-DD`. */
function dateIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

const weekdayOf = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).getUTCDay();

/** The hours the table shows: where anyone is available, else 06:00 to 22:00. */
function shownHours(counts: number[][]): number[] {
  const busy = [...Array(24).keys()].filter((hour) => counts.some((row) => row[hour]! > 0));
  const [first, last] = busy.length ? [busy[0]!, busy.at(-1)!] : [6, 21];
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

async function shot(page: Page, name: string, table?: Locator): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  if (table)
    await table
      .locator('xpath=../..')
      .screenshot({ path: path.join(SHOTS, `${name}-coverage.png`) });
}

/** The coverage the page asked for, asked again of the API. */
async function coverageOf(page: Page, asked: Promise<{ url(): string }>) {
  const search = new URL((await asked).url()).search;
  const answer = await callApi(page, 'GET', `availability/coverage${search}`);
  expect(answer.status).toBe(200);
  return { search: new URLSearchParams(search), data: answer.json.data as Coverage };
}

/** On a phone the table scrolls inside its box, the weekday column staying at the start edge. */
async function checkPhoneLayout(page: Page, table: Locator, dir: 'ltr' | 'rtl'): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = table.locator('xpath=..');
  const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  await box.evaluate(
    (el, rtl) => el.scrollTo({ left: rtl ? -el.scrollWidth : el.scrollWidth }),
    dir === 'rtl',
  );
  const day = table.getByRole('rowheader').first();
  await expect
    .poll(async () => {
      const [outer, inner] = await Promise.all([box.boundingBox(), day.boundingBox()]);
      if (!outer || !inner) return Infinity;
      return dir === 'rtl'
        ? Math.abs(outer.x + outer.width - (inner.x + inner.width))
        : Math.abs(inner.x - outer.x);
    })
    .toBeLessThanOrEqual(2);
  await box.evaluate((el) => el.scrollTo({ left: 0 }));
}

describe('availability coverage', () => {
  it('counts the trainers of each hour as the API does, and a cell finds them', async () => {
    const { context, page } = await newPage(browser(), { width: 1280, height: 900 });
    const asked = page.waitForResponse((res) => isCoverage(res.url()));
    await logIn(page, 'courseadmin', PAGE);
    await settled(page);
    const { search, data } = await coverageOf(page, asked);
    const zone = data.timezone;
    const firstDate = dateIn(search.get('start')!, zone);
    const hours = shownHours(data.counts);

    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: 'Trainers available by weekday and hour' });
    await table.waitFor();
    await expect(table.getByRole('columnheader').count()).resolves.toBe(hours.length + 1);
    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(7);
    for (let day = 0; day < 7; day++) {
      const texts = (await rows.nth(day).getByRole('button').allTextContents()).map(Number);
      expect(texts, `day ${day}`).toEqual(
        hours.map((h) => data.counts[weekdayOf(firstDate, day)]![h]),
      );
    }

    // The busiest hour of the week: its cell runs "Available between" for that hour.
    let best = { day: 0, column: 0, count: -1 };
    for (let day = 0; day < 7; day++)
      hours.forEach((hour, column) => {
        const count = data.counts[weekdayOf(firstDate, day)]![hour]!;
        if (count > best.count) best = { day, column, count };
      });
    expect(best.count).toBeGreaterThan(0);
    const cell = rows.nth(best.day).getByRole('button').nth(best.column);
    await expect(cell.getAttribute('aria-label')).resolves.toMatch(
      new RegExp(`: ${best.count} trainers? available$`),
    );
    const searched = page.waitForResponse((res) => isAvailable(res.url()));
    await cell.click();
    const slot = new URL((await searched).url()).searchParams;
    expect(Date.parse(slot.get('end')!) - Date.parse(slot.get('start')!)).toBe(3_600_000);
    const results = main.getByRole('list', { name: 'Available trainers' });
    await results.waitFor();
    await expect(
      main.getByText(new RegExp(`^Showing \\d+ of ${best.count} available trainers\\.$`)).count(),
    ).resolves.toBe(1);
    await expect(results.getByRole('listitem').count()).resolves.toBe(Math.min(best.count, 25));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Available between');

    // From the keyboard: the next hour along, then Enter.
    if (best.column + 1 < hours.length) {
      await cell.focus();
      await page.keyboard.press('ArrowRight');
      const next = rows
        .nth(best.day)
        .getByRole('button')
        .nth(best.column + 1);
      await expect.poll(() => next.evaluate((el) => el === document.activeElement)).toBe(true);
      const again = page.waitForResponse((res) => isAvailable(res.url()));
      await page.keyboard.press('Enter');
      const nextSlot = new URL((await again).url()).searchParams;
      expect(Date.parse(nextSlot.get('start')!)).toBe(Date.parse(slot.get('end')!));
    }

    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    await shot(page, 'coverage-en-1280', table);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await settled(page);
    await table.waitFor();
    await checkPhoneLayout(page, table, 'ltr');
    await expectNoAxeViolations(page);
    await shot(page, 'coverage-en-390', table);

    try {
      await inArabic(page, async () => {
        await page.setViewportSize({ width: 1280, height: 900 });
        const arabicAsked = page.waitForResponse((res) => isCoverage(res.url()));
        await page.goto(PAGE);
        await settled(page);
        const arabicCoverage = await coverageOf(page, arabicAsked);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        const arabicTable = main.getByRole('table', {
          name: arabic['Trainers available by weekday and hour'],
        });
        await arabicTable.waitFor();
        await expect(arabicTable.getByRole('columnheader').count()).resolves.toBe(
          shownHours(arabicCoverage.data.counts).length + 1,
        );
        // Hours run from the right: the first hour is right of the second.
        const [hour1, hour2] = await Promise.all([
          arabicTable.getByRole('columnheader').nth(1).boundingBox(),
          arabicTable.getByRole('columnheader').nth(2).boundingBox(),
        ]);
        expect(hour1!.x).toBeGreaterThan(hour2!.x);
        await expectNoAxeViolations(page);
        await shot(page, 'coverage-ar-1280', arabicTable);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await settled(page);
        await arabicTable.waitFor();
        await checkPhoneLayout(page, arabicTable, 'rtl');
        await expectNoAxeViolations(page);
        await shot(page, 'coverage-ar-390', arabicTable);
      });
    } finally {
      await context.close();
    }
  });
});
