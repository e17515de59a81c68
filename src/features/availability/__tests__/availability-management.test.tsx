import { createTranslator } from '@engine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import AvailabilityManagementPage from '../pages/availability-management-page';
import { trainer, trainerUser } from './fixtures';

setupMockServer();

const courseAdmin = { ...trainerUser, uid: 2, name: 'courseadmin', full_name: 'Carla Course' };
const trainers = [
  trainer(12, 'Tarek Trainer'),
  trainer(14, 'Amal Haddad', { id: 4, name: 'South' }),
];
const meta = (total: number, next?: string) => ({
  page: 0,
  totalPages: 1,
  total,
  limit: 25,
  ...(next ? { next } : {}),
});
const organizations = http.get('*/api/v2/organizations', () =>
  HttpResponse.json({
    data: [
      { id: 4, name: 'South' },
      { id: 3, name: 'North' },
    ],
    meta: { page: 0, totalPages: 1, total: 2, limit: 100 },
  }),
);
const overview = http.get('*/api/v2/availability', () =>
  HttpResponse.json({
    data: trainers.map((t) => ({
      trainer: t,
      timezone: 'UTC',
      lock: null,
      intervals: [],
      time_off: [],
    })),
    meta: { page: 0, totalPages: 1, total: 2, limit: 50 },
  }),
);

/** Counts of available trainers: seven weekdays (Sunday first) of 24 hours, zero but `cells`. */
function countsWith(cells: Record<string, number>): number[][] {
  const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [at, n] of Object.entries(cells)) {
    const [weekday, hour] = at.split('-').map(Number);
    counts[weekday!]![hour!] = n;
  }
  return counts;
}
const coverage = (counts: number[][], asked: URLSearchParams[] = []) =>
  http.get('*/api/v2/availability/coverage', ({ request }) => {
    asked.push(new URL(request.url).searchParams);
    return HttpResponse.json({ data: { timezone: 'UTC', trainers: 2, counts } });
  });

function renderPage() {
  renderShell(null, {
    user: courseAdmin,
    flags: { availability_feature_manage: true },
    path: '/course-administration/availability',
    translator: createTranslator({
      language: 'en',
      translations: [],
      dateFormats: { short: 'd/m/Y - H:i', date_only: 'd/m/Y' },
    }),
    routes: (ui) => [
      { path: '/course-administration/availability', element: <AvailabilityManagementPage /> },
      { path: '*', element: ui },
    ],
  });
}

