import { createTranslator } from '@engine/core';
import type { OverviewRow } from '@schemas/entities/availability.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import AvailabilityManagementPage from '../pages/availability-management-page';
import { trainer, trainerUser } from './fixtures';

setupMockServer();

const HOUR = 3_600_000;
const courseAdmin = { ...trainerUser, uid: 2, name: 'courseadmin', full_name: 'Carla Course' };
const tarek = trainer(12, 'Tarek Trainer');
const amal = trainer(14, 'Amal Haddad', { id: 4, name: 'South' });
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const noOrganizations = http.get('*/api/v2/organizations', () =>
  HttpResponse.json({ data: [], meta: { page: 0, totalPages: 1, total: 0, limit: 100 } }),
);
const noPicker = http.get('*/api/v2/availability/trainers', () =>
  HttpResponse.json({ data: [], meta: { page: 0, totalPages: 1, total: 0, limit: 25 } }),
);

/** The overview, with each trainer's rows built from the week the page asks for. */
function overview(rowsFor: (start: number) => OverviewRow[], asked: URLSearchParams[] = []) {
  return http.get('*/api/v2/availability', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    const rows = rowsFor(Date.parse(params.get('start')!));
    return HttpResponse.json({
      data: rows,
      meta: { page: 0, totalPages: 1, total: rows.length, limit: 50 },
    });
  });
}

const row = (
  t: OverviewRow['trainer'],
  intervals: [number, number][] = [],
  timeOff: [number, number, string][] = [],
): OverviewRow => ({
  trainer: t,
  timezone: 'UTC',
  lock: null,
  intervals: intervals.map(([start, end]) => ({
    start: iso(start),
    end: iso(end),
    source: 'weekly' as const,
  })),
  time_off: timeOff.map(([start, end, reason]) => ({ start: iso(start), end: iso(end), reason })),
});

function renderPage(language = 'en') {
  renderShell(null, {
    user: courseAdmin,
    flags: { availability_feature_manage: true },
    path: '/course-administration/availability',
    translator: createTranslator({
      language,
      dir: language === 'ar' ? 'rtl' : 'ltr',
      translations: [],
      // Four hours ahead of UTC: the bars must show the viewer's wall clock.
      timeZone: 'Asia/Dubai',
      dateFormats: { short: 'd/m/Y - H:i', medium: 'D, d/m/Y - H:i', date_only: 'd/m/Y' },
    }),
    routes: (ui) => [
      { path: '/course-administration/availability', element: <AvailabilityManagementPage /> },
      { path: '*', element: ui },
    ],
  });
}

describe('The week by trainer (course administration)', () => {
  beforeEach(() => localStorage.clear());

  it('shows a row per trainer with their hours as bars on the days they fall on', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      noOrganizations,
      noPicker,
      overview(
        (start) => [
          // The second day of the week, 09:00 to 12:00 in Dubai.
          row(
            tarek,
            [[start + 33 * HOUR, start + 36 * HOUR]],
            // The whole fifth day off.
            [[start + 96 * HOUR, start + 120 * HOUR, 'Conference']],
          ),
          // From 22:00 on the third day to 02:00 on the fourth: a bar on each day.
          row(amal, [[start + 70 * HOUR, start + 74 * HOUR]]),
        ],
        asked,
      ),
    );
    renderPage();

    const grid = await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Week by trainer' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The week starts at midnight in the viewer's time zone.
    expect(asked.at(-1)!.get('start')).toMatch(/T20:00:00Z$/);

    const names = within(grid).getAllByRole('rowheader');
    expect(names.map((n) => n.textContent)).toEqual(['Tarek Trainer', 'Amal Haddad']);
    expect(within(grid).getByRole('link', { name: 'Amal Haddad' })).toHaveAttribute(
      'href',
      '/course-administration/availability/14',
    );
    const days = within(grid).getAllByRole('columnheader').slice(1);
    expect(days).toHaveLength(7);

    const cellsOf = (name: string) =>
      within(within(grid).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell');
    const tarekDays = cellsOf('Tarek Trainer');
    expect(within(tarekDays[1]!).getByText('Available 09:00–12:00')).toBeInTheDocument();
    expect(within(tarekDays[0]!).getByText('Not available')).toBeInTheDocument();
    expect(within(tarekDays[4]!).getByText('Time off all day: Conference')).toBeInTheDocument();
    const amalDays = cellsOf('Amal Haddad');
    expect(within(amalDays[2]!).getByText('Available 22:00–00:00')).toBeInTheDocument();
    expect(within(amalDays[3]!).getByText('Available 00:00–02:00')).toBeInTheDocument();

    // The next week is asked for from the grid's own controls.
    const first = asked.at(-1)!.get('start');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() =>
      expect(Date.parse(asked.at(-1)!.get('start')!) - Date.parse(first!)).toBe(7 * 24 * HOUR),
    );
  }, 20_000);

  it.each([
    ['en', /^[A-Z][a-z]{2}, \d{2}\/\d{2}\/\d{4} – [A-Z][a-z]{2}, \d{2}\/\d{2}\/\d{4}$/],
    ['ar', /^\p{Script=Arabic}+، \d{2}\/\d{2}\/\d{4} – \p{Script=Arabic}+، \d{2}\/\d{2}\/\d{4}$/u],
  ])(
    "titles the week with its first and last days in the site's format (%s)",
    async (language, title) => {
      server.use(
        noOrganizations,
        noPicker,
        overview((start) => [row(tarek, [[start + 33 * HOUR, start + 36 * HOUR]])]),
      );
      renderPage(language);

      await screen.findByRole('table');
      const week = screen
        .getAllByRole('heading', { level: 3 })
        .find((h) => /\d{4}/.test(h.textContent ?? ''));
      expect(week?.textContent).toMatch(title);
    },
    20_000,
  );

  it('says so when no trainer is available in the week, and remembers the calendar view', async () => {
    server.use(
      noOrganizations,
      noPicker,
      overview(() => [row(tarek), row(amal)]),
    );
    renderPage();

    expect(await screen.findByText('No trainers are available this week.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    expect(screen.getByRole('button', { name: 'Calendar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByText('No trainers are available this week.')).toBeNull();
    expect(localStorage.getItem('atrium.availability.overview-view')).toBe('calendar');
  }, 20_000);

  it('pages through the trainers fifty at a time, as the API gives them', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      noOrganizations,
      noPicker,
      http.get('*/api/v2/availability', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const page = Number(params.get('page') ?? 0);
        const start = Date.parse(params.get('start')!);
        const who = page === 0 ? tarek : amal;
        return HttpResponse.json({
          data: [row(who, [[start, start + 24 * HOUR]])],
          meta: { page, totalPages: 2, total: 51, limit: 50 },
        });
      }),
    );
    renderPage();

    await screen.findByRole('rowheader', { name: 'Tarek Trainer' });
    const pages = screen.getByRole('group', { name: 'Pages of trainers' });
    expect(within(pages).getByText('Trainers 1–1 of 51')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous trainers' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next trainers' }));
    await screen.findByRole('rowheader', { name: 'Amal Haddad' });
    expect(asked.at(-1)!.get('page')).toBe('1');
    expect(screen.getByText('Trainers 51–51 of 51')).toBeInTheDocument();
    expect(screen.getByText('Available all day')).toBeInTheDocument();
  }, 20_000);
});
