import type {
  IncentivesOverview,
  Leaderboard,
  PointsHistory,
} from '@schemas/entities/incentives.schema';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

type Data<T> = { data: T };

/**
 * The demo's points moved over the last twelve weeks or so, not all at once: the overview's chart
 * has a history, and every ledger row, lot, balance and kept total agrees with the others as if
 * each movement had happened at its moment.
 */
describeEachDb('the demo points history', (server) => {
  const db = () => server().db;

  it('spreads the movements over weeks, with balances, lots, expiry and kept totals that agree', async () => {
    // Every row's balance is the running sum of the user's deltas in the order they happened.
    const { rows: wrong } = await db().query<{ id: number }>(
      `SELECT id FROM (
         SELECT id, balance_after,
                sum(delta) OVER (PARTITION BY uid ORDER BY created_at, id) AS running
           FROM points_ledger) l
        WHERE balance_after <> running`,
    );
    expect(wrong).toEqual([]);
    // Balances are the sum of the deltas and of what the lots hold; lifetime points what was
    // earned (a refund gives back what was spent: it is not earned).
    const { rows: balances } = await db().query<{
      name: string;
      points: number;
      lifetime: number;
      deltas: number;
      remaining: number;
      earned: number;
    }>(
      `SELECT u.name, b.points, b.lifetime_points AS lifetime,
              sum(l.delta)::int AS deltas, sum(l.remaining)::int AS remaining,
              coalesce(sum(l.delta) FILTER (WHERE l.delta > 0 AND l.kind <> 'refund'), 0)::int
                AS earned
         FROM point_balances b JOIN users u ON u.uid = b.uid JOIN points_ledger l ON l.uid = b.uid
        GROUP BY u.name, b.points, b.lifetime_points ORDER BY u.name`,
    );
    expect(balances.length).toBeGreaterThan(1);
    for (const b of balances) {
      expect(b.deltas, b.name).toBe(b.points);
      expect(b.remaining, b.name).toBe(b.points);
      expect(b.lifetime, b.name).toBe(b.earned);
    }
    // Nothing is due that the expiry job has not taken, and what expired did so at its moment.
    const { rows: due } = await db().query(
      `SELECT id FROM points_ledger WHERE remaining > 0 AND expires_at <= now()`,
    );
    expect(due).toEqual([]);
    const { rows: expired } = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM points_ledger WHERE kind = 'expire'`,
    );
    expect(expired[0]!.n).toBeGreaterThan(0);

    // The overview's weeks say what the ledger says, over many weeks.
    const admin = await signedIn(server, 'admin');
    const overview = (await admin.get('/api/v2/incentives/overview?months=6')).json<
      Data<IncentivesOverview>
    >().data;
    const { rows: weeks } = await db().query<{
      week: string;
      issued: number;
      redeemed: number;
      expired: number;
    }>(
      `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
              coalesce(sum(delta) FILTER (WHERE delta > 0), 0)::int AS issued,
              coalesce(-sum(delta) FILTER (WHERE kind = 'redeem'), 0)::int AS redeemed,
              coalesce(-sum(delta) FILTER (WHERE kind = 'expire'), 0)::int AS expired
         FROM points_ledger GROUP BY 1 ORDER BY 1`,
    );
    const moved = overview.weeks.filter((w) => w.issued || w.redeemed || w.expired);
    expect(moved).toEqual(weeks);
    expect(moved.length).toBeGreaterThanOrEqual(8);
    expect(overview.totals.redeemed).toBeGreaterThan(0);
    expect(overview.totals.expired).toBeGreaterThan(0);

    // The learner's own history: earned over many weeks, with points still to expire.
    const learner = await signedIn(server, 'learner');
    const history = (await learner.get('/api/v2/incentives/wallet/history')).json<
      Data<PointsHistory>
    >().data;
    expect(history.weeks.filter((w) => w.earned > 0).length).toBeGreaterThanOrEqual(5);
    expect(history.expiries.length).toBeGreaterThan(0);
    expect(history.expiries.every((e) => Date.parse(e.at) > Date.now())).toBe(true);
    expect(history.expiring).toBe(history.expiries.reduce((n, e) => n + e.points, 0));

    // Everyone with points earned some this month, so the month's board shows them.
    const board = (await learner.get('/api/v2/incentives/leaderboard?period=month')).json<
      Data<Leaderboard>
    >().data;
    const names = balances.map((b) => b.name);
    const { rows: people } = await db().query<{ full_name: string }>(
      `SELECT concat_ws(' ', first_name, last_name) AS full_name FROM users WHERE name = ANY($1)`,
      [names],
    );
    expect(board.entries.map((e) => e.full_name).toSorted()).toEqual(
      people.map((p) => p.full_name).toSorted(),
    );
  });

  it('writes a history only for a user without points, and never more spent than held', async () => {
    const { points, users } = server().app.repos;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const learner = (
      await db().query<{ uid: number }>(`SELECT uid FROM users WHERE name = 'learner'`)
    ).rows[0]!.uid;
    await expect(
      points.writeHistory(learner, [{ at: ago(1), delta: 5, kind: 'award' }], now),
    ).rejects.toThrow('Only a user without points');
    const tag = Math.random().toString(36).slice(2, 8);
    const fresh = await users.create({ name: `history-${tag}`, pass: 'x' });
    await expect(
      points.writeHistory(
        fresh,
        [
          { at: ago(10), delta: 50, kind: 'award', expiresAt: ago(5) },
          { at: ago(2), delta: -20, kind: 'redeem' },
        ],
        now,
      ),
    ).rejects.toThrow('Not enough points.');
    expect(await points.wallet(fresh)).toEqual({ points: 0, lifetime_points: 0 });

    // Spent from the oldest lot, the rest of it expired at its date, the newer lot kept.
    expect(
      await points.writeHistory(
        fresh,
        [
          { at: ago(10), delta: 50, kind: 'award', expiresAt: ago(5) },
          { at: ago(8), delta: -20, kind: 'redeem' },
          { at: ago(3), delta: 40, kind: 'award', expiresAt: new Date(now.getTime() + DAY) },
        ],
        now,
      ),
    ).toEqual({ points: 40, lifetime_points: 90 });
    const { rows } = await db().query<{
      delta: number;
      kind: string;
      remaining: number;
      balance_after: number;
      created_at: Date | string;
    }>(
      `SELECT delta, kind, remaining, balance_after, created_at FROM points_ledger
        WHERE uid = $1 ORDER BY id`,
      [fresh],
    );
    expect(
      rows.map(({ created_at, ...r }) => ({ ...r, at: new Date(created_at).getTime() })),
    ).toEqual([
      { delta: 50, kind: 'award', remaining: 0, balance_after: 50, at: ago(10).getTime() },
      { delta: -20, kind: 'redeem', remaining: 0, balance_after: 30, at: ago(8).getTime() },
      { delta: -30, kind: 'expire', remaining: 0, balance_after: 0, at: ago(5).getTime() },
      { delta: 40, kind: 'award', remaining: 40, balance_after: 40, at: ago(3).getTime() },
    ]);
  });
});
