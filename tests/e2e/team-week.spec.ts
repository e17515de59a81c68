import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  // Four full views and axe four times: room for a machine whose cores are busy.
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
  }, 120_000);

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

/** First and last names of the trainers a large team adds: short, long and in Arabic script. */
const FIRST = [
  'Li',
  'Maximiliane',
  'Oluwaseun',
  'Anh',
  'Bartholomew',
  'ليلى',
  'Zoë',
  'Jean-Baptiste',
];
const LAST = ['Ng', 'Wolkenstein-Rodenegg', 'Adebayo-Okonkwo', 'Ó Súilleabháin', 'الحسيني', 'Kim'];
/** How many trainers the large team adds: more than a page of the week by trainer. */
const ADDED = 55;

/**
 * The rows of the grid as drawn: each name's link and cell, the first day's cell, and the bars
 * of each day, as boxes.
 */
function drawnRows(grid: Locator) {
  return grid.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
      };
      const name = row.querySelector('th')!;
      const link = name.querySelector('a')!;
      const cells = [...row.querySelectorAll('td')];
      return {
        text: link.textContent?.trim() ?? '',
        name: box(name),
        link: box(link),
        // Drawn, and its text not hidden (visibility, zero opacity).
        shown: link.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
        firstDay: box(cells[0]!),
        days: cells.map((cell) => ({
          cell: box(cell),
          bars: [...cell.querySelectorAll('li')].map((li) => ({
            ...box(li),
            text: li.textContent,
          })),
        })),
      };
    }),
  );
}

/** Every name legible beside the days, every bar in its day and clear of the others. */
async function expectLegibleRows(grid: Locator, names: string[], dir: 'ltr' | 'rtl') {
  const rows = await drawnRows(grid);
  expect(rows.map((r) => r.text)).toEqual(names);
  const problems: string[] = [];
  for (const row of rows) {
    if (!row.shown) problems.push(`${row.text}: hidden`);
    // Not a sliver: the names column keeps room for a word or two.
    if (row.name.width < 120) problems.push(`${row.text}: name cell ${row.name.width} px wide`);
    if (row.link.width < 40) problems.push(`${row.text}: name ${row.link.width} px wide`);
    // The name stays inside its cell, clear of the first day.
    const clear =
      dir === 'ltr'
        ? row.link.right <= row.firstDay.left + 0.5 && row.link.left >= row.name.left - 0.5
        : row.link.left >= row.firstDay.right - 0.5 && row.link.right <= row.name.right + 0.5;
    if (!clear) problems.push(`${row.text}: the name runs into the first day`);
    if (row.link.top < row.name.top - 0.5 || row.link.bottom > row.name.bottom + 0.5)
      problems.push(`${row.text}: the name runs out of its row`);
    row.days.forEach((day, i) => {
      const bars = [...day.bars].sort((a, b) => a.left - b.left);
      bars.forEach((bar, j) => {
        if (bar.width <= 0) problems.push(`${row.text}, day ${i + 1}: an empty bar`);
        if (bar.left < day.cell.left - 0.5 || bar.right > day.cell.right + 0.5)
          problems.push(`${row.text}, day ${i + 1}: ${bar.text} out of its day`);
        const next = bars[j + 1];
        if (next && next.left < bar.right - 0.5)
          problems.push(`${row.text}, day ${i + 1}: ${bar.text} over ${next.text}`);
      });
    });
  }
  expect(problems).toEqual([]);
}

