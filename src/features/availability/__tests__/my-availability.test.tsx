import { createTranslator } from '@engine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import MyAvailabilityPage from '../pages/my-availability-page';
import { availability, trainerUser } from './fixtures';

setupMockServer();

const routes = () => [{ path: '/availability', element: <MyAvailabilityPage /> }];
const open = () =>
  renderShell(null, {
    user: trainerUser,
    flags: { availability_feature_manage_own: true },
    path: '/availability',
    routes,
    // The demo site's formats: dates are typed day first, times on a 24-hour clock.
    translator: createTranslator({
      language: 'en',
      translations: [],
      dateFormats: { short: 'd/m/Y - H:i', date_only: 'd/m/Y', time_only: 'H:i' },
    }),
  });

describe('My availability', () => {
  it('saves the weekly hours in display order and shows a field error from a 400', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/availability/12', () => HttpResponse.json({ data: availability() })),
      http.put('*/api/v2/availability/12/weekly', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            message: 'Invalid',
            messages: [{ path: 'hours[1][start]', text: 'These hours overlap other hours.' }],
          },
          { status: 400 },
        );
      }),
    );
    open();

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tuesday' }));
    const until = screen.getByLabelText('Tuesday until');
    await userEvent.clear(until);
    await userEvent.type(until, '0:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      hours: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '24:00' },
      ],
    });
    const start = screen.getByLabelText('Tuesday from');
    await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
    expect(start).toHaveAccessibleDescription('These hours overlap other hours.');
    expect(screen.getByLabelText('Monday from')).not.toHaveAttribute('aria-invalid');
  }, 20_000);

  it('adds time off from the keyboard with "Add time", in the trainer’s time zone', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/availability/12', () => HttpResponse.json({ data: availability() })),
      http.post('*/api/v2/availability/12/entries', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        return bodies.length === 1
          ? HttpResponse.json(
              { message: 'This overlaps your time off from 09:00 to 10:00.' },
              { status: 409 },
            )
          : HttpResponse.json(
              { data: { id: 5, created: '2025-03-01T10:00:00Z', ...body } },
              { status: 201 },
            );
      }),
    );
    open();

    await userEvent.click(await screen.findByRole('button', { name: 'Add time' }));
    const dialog = screen.getByRole('dialog', { name: 'Add time' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Time off' }));
    const type = async (label: string, text: string) => {
      const field = within(dialog).getByLabelText(label);
      await userEvent.clear(field);
      await userEvent.type(field, text);
    };
    await type('Start date', '10/03/2025');
    await type('Start time', '9:00');
    await type('End date', '10/3/2025');
    await type('End time', '12:30');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Dentist');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('This overlaps your time off from 09:00 to 10:00.'),
    ).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      kind: 'time_off',
      start: '2025-03-10T08:00:00Z',
      end: '2025-03-10T11:30:00Z',
      reason: 'Dentist',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your time off has been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add time' })).not.toBeInTheDocument();
  }, 20_000);

  it('shows the lock and offers no way to change a locked availability', async () => {
    server.use(
      http.get('*/api/v2/availability/12', () =>
        HttpResponse.json({
          data: availability({
            editable: false,
            lock: { by: 'Carla Course', at: '2025-03-01T09:00:00Z' },
          }),
        }),
      ),
    );
    open();

    expect(await screen.findByText('This availability is locked.')).toBeInTheDocument();
    expect(screen.getByText(/Carla Course locked it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save weekly hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeDisabled();
  }, 20_000);
});
