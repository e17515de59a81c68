import type { PointsHistory } from '@schemas/entities/incentives.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import PointsPage from '../pages/points-page';

setupMockServer();

const HISTORY = '*/api/v2/incentives/wallet/history';

const history = (months: 6 | 12, over: Partial<PointsHistory> = {}): PointsHistory => ({
  months,
  weeks: [
    { week: '2026-11-09', earned: 1200, spent: 300, expired: 0 },
    { week: '2026-11-16', earned: 0, spent: 0, expired: 0 },
    { week: '2026-11-23', earned: 150, spent: 0, expired: 40 },
  ],
  totals: { earned: 1350, spent: 300, expired: 40 },
  points: 2210,
  expiring: 900,
  expiries: [
    // Two lots expiring on one day are one row.
    { at: '2026-12-07T10:00:00.000Z', points: 100 },
    { at: '2026-12-07T11:00:00.000Z', points: 50 },
    { at: '2027-03-01T10:00:00.000Z', points: 250 },
  ],
  ...over,
});

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

describe('My points', () => {
  it('shows the balance, a summary, the weeks as a table, the expiries, and the other period', async () => {
    const asked: string[] = [];
    server.use(
      http.get(HISTORY, ({ request }) => {
        const months = new URL(request.url).searchParams.get('months');
        asked.push(months ?? '');
        return HttpResponse.json({
          data:
            months === '12'
              ? history(12, { totals: { earned: 5000, spent: 1200, expired: 90 } })
              : history(6),
        });
      }),
    );
    renderShell(<PointsPage />, {
      user: learner,
      path: '/points',
      flags: { incentives_shop_enabled: true, incentives_shop: true },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'My points' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Over the last 6 months you earned 1,350 points, spent 300 and lost 40 to expiry.',
      ),
    ).toBeInTheDocument();
    const figure = (name: string) => screen.getByText(name).closest('div')!;
    expect(within(figure('Your balance')).getByText('2,210 points')).toBeInTheDocument();
    expect(
      within(figure('Points with an expiry date')).getByText('900 points'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spend them in the reward shop' })).toHaveAttribute(
      'href',
      '/incentives',
    );

    // The table is behind a disclosure and holds every week and the totals.
    await userEvent.click(screen.getByText('Show as table'));
    const weeks = screen.getByRole('table', { name: 'Points per week' });
    expect(rowTexts(weeks)).toEqual([
      ['9 Nov 2026', '1,200', '300', '0'],
      ['16 Nov 2026', '0', '0', '0'],
      ['23 Nov 2026', '150', '0', '40'],
      ['Total', '1,350', '300', '40'],
    ]);

    const expiries = screen.getByRole('table', { name: 'Upcoming expiries' });
    expect(rowTexts(expiries)).toEqual([
      ['7 Dec 2026', '150'],
      ['1 Mar 2027', '250'],
    ]);
    // More points have an expiry date than the listed expiries hold.
    expect(screen.getByText('500 more points expire later.')).toBeInTheDocument();

    const twelve = screen.getByRole('button', { name: 'Last 12 months' });
    expect(twelve).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(twelve);
    expect(
      await screen.findByText(
        'Over the last 12 months you earned 5,000 points, spent 1,200 and lost 90 to expiry.',
      ),
    ).toBeInTheDocument();
    expect(twelve).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual(['6', '12']);
  });

  it('says when nothing moved and nothing expires, and retries after an error', async () => {
    // Retries of the failed call run without waiting.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let failing = true;
    server.use(
      http.get(HISTORY, () => {
        if (failing) return HttpResponse.json({ message: 'Down' }, { status: 500 });
        return HttpResponse.json({
          data: history(6, {
            weeks: [{ week: '2026-11-23', earned: 0, spent: 0, expired: 0 }],
            totals: { earned: 0, spent: 0, expired: 0 },
            points: 0,
            expiring: 0,
            expiries: [],
          }),
        });
      }),
    );
    renderShell(<PointsPage />, { user: learner, path: '/points' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your points history could not be loaded.',
    );
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Your points have not moved in this period.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Show as table')).not.toBeInTheDocument();
    expect(screen.getByText('None of your points have an expiry date.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Without the shop, no way to it.
    expect(
      screen.queryByRole('link', { name: 'Spend them in the reward shop' }),
    ).not.toBeInTheDocument();
  });
});