describe('the week by trainer of a large team', () => {
  const added: number[] = [];
  let admin: { context: BrowserContext; page: Page };
  /** How many trainers the site has, from the API. */
  const trainerCount = async () => {
    const res = await callApi(admin.page, 'GET', 'availability/trainers?limit=1');
    expect(res.status).toBe(200);
    return (res.json as unknown as { meta: { total: number } }).meta.total;
  };
  let before = 0;

  beforeAll(async () => {
    admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    before = await trainerCount();
    const run = Date.now().toString(36);
    // A few at a time: each account's password is hashed on the server.
    for (let i = 0; i < ADDED; i += 5) {
      const batch = Array.from({ length: Math.min(5, ADDED - i) }, (_, k) => i + k);
      const uids = await Promise.all(
        batch.map(async (n) => {
          const res = await callApi(admin.page, 'POST', 'users', {
            name: `team-week-${run}-${n}`,
            mail: `team-week-${run}-${n}@example.org`,
            password: `team-week-${run}-password`,
            first_name: FIRST[n % FIRST.length],
            last_name: LAST[n % LAST.length],
            roles: ['trainer'],
          });
          expect(res.status, JSON.stringify(res.json)).toBe(201);
          const uid = (res.json.data as { uid: number }).uid;
          added.push(uid);
          // Two stretches on most days, starting a little later for each trainer.
          const from = 7 + (n % 4);
          const hours = [0, 1, 2, 3, 4, 5, 6]
            .filter((day) => (day + n) % 7 !== 0)
            .flatMap((weekday) => [
              { weekday, start: `${String(from).padStart(2, '0')}:00`, end: '12:00' },
              { weekday, start: '13:00', end: `${16 + (n % 3)}:30` },
            ]);
          const weekly = await callApi(admin.page, 'PUT', `availability/${uid}/weekly`, { hours });
          expect(weekly.status, JSON.stringify(weekly.json)).toBe(200);
          return uid;
        }),
      );
      expect(uids.length).toBe(batch.length);
    }
  }, 240_000);

  afterAll(async () => {
    // No hours and no longer trainers: the other pages show the demo's team again.
    for (const uid of added) {
      await callApi(admin.page, 'PUT', `availability/${uid}/weekly`, { hours: [] });
      await callApi(admin.page, 'PUT', `users/${uid}/roles`, { roles: [] });
    }
    expect(await trainerCount()).toBe(before);
    await admin.context.close();
  }, 120_000);

  for (const [language, width] of [
    ['en', 1280],
    ['ar', 390],
  ] as const) {
    it(`pages 50 legible rows at a time, bars apart (${language}, ${width} px)`, async () => {
      const { context, page } = await newPage(browser(), { width, height: 900 });
      const tr = (text: string) =>
        language === 'ar' ? ((arabic as Record<string, string>)[text] ?? text) : text;
      const first = page.waitForResponse((res) => isOverview(res.url()));
      await logIn(page, 'courseadmin', PAGE);
      const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
      try {
        expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language })).status).toBe(200);
        await first;
        const answer = page.waitForResponse((res) => isOverview(res.url()));
        await page.reload();
        await settled(page);
        const search = new URL((await answer).url()).search;
        const api = await callApi(page, 'GET', `availability${search}`);
        const rows = api.json.data as OverviewRow[];
        const meta = (api.json as unknown as { meta: { total: number; limit: number } }).meta;
        expect(meta.total).toBeGreaterThanOrEqual(ADDED);
        expect(meta.total).toBeGreaterThan(meta.limit);
        expect(rows.length).toBe(meta.limit);

        const main = page.getByRole('main');
        const grid = main.getByRole('table', { name: tr('Availability by trainer') });
        await grid.waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        const dir = language === 'ar' ? 'rtl' : 'ltr';
        await expectLegibleRows(
          grid,
          rows.map((r) => r.trainer.display_name),
          dir,
        );
        // Days run in the reading direction.
        const [day1, day2] = await Promise.all([
          grid.getByRole('columnheader').nth(1).boundingBox(),
          grid.getByRole('columnheader').nth(2).boundingBox(),
        ]);
        expect(dir === 'rtl' ? day1!.x > day2!.x : day1!.x < day2!.x).toBe(true);
        // The grid scrolls inside its box; the page itself never scrolls sideways.
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBeLessThanOrEqual(0);
        if (width === 390) {
          const box = grid.locator('xpath=..');
          const sizes = await box.evaluate((el) => ({
            scroll: el.scrollWidth,
            client: el.clientWidth,
          }));
          expect(sizes.scroll).toBeGreaterThan(sizes.client);
        }
        await expectNoAxeViolations(page);
        await shot(page, `team-week-large-${language}-${width}`, grid);

        // The pager goes on to the rest and back.
        const pager = main.getByRole('group', { name: tr('Pages of trainers') });
        const range = (from: number, to: number) =>
          tr('Trainers @first–@last of @total')
            .replace('@first', String(from))
            .replace('@last', String(to))
            .replace('@total', String(meta.total));
        await pager.getByText(range(1, meta.limit), { exact: true }).waitFor();
        expect(
          await pager.getByRole('button', { name: tr('Previous trainers') }).isDisabled(),
        ).toBe(true);
        const second = page.waitForResponse((res) => isOverview(res.url()));
        await pager.getByRole('button', { name: tr('Next trainers') }).click();
        const secondSearch = new URL((await second).url()).search;
        const rest = (await callApi(page, 'GET', `availability${secondSearch}`)).json
          .data as OverviewRow[];
        const last = Math.min(meta.total, 2 * meta.limit);
        expect(rest.length).toBe(last - meta.limit);
        await pager.getByText(range(meta.limit + 1, last), { exact: true }).waitFor();
        await expect.poll(() => namesInGrid(grid)).toEqual(rest.map((r) => r.trainer.display_name));
        await expectLegibleRows(
          grid,
          rest.map((r) => r.trainer.display_name),
          dir,
        );
        await pager.getByRole('button', { name: tr('Previous trainers') }).click();
        await pager.getByText(range(1, meta.limit), { exact: true }).waitFor();
        await expect.poll(() => namesInGrid(grid)).toEqual(rows.map((r) => r.trainer.display_name));
      } finally {
        await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
        await context.close();
      }
    });
  }
});
