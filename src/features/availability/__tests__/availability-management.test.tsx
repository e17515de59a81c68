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
});
