import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import DashboardPage from '../pages/dashboard-page';
import { listItem, meta, subscription } from './fixtures';

setupMockServer();
afterEach(() => vi.restoreAllMocks());

const inProgress = [
  listItem({ id: 1, title: 'Safe lifting at work', subscription: subscription({ progress: 40 }) }),
];
const completed = [
  listItem({
    id: 2,
    title: 'Fire drills',
    subscription: subscription({
      status: 'completed',
      progress: 100,
      completed_at: '2025-03-01T10:00:00.000Z',
    }),
  }),
];
const recommended = [listItem({ id: 3, title: 'Ergonomic desks' })];

function answer(o: {
  inProgress?: typeof inProgress;
  completed?: typeof completed;
  recommended?: typeof recommended;
}) {
  server.use(
    http.get('*/api/v2/me/trainings', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const list = (status === 'completed' ? o.completed : o.inProgress) ?? [];
      return HttpResponse.json({ data: list, meta: meta(list.length) });
    }),
    http.get('*/api/v2/trainings/recommended', () =>
      HttpResponse.json({ data: o.recommended ?? [] }),
    ),
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Dashboard "My overview"', () => {
  it('shows points, trainings in progress with progress bars, recommendations and the archive', async () => {
    answer({ inProgress, completed, recommended });
    renderShell(<DashboardPage />, { user: learner, wallet: { points: 12 } });

    expect(screen.getByRole('heading', { level: 1, name: 'My overview' })).toBeInTheDocument();
    expect(screen.getByText('12 points')).toBeInTheDocument();
    // The points lead to their history, with or without the shop.
    expect(screen.getByRole('link', { name: 'See your points history' })).toHaveAttribute(
      'href',
      '/points',
    );
    expect(
      screen.queryByRole('link', { name: 'Spend them in the reward shop' }),
    ).not.toBeInTheDocument();

    const continuing = section('Continue learning');
    expect(
      await within(continuing).findByRole('link', { name: 'Safe lifting at work' }),
    ).toHaveAttribute('href', '/trainings/1');
    const bar = within(continuing).getByRole('progressbar', {
      name: 'Progress of Safe lifting at work',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '40% complete');

    expect(
      await within(section('Recommended for you')).findByRole('link', { name: 'Ergonomic desks' }),
    ).toBeInTheDocument();
    const archive = section('My archive');
    expect(await within(archive).findByRole('link', { name: 'Fire drills' })).toBeInTheDocument();
    expect(within(archive).getByText('Completed')).toBeInTheDocument();
    expect(within(archive).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('links the points to the shop only when the shop is on and allowed', async () => {
    answer({});
    renderShell(<DashboardPage />, {
      user: learner,
      wallet: { points: 1 },
      flags: { incentives_shop_enabled: true, incentives_shop: true },
    });
    expect(screen.getByText('1 point')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spend them in the reward shop' })).toHaveAttribute(
      'href',
      '/incentives',
    );
  });

  it('says what to do next when every section is empty', async () => {
    answer({});
    renderShell(<DashboardPage />, { user: learner, wallet: { points: 0 } });
    expect(await screen.findByText('You have no trainings in progress.')).toBeInTheDocument();
    expect(await screen.findByText('No recommendations yet.')).toBeInTheDocument();
    expect(await screen.findByText('Your archive is empty.')).toBeInTheDocument();
    const browse = within(section('Continue learning')).getByRole('link', {
      name: 'Browse trainings',
    });
    expect(browse).toHaveAttribute('href', '/trainings');
  });

  it('shows an error with a retry that loads the section again', async () => {
    // Retries of the failed call run without waiting.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let fail = true;
    server.use(
      http.get('*/api/v2/me/trainings', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        if (status === 'in_progress' && fail)
          return HttpResponse.json({ message: 'Unavailable' }, { status: 503 });
        const list = status === 'in_progress' ? inProgress : [];
        return HttpResponse.json({ data: list, meta: meta(list.length) });
      }),
      http.get('*/api/v2/trainings/recommended', () => HttpResponse.json({ data: [] })),
    );
    renderShell(<DashboardPage />, { user: learner, wallet: { points: 0 } });
    const continuing = section('Continue learning');
    const alert = await within(continuing).findByRole('alert');
    expect(alert).toHaveTextContent('Your trainings in progress could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        within(continuing).getByRole('link', { name: 'Safe lifting at work' }),
      ).toBeInTheDocument(),
    );
    expect(within(section('My archive')).queryByRole('alert')).not.toBeInTheDocument();
  });
});
