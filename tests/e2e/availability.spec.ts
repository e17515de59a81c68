import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, WeeklyHours } from '@schemas/entities/availability.schema';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** A demo trainer in New York who works on weekdays only; no other spec touches them. */
const TRAINER = 'marcus';
const TRAINER_NAME = 'Marcus Reed';
const TRAINER_ZONE = 'America/New_York';

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/** The Saturday 8 to 14 days from today in the trainer's zone: always ahead, never this week. */
const dayOff = (() => {
  const from = addDays(todayIn(TRAINER_ZONE), 8);
  return addDays(from, (6 - weekdayOf(from) + 7) % 7);
})();
/** The Saturday after it: an ordinary working Saturday once Saturday hours exist. */
const workingSaturday = addDays(dayOff, 7);

/** A date `YYYY-MM-DD` as people type it on the demo site, whose dates read day/month/year. */
const siteDate = (date: string) => date.split('-').reverse().join('/');

/** A wall-clock time on a date in a zone, as `YYYY-MM-DDTHH:MM` in another zone. */
function localInput(date: string, time: string, from: string, to: string): string {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const offsetOf = (zone: string, at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(at);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at;
  };
  const instant = guess - offsetOf(from, guess);
  return new Date(instant + offsetOf(to, instant)).toISOString().slice(0, 16);
}

async function uidOf(page: Page): Promise<number> {
  const me = await callApi(page, 'GET', 'me');
  return (me.json.data as { uid: number }).uid;
}

async function availabilityOf(page: Page, uid: number, from: string, days: number) {
  const start = `${from}T00:00:00Z`;
  const end = `${addDays(from, days)}T00:00:00Z`;
  const res = await callApi(page, 'GET', `availability/${uid}?start=${start}&end=${end}`);
  return res.json.data as Availability;
}