describe('Trainer availability (course administration)', () => {
  it('finds the trainers available between two times and links to their calendars', async () => {
    const searches: URLSearchParams[] = [];
    server.use(
      organizations,
      overview,
      coverage(countsWith({})),
      http.get('*/api/v2/availability/trainers', () =>
        HttpResponse.json({ data: trainers, meta: meta(2) }),
      ),
      http.get('*/api/v2/availability/available', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [trainers[1]], meta: meta(1) });
      }),
    );
    renderPage();

    const form = await screen.findByRole('form', { name: 'Available between' });
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'South' })).toBeInTheDocument(),
    );
    // Typed in the site's formats, in the viewer's time zone (UTC here).
    await userEvent.type(within(form).getByLabelText('From'), '10/03/2025 09:00');
    await userEvent.type(within(form).getByLabelText('Until'), '10/03/2025 12:00');
    await userEvent.selectOptions(within(form).getByLabelText('Organization'), 'South');
    await userEvent.click(within(form).getByRole('button', { name: 'Find available trainers' }));

    const results = await screen.findByRole('list', { name: 'Available trainers' });
    expect(searches).toHaveLength(1);
    expect(searches[0]!.get('start')).toBe('2025-03-10T09:00:00Z');
    expect(searches[0]!.get('end')).toBe('2025-03-10T12:00:00Z');
    expect(searches[0]!.get('organization')).toBe('4');
    expect(within(results).getByText('Amal Haddad')).toBeInTheDocument();
    expect(
      within(results).getByRole('link', { name: 'Open the calendar of Amal Haddad' }),
    ).toHaveAttribute('href', '/course-administration/availability/14');
    expect(within(results).queryByText('Tarek Trainer')).not.toBeInTheDocument();
  }, 20_000);

  it('searches trainers as the name is typed, shows more a page at a time and keeps the chosen ones', async () => {
    const asked: URLSearchParams[] = [];
    const more = trainer(16, 'Amir Nasser');
    server.use(
      organizations,
      overview,
      coverage(countsWith({})),
      http.get('*/api/v2/availability/trainers', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        if (params.get('after') === 'cursor-1')
          return HttpResponse.json({ data: [more], meta: meta(3) });
        const search = params.get('search');
        const found = search
          ? [...trainers, more].filter((t) => t.display_name.toLowerCase().includes(search))
          : trainers;
        return HttpResponse.json({
          data: found,
          meta: meta(search ? found.length : 3, search ? undefined : 'cursor-1'),
        });
      }),
    );
    renderPage();

    const picker = await screen.findByRole('group', { name: 'Show only these trainers' });
    await within(picker).findByRole('checkbox', { name: 'Tarek Trainer' });
    expect(within(picker).getByText('Showing 2 of 3 trainers.')).toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: 'Show more trainers' }));
    await within(picker).findByRole('checkbox', { name: 'Amir Nasser' });
    expect(asked.at(-1)!.get('after')).toBe('cursor-1');
    expect(within(picker).queryByRole('button', { name: 'Show more trainers' })).toBeNull();

    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Tarek Trainer' }));
    await userEvent.type(screen.getByLabelText('Search trainers'), 'am');
    await waitFor(() => expect(asked.at(-1)!.get('search')).toBe('am'));
    await waitFor(() =>
      expect(within(picker).queryByRole('checkbox', { name: 'Tarek Trainer' })).toBeNull(),
    );
    expect(within(picker).getByRole('checkbox', { name: 'Amal Haddad' })).not.toBeChecked();
    // The chosen trainer stays listed while the search shows others, and can be removed.
    const chosen = within(picker).getByRole('list', { name: 'Chosen trainers' });
    await userEvent.click(
      within(chosen).getByRole('button', {
        name: 'Remove Tarek Trainer from the chosen trainers',
      }),
    );
    expect(within(picker).queryByRole('list', { name: 'Chosen trainers' })).toBeNull();
  }, 20_000);

  it('shows how many trainers are available each hour and finds them from a cell', async () => {
    const asked: URLSearchParams[] = [];
    const searches: URLSearchParams[] = [];
    server.use(
      organizations,
      overview,
      http.get('*/api/v2/availability/coverage', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        // The organization's trainers are there on Tuesday morning only.
        const counts =
          params.get('organization') === '4'
            ? countsWith({ '2-10': 4, '2-11': 2 })
            : countsWith({ '1-9': 1, '2-10': 4, '2-11': 2, '5-16': 1 });
        return HttpResponse.json({ data: { timezone: 'UTC', trainers: 2, counts } });
      }),
      http.get('*/api/v2/availability/trainers', () =>
        HttpResponse.json({ data: trainers, meta: meta(2) }),
      ),
      http.get('*/api/v2/availability/available', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: trainers, meta: meta(2) });
      }),
    );
    renderPage();

    const table = await screen.findByRole('table', {
      name: 'Trainers available by weekday and hour',
    });
    // The week the overview shows, midnight to midnight in the viewer's zone (UTC).
    const start = asked[0]!.get('start')!;
    expect(asked[0]!.get('timezone')).toBe('UTC');
    expect(Date.parse(asked[0]!.get('end')!) - Date.parse(start)).toBe(7 * 86_400_000);
    expect(new Date(start).getUTCDay()).toBe(1);
    // From the first hour anyone is available to the last: 09:00 to 16:00.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(
      [9, 10, 11, 12, 13, 14, 15, 16].map((h) => `${h < 10 ? '0' : ''}${h}:00`),
    );
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Monday'),
        expect.stringContaining('Sunday'),
      ]),
    );
    const cell = within(table).getByRole('button', {
      name: 'Tuesday 10:00–11:00: 4 trainers available',
    });
    expect(cell).toHaveTextContent('4');
    expect(
      within(table).getByRole('button', { name: 'Monday 09:00–10:00: 1 trainer available' }),
    ).toHaveTextContent('1');
    expect(
      within(table).getByRole('button', { name: 'Sunday 09:00–10:00: 0 trainers available' }),
    ).toHaveTextContent('0');
    // One cell in the tab order; End goes to the day's last hour.
    const tabbable = () =>
      within(table)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0);
    expect(tabbable()).toHaveLength(1);
    tabbable()[0]!.focus();
    await userEvent.keyboard('{End}');
    expect(
      within(table).getByRole('button', { name: 'Monday 16:00–17:00: 0 trainers available' }),
    ).toHaveFocus();

    // Filtered by the page's organization.
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: 'South' }).length).toBeGreaterThan(0),
    );
    const filters = screen.getByRole('region', { name: 'Filters' });
    await userEvent.selectOptions(within(filters).getByLabelText('Organization'), 'South');
    await waitFor(() => expect(asked.at(-1)!.get('organization')).toBe('4'));
    // Fewer hours now, and still one cell to tab to.
    await waitFor(() => expect(within(table).getAllByRole('columnheader')).toHaveLength(3));
    expect(tabbable()).toHaveLength(1);

    await userEvent.click(
      await within(table).findByRole('button', {
        name: 'Tuesday 10:00–11:00: 4 trainers available',
      }),
    );
    await screen.findByRole('list', { name: 'Available trainers' });
    const tuesday = new Date(Date.parse(start) + 86_400_000 + 10 * 3_600_000);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.get('start')).toBe(tuesday.toISOString().replace('.000Z', 'Z'));
    expect(Date.parse(searches[0]!.get('end')!) - tuesday.getTime()).toBe(3_600_000);
    expect(searches[0]!.get('organization')).toBe('4');
    expect(screen.getByRole('heading', { name: 'Available between' })).toHaveFocus();
    const form = screen.getByRole('form', { name: 'Available between' });
    expect(within(form).getByLabelText('Organization')).toHaveValue('4');

    // From the keyboard: the next hour, then Enter.
    const next = within(table).getByRole('button', {
      name: 'Tuesday 11:00–12:00: 2 trainers available',
    });
    cell.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(Date.parse(searches[1]!.get('start')!)).toBe(tuesday.getTime() + 3_600_000);
  }, 30_000);

  it('says when nobody is available, and offers to try again when the counts fail', async () => {
    let fail = true;
    server.use(
      organizations,
      overview,
      http.get('*/api/v2/availability/trainers', () =>
        HttpResponse.json({ data: trainers, meta: meta(2) }),
      ),
      http.get('*/api/v2/availability/coverage', () =>
        fail
          ? HttpResponse.json({ message: 'Invalid fields' }, { status: 400 })
          : HttpResponse.json({ data: { timezone: 'UTC', trainers: 2, counts: countsWith({}) } }),
      ),
    );
    renderPage();
    const region = await screen.findByRole('region', { name: 'Availability coverage' });
    const retry = await within(region).findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The availability coverage could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(
      await within(region).findByText('No trainers are available this week.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('table', { name: 'Trainers available by weekday and hour' }),
    ).not.toBeInTheDocument();
  }, 20_000);
});
