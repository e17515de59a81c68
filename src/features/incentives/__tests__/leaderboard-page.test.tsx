import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Leaderboard } from '@schemas/entities/incentives.schema';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import LeaderboardPage from '../pages/leaderboard-page';
import { entry, leaderboard } from './fixtures';

setupMockServer();

const routes = (ui: React.ReactNode) => [{ path: '/leaderboard', element: ui }];

/** Serves each period's board; returns the periods asked for and the PATCH bodies. */
function serve(boards: Partial<Record<Leaderboard['period'], Leaderboard>>) {
  const asked: (string | null)[] = [];
  const patches: { body: unknown; type: string | null }[] = [];
  server.use(
    http.get('*/api/v2/incentives/leaderboard', ({ request }) => {
      const period = new URL(request.url).searchParams.get('period');
      asked.push(period);
      const board = boards[period as Leaderboard['period']];
      return board
        ? HttpResponse.json({ data: board })
        : HttpResponse.json({ message: 'Bad period' }, { status: 400 });
    }),
    http.patch('*/api/v2/incentives/leaderboard/me', async ({ request }) => {
      const body = (await request.json()) as { opt_out: boolean };
      patches.push({ body, type: request.headers.get('Content-Type') });
      for (const board of Object.values(boards)) {
        board.opted_out = body.opt_out;
        board.me = body.opt_out ? null : entry(12, 7, 'Lena Maria Schmidt', 90);
      }
      return HttpResponse.json({ data: { opt_out: body.opt_out } });
    }),
  );
  return { asked, patches };
}

describe('Leaderboard page', () => {
  it("ranks people and pins the caller's place after the list when outside the top", async () => {
    const { asked } = serve({ month: leaderboard() });
    renderShell(<LeaderboardPage />, { user: learner, path: '/leaderboard', routes });
    const ranking = await screen.findByRole('list', { name: 'Ranking' });
    const rows = within(ranking).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Rank 1');
    expect(rows[0]).toHaveTextContent('Amal Haddad');
    expect(rows[0]).toHaveTextContent('900 points');
    expect(asked).toEqual(['month']);

    const mine = screen.getByRole('region', { name: 'Your place' });
    expect(within(mine).getByText('Lena Maria Schmidt')).toBeInTheDocument();
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByRole('listitem')).toHaveTextContent('Rank 12');
    expect(within(mine).getByRole('listitem')).toHaveTextContent('90 points');
    expect(within(mine).getByRole('listitem')).toHaveAttribute('aria-current', 'true');
  });

  it("highlights the caller's row inside the top and pins nothing", async () => {
    const me = entry(2, 7, 'Lena Maria Schmidt', 640);
    serve({
      month: leaderboard({
        entries: [entry(1, 11, 'Amal Haddad', 900), me, entry(3, 13, 'Chen Wei', 610)],
        me,
      }),
    });
    renderShell(<LeaderboardPage />, { user: learner, path: '/leaderboard', routes });
    const ranking = await screen.findByRole('list', { name: 'Ranking' });
    const rows = within(ranking).getAllByRole('listitem');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).toHaveTextContent('You');
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('region', { name: 'Your place' })).not.toBeInTheDocument();
  });

  it('switches period with the tabs, by mouse and keyboard, keeping it in the address', async () => {
    const { asked } = serve({
      month: leaderboard(),
      week: leaderboard({ period: 'week', entries: [entry(1, 14, 'Dina Farouk', 120)] }),
      all: leaderboard({ period: 'all', entries: [entry(1, 15, 'Emil Novak', 5000)] }),
    });
    const { router } = renderShell(<LeaderboardPage />, {
      user: learner,
      path: '/leaderboard',
      routes,
    });
    await screen.findByText('Amal Haddad');
    const month = screen.getByRole('tab', { name: 'This month' });
    expect(month).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('This month');

    await userEvent.click(screen.getByRole('tab', { name: 'This week' }));
    expect(await screen.findByText('Dina Farouk')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=week');
    expect(screen.getByRole('tab', { name: 'This week' })).toHaveAttribute('aria-selected', 'true');

    // Arrow keys move along the tabs: week -> month -> all.
    expect(screen.getByRole('tab', { name: 'This week' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(await screen.findByText('Emil Novak')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All time' })).toHaveFocus();
    expect(router.state.location.search).toBe('?period=all');
    expect(asked).toEqual(expect.arrayContaining(['month', 'week', 'all']));
  });

  it('reads the period from the address', async () => {
    const { asked } = serve({
      week: leaderboard({ period: 'week', entries: [entry(1, 14, 'Dina Farouk', 120)] }),
    });
    renderShell(<LeaderboardPage />, { user: learner, path: '/leaderboard?period=week', routes });
    expect(await screen.findByText('Dina Farouk')).toBeInTheDocument();
    expect(asked).toEqual(['week']);
  });

  it('hides the caller from the leaderboard with a PATCH and shows them again', async () => {
    const { patches } = serve({ month: leaderboard() });
    renderShell(<LeaderboardPage />, { user: learner, path: '/leaderboard', routes });
    const toggle = await screen.findByRole('checkbox', { name: 'Hide me from the leaderboard' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Others will not see your name or points/);

    await userEvent.click(toggle);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ opt_out: true });
    expect(patches[0]?.type).toContain('application/json');
    expect(await screen.findByText('You are hidden from the leaderboard.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Your place' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('checkbox', { name: 'Hide me from the leaderboard' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Hide me from the leaderboard' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]?.body).toEqual({ opt_out: false });
    expect(await screen.findByRole('region', { name: 'Your place' })).toBeInTheDocument();
  });

  it('says the leaderboard is not available when it is switched off (404)', async () => {
    server.use(
      http.get('*/api/v2/incentives/leaderboard', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    );
    const { router } = renderShell(<LeaderboardPage />, {
      user: learner,
      path: '/leaderboard',
      routes,
    });
    expect(await screen.findByText('The leaderboard is not available.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/leaderboard');
    expect(screen.getByRole('link', { name: 'My overview' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