describe('availability', () => {
  let original: WeeklyHours[] = [];
  let trainerUid = 0;

  beforeAll(async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, TRAINER);
    trainerUid = await uidOf(page);
    original = (await availabilityOf(page, trainerUid, dayOff, 1)).weekly;
    await context.close();
  });

  afterAll(async () => {
    // Leave the demo trainer as seeded for the other specs.
    const { context, page } = await newPage(browser());
    await logIn(page, TRAINER);
    await callApi(page, 'PUT', `availability/${trainerUid}/weekly`, { hours: original });
    await callApi(page, 'DELETE', `availability/${trainerUid}/overrides/${dayOff}`);
    const added = await availabilityOf(page, trainerUid, addDays(dayOff, -14), 30);
    for (const entry of added.entries.filter((e) => e.reason === 'Evening workshop'))
      await callApi(page, 'DELETE', `availability/${trainerUid}/entries/${entry.id}`);
    await context.close();
  });

  it('lets a trainer add Saturday hours, a day off and, by keyboard only, extra hours, then drag them', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, TRAINER, '/availability');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'My availability' }).waitFor();
    await page.getByRole('combobox', { name: 'Time zone' }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Time zone' }).inputValue()).resolves.toBe(
      TRAINER_ZONE,
    );
    await page.locator('.availability-calendar [tabindex="0"]').first().waitFor();
    await expectNoAxeViolations(page);

    // Weekly hours: Saturdays from 10:00 to 16:00.
    await page.getByRole('checkbox', { name: 'Saturday' }).check();
    await page.getByLabel('Saturday from').fill('10:00');
    await page.getByLabel('Saturday until').fill('16:00');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await page.getByText('Your weekly hours have been saved.').waitFor();
    // This week's Saturday shows them on the calendar.
    const thisSaturday = page
      .locator('.availability-calendar [data-date]')
      .filter({ hasText: '10:00 – 16:00' });
    await thisSaturday.first().waitFor();

    // A day off on a later Saturday.
    const overrides = page.getByRole('form', { name: 'Add or change a date override' });
    await overrides.getByLabel('Date', { exact: true }).fill(siteDate(dayOff));
    await overrides.getByRole('radio', { name: 'Unavailable all day' }).check();
    await overrides.getByLabel('Note').fill('Family wedding');
    await overrides.getByRole('button', { name: 'Save override' }).click();
    await page.getByText('The date override has been saved.').waitFor();

    // Keyboard only: Add time, the fields, then Enter to save.
    await page.getByRole('button', { name: 'Add time' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add time' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('radio', { name: 'Extra hours' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Start date').fill(siteDate(workingSaturday));
    await dialog.getByLabel('Start time').fill('18:00');
    // The end date from its calendar, over the dialog: the day before, a day on, Enter.
    await dialog.getByLabel('End date').fill(siteDate(addDays(workingSaturday, -1)));
    await dialog.getByRole('button', { name: 'Choose a date' }).nth(1).press('Enter');
    const picker = page.getByRole('dialog', { name: 'Choose a date' });
    await picker.getByRole('grid').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    await expect(dialog.getByLabel('End date').inputValue()).resolves.toBe(
      siteDate(workingSaturday),
    );
    // Escape closes the calendar, not the dialog under it.
    await page.keyboard.press('Enter');
    await picker.getByRole('grid').waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByLabel('End time').fill('20:00');
    await dialog.getByLabel('Note').focus();
    await page.keyboard.type('Evening workshop');
    // The note is a text area: Tab on to Save (past Cancel), then Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Save');
    await page.keyboard.press('Enter');
    await page.getByText('The extra hours have been saved.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The calendar's next weeks show the day off, then the Saturday with the extra hours.
    const next = page.getByRole('button', { name: 'Next Week' });
    const overrideList = page.getByRole('list', { name: 'Date overrides in this period' });
    const weddingDay = overrideList.locator('li').filter({ hasText: 'Family wedding' });
    // The calendar draws a week's dates at once; its data follows.
    const dayCell = (date: string) =>
      page.locator(`.availability-calendar [data-date="${date}"]`).first();
    for (let i = 0; i < 3 && (await dayCell(dayOff).count()) === 0; i++) await next.click();
    await dayCell(dayOff).waitFor();
    await weddingDay.getByText('Unavailable all day').waitFor();
    await next.click();
    await page
      .locator(`.availability-calendar [data-date="${workingSaturday}"]`)
      .filter({ hasText: '18:00 – 20:00' })
      .first()
      .waitFor();
    await page.getByRole('button', { name: /^Edit extra hours on /i }).waitFor();

    // Dragged with the mouse an hour later, it is saved where it was dropped.
    const event = page
      .locator('.availability-calendar [role="button"]')
      .filter({ hasText: 'Evening workshop' });
    const slot = async (time: string) => {
      const box = await page
        .locator(`.availability-calendar [data-time="${time}"]`)
        .first()
        .boundingBox();
      if (!box) throw new Error(`No ${time} slot`);
      return box.y;
    };
    const hour = (await slot('19:00:00')) - (await slot('18:00:00'));
    await event.scrollIntoViewIfNeeded();
    const from = await event.boundingBox();
    if (!from) throw new Error('The extra hours are not drawn');
    const x = from.x + from.width / 2;
    const y = from.y + 12;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(x, y + (hour * step) / 8);
    await page.mouse.up();
    await page.getByText('The entry has been moved.').waitFor();
    await event.filter({ hasText: '19:00 – 21:00' }).waitFor();

    const saved = await availabilityOf(page, trainerUid, dayOff, 9);
    expect(saved.weekly).toContainEqual({ weekday: 6, start: '10:00', end: '16:00' });
    expect(saved.overrides).toContainEqual({
      date: dayOff,
      intervals: [],
      reason: 'Family wedding',
    });
    const workshop = saved.entries.find((e) => e.reason === 'Evening workshop');
    expect(workshop?.kind).toBe('extra');
    expect(workshop?.start.slice(0, 16)).toBe(
      localInput(workingSaturday, '19:00', TRAINER_ZONE, 'UTC'),
    );
    await context.close();
  });

  it('lets a course administrator find that trainer free on a Saturday but not on the day off', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'courseadmin', '/course-administration/availability');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Trainer availability' }).waitFor();
    // The back link, besides the breadcrumb, leads to /course-administration.
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: 'Course administration' })
        .getAttribute('href'),
    ).resolves.toBe('/course-administration');
    await page.getByRole('table', { name: 'Availability by trainer' }).waitFor();
    await expectNoAxeViolations(page);

    // Only that trainer, picked from the list the search narrows as it is typed.
    const picker = page.getByRole('group', { name: 'Show only these trainers' });
    const shown = page.getByRole('main').getByRole('list', { name: 'Trainers', exact: true });
    await page.getByLabel('Search trainers').fill('reed');
    await picker.getByRole('checkbox', { name: TRAINER_NAME }).check();
    await expect.poll(() => shown.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    await shown.getByText(TRAINER_NAME).waitFor();
    await expectNoAxeViolations(page);
    await picker
      .getByRole('button', { name: `Remove ${TRAINER_NAME} from the chosen trainers` })
      .click();
    await page.getByLabel('Search trainers').fill('');
    await expect
      .poll(() => shown.getByRole('listitem').count(), { timeout: 10_000 })
      .toBeGreaterThan(1);

    // The search form reads times in the viewer's time zone.
    const general = await callApi(page, 'GET', 'settings?type=general');
    const viewerZone = (general.json.data as { current_timezone: string }).current_timezone;
    const search = page.getByRole('form', { name: 'Available between' });
    const results = page.getByRole('list', { name: 'Available trainers' });
    // Typed as the site writes a date and time: `DD/MM/YYYY HH:MM`.
    const typed = (local: string) => `${siteDate(local.slice(0, 10))} ${local.slice(11, 16)}`;
    const find = async (date: string) => {
      await search
        .getByLabel('From')
        .fill(typed(localInput(date, '11:00', TRAINER_ZONE, viewerZone)));
      await search
        .getByLabel('Until')
        .fill(typed(localInput(date, '12:30', TRAINER_ZONE, viewerZone)));
      await search.getByRole('button', { name: 'Find available trainers' }).click();
    };

    await find(workingSaturday);
    await results.getByText(TRAINER_NAME).waitFor();
    await expectNoAxeViolations(page);

    // The trainer's own calendar, as course administrators see it, then back.
    await results.getByRole('link', { name: `Open the calendar of ${TRAINER_NAME}` }).click();
    await page
      .getByRole('heading', { level: 1, name: `Trainer availability: ${TRAINER_NAME}` })
      .waitFor();
    await page.locator('.availability-calendar [tabindex="0"]').first().waitFor();
    await expect(page.title()).resolves.toContain(TRAINER_NAME);
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Trainer availability' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trainer availability' }).waitFor();

    const answer = page.waitForResponse((res) =>
      res.url().includes('/api/v2/availability/available?'),
    );
    await find(dayOff);
    await answer;
    await page.getByText('No trainer is available for the whole time.').or(results).waitFor();
    await expect(results.getByText(TRAINER_NAME).count()).resolves.toBe(0);
    await context.close();
  });
});
