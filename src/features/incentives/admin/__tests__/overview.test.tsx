import type { IncentivesOverview as Overview } from '@schemas/entities/incentives.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answeringBy, failingUntilRecovered, server, setupMockServer } from '@/shell/__tests__/msw';
import { cellTexts, itemTexts, renderShell } from '@/shell/__tests__/test-utils';
import { IncentivesOverview } from '../overview/overview';
import { admin } from './fixtures';

setupMockServer();

const OVERVIEW = '*/api/v2/incentives/overview';

const overview = (months: 6 | 12, over: Partial<Overview> = {}): Overview => ({
  months,
  weeks: [
    { week: '2026-11-09', issued: 1200, redeemed: 300, expired: 0 },
    { week: '2026-11-16', issued: 0, redeemed: 0, expired: 0 },
    { week: '2026-11-23', issued: 11200, redeemed: 7800, expired: 900 },
  ],
  totals: { issued: 12400, redeemed: 8100, expired: 900 },
  outstanding: 45210,
  expiring_soon: 1730,
  top_rewards: [
    { product_id: 4, title: 'Coffee mug', redemptions: 12, points: 1200 },
    { product_id: 9, title: 'Day off', redemptions: 3, points: 3000 },
  ],
  top_rules: [
    { rule: 'training_completed', points: 9000, awards: 90 },
    { rule: 'daily_login', points: 400, awards: 80 },
  ],
  held: { awards: 0, rules: [] },
  ...over,
});

describe('Incentives overview', () => {
  it('shows the figures, a summary, the weeks as a table, the top lists, and the other period', async () => {
    const asked = answeringBy(OVERVIEW, 'months', (months) =>
      months === '12'
        ? overview(12, { totals: { issued: 20000, redeemed: 9000, expired: 1000 } })
        : overview(6),
    );
    renderShell(<IncentivesOverview />, { user: admin, path: '/settings/incentives' });

    expect(
      await screen.findByText(
        'Over the last 6 months 12,400 points were issued, 8,100 redeemed and 900 expired.',
      ),
    ).toBeInTheDocument();
    const figure = (name: string) => screen.getByText(name).closest('div')!;
    expect(within(figure('Points outstanding')).getByText('45,210')).toBeInTheDocument();
    expect(within(figure('Expiring in the next 30 days')).getByText('1,730')).toBeInTheDocument();
    // No caution when the guard held nothing back.
    expect(screen.queryByText(/cheat guard/)).not.toBeInTheDocument();

    // The table is behind a disclosure and holds every week and the totals.
    await userEvent.click(screen.getByText('Show as table'));
    const table = screen.getByRole('table', { name: 'Points per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 3 + 1);
    expect(cellTexts(rows[3]!)).toEqual(['11,200', '7,800', '900']);
    expect(within(rows[4]!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cellTexts(rows[4]!)).toEqual(['12,400', '8,100', '900']);

    const rewards = screen.getByRole('list', { name: 'Top rewards by redemptions' });
    expect(itemTexts(rewards)).toEqual(['Coffee mug12 redemptions', 'Day off3 redemptions']);
    const rules = screen.getByRole('list', { name: 'Top earning rules' });
    expect(itemTexts(rules)).toEqual(['Training completed9,000 points', 'Daily login400 points']);

    const twelve = screen.getByRole('button', { name: 'Last 12 months' });
    expect(twelve).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(twelve);
    expect(
      await screen.findByText(
        'Over the last 12 months 20,000 points were issued, 9,000 redeemed and 1,000 expired.',
      ),
    ).toBeInTheDocument();
    expect(twelve).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual(['6', '12']);
  });

  it('cautions when the cheat guard held awards back, naming the rules', async () => {
    server.use(
      http.get(OVERVIEW, () =>
        HttpResponse.json({
          data: overview(6, {
            held: {
              awards: 14,
              rules: [
                { rule: 'training_completed', awards: 11 },
                { rule: 'daily_login', awards: 3 },
              ],
            },
          }),
        }),
      ),
    );
    renderShell(<IncentivesOverview />, { user: admin, path: '/settings/incentives' });
    const caution = (
      await screen.findByText('The cheat guard held back 14 awards in this period.')
    ).closest('[role="note"]')!;
    expect(caution).toHaveTextContent(
      'Held back by rule: Training completed (11), Daily login (3).',
    );
  });

  it('says when no points moved, and retries after an error', async () => {
    const recover = failingUntilRecovered(OVERVIEW, () =>
      overview(6, {
        weeks: [{ week: '2026-11-23', issued: 0, redeemed: 0, expired: 0 }],
        totals: { issued: 0, redeemed: 0, expired: 0 },
        outstanding: 0,
        expiring_soon: 0,
        top_rewards: [],
        top_rules: [],
      }),
    );
    renderShell(<IncentivesOverview />, { user: admin, path: '/settings/incentives' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The overview could not be loaded.');
    recover();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No points have moved in this period yet.')).toBeInTheDocument();
    expect(screen.queryByText('Show as table')).not.toBeInTheDocument();
    expect(screen.getByText('No rewards were redeemed in this period.')).toBeInTheDocument();
    expect(screen.getByText('No rule awarded points in this period.')).toBeInTheDocument();
  });
});
