import type { Leaderboard } from '@schemas/entities/incentives.schema';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn } from './helpers';

const LEADERBOARD = '/api/v2/incentives/leaderboard';

/**
 * The leaderboard reads totals the database keeps as points are earned. Whatever moves points,
 * one row or many at a time, and however many requests do it at once, the totals must say what
 * the ledger says.
 */
describeEachDb('leaderboard totals', (server) => {
  const db = () => server().db;
  const uidOf = async (name: string) =>
    (await db().query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name])).rows[0]!
      .uid;

  /** Each user's earnings per period as the ledger has them, and as the totals have them. */
  const bothWays = async () => {
    const fromLedger = await db().query<{ period: string; uid: number; points: number }>(
      `SELECT p.period, l.uid, sum(l.delta)::int AS points
         FROM points_ledger l
        CROSS JOIN (VALUES ('week'), ('month'), ('all')) AS p (period)
        WHERE l.delta > 0 AND l.kind IN ('award', 'adjust')
          AND l.created_at >= CASE p.period WHEN 'all' THEN '-infinity'::timestamptz
                ELSE date_trunc(p.period, now() AT TIME ZONE atrium_site_zone())
                       AT TIME ZONE atrium_site_zone() END
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const kept = await db().query<{ period: string; uid: number; points: number }>(
      `SELECT period, uid, points FROM leaderboard_totals
        WHERE starts = atrium_period_start(period, now(), atrium_site_zone())
        ORDER BY 1, 2`,
    );
    return { fromLedger: fromLedger.rows, kept: kept.rows };
  };

  it('agree with the ledger after credits, debits and refunds, one by one and all at once', async () => {
    const { points } = server().app.repos;
    const learner = await uidOf('learner');
    const trainer = await uidOf('trainer');
    await points.credit({ uid: learner, points: 40, kind: 'award', source: 'test' });
    await points.credit({ uid: trainer, points: 25, kind: 'adjust' });
    await points.credit({ uid: trainer, points: 500, kind: 'refund' });
    await points.debit({ uid: trainer, points: 30, kind: 'redeem' });
    await points.debit({ uid: learner, points: 5, kind: 'adjust' });
    // Twenty credits at once over five users: each pays into the same totals rows.
    const names = ['learner', 'trainer', 'admin', 'courseadmin', 'layla'];
    const uids = await Promise.all(names.map(uidOf));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        points.credit({ uid: uids[i % uids.length]!, points: i + 1, kind: 'award' }),
      ),
    );
    // A statement inserting many rows (as a bulk import would) is counted as a whole.
    await db().query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, balance_after)
       SELECT uid, 7, 'adjust', 'bulk', 'test', 0, 0 FROM unnest($1::int[]) AS uid`,
      [uids],
    );
    const { fromLedger, kept } = await bothWays();
    expect(kept).toEqual(fromLedger);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('earnings of an earlier week or month count only all time', async () => {
    const admin = await signedIn(server, 'admin');
    const uid = await uidOf('admin');
    const rank = async (period: string) =>
      (await admin.get(`${LEADERBOARD}?period=${period}`)).json<{ data: Leaderboard }>().data.me
        ?.points;
    const before = { week: await rank('week'), month: await rank('month'), all: await rank('all') };
    await db().query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, balance_after, created_at)
       VALUES ($1, 1000, 'award', 'long ago', 'test', 0, 0, now() - interval '400 days')`,
      [uid],
    );
    expect(await rank('week')).toBe(before.week);
    expect(await rank('month')).toBe(before.month);
    expect(await rank('all')).toBe((before.all ?? 0) + 1000);
  });

  it('a user who is blocked or opts out leaves every board, and comes back with their points', async () => {
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('trainer');
    await server().app.repos.points.credit({ uid, points: 100_000, kind: 'award' });
    const leaders = async (period: string) =>
      (await learner.get(`${LEADERBOARD}?period=${period}`))
        .json<{ data: Leaderboard }>()
        .data.entries.map((e) => e.uid);
    for (const period of ['week', 'month', 'all']) expect((await leaders(period))[0]).toBe(uid);
    await db().query('UPDATE users SET blocked = true WHERE uid = $1', [uid]);
    for (const period of ['week', 'month', 'all']) expect(await leaders(period)).not.toContain(uid);
    await db().query('UPDATE users SET blocked = false WHERE uid = $1', [uid]);
    expect((await leaders('all'))[0]).toBe(uid);
    await db().query('UPDATE users SET leaderboard_opt_out = true WHERE uid = $1', [uid]);
    expect(await leaders('month')).not.toContain(uid);
    await db().query('UPDATE users SET leaderboard_opt_out = false WHERE uid = $1', [uid]);
    expect((await leaders('month'))[0]).toBe(uid);
  });

  it('forgets the week and month totals of periods before the last one, never all time', async () => {
    const uid = await uidOf('learner');
    await db().query(
      `INSERT INTO leaderboard_totals (period, starts, uid, points, listed) VALUES
         ('week', DATE '2020-01-06', $1, 5, true), ('month', DATE '2020-01-01', $1, 5, true)`,
      [uid],
    );
    const before = await db().query<{ period: string; n: number }>(
      `SELECT period, count(*)::int AS n FROM leaderboard_totals
        WHERE starts >= atrium_period_start(
                period,
                now() - CASE period WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END,
                atrium_site_zone())
           OR period = 'all' GROUP BY period ORDER BY period`,
    );
    expect(await server().app.repos.earning.forgetOldLeaderboards()).toBeGreaterThanOrEqual(2);
    const { rows } = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leaderboard_totals WHERE starts = DATE '2020-01-06'
          OR (period = 'month' AND starts = DATE '2020-01-01')`,
    );
    expect(rows[0]!.n).toBe(0);
    const after = await db().query<{ period: string; n: number }>(
      `SELECT period, count(*)::int AS n FROM leaderboard_totals
        WHERE starts >= atrium_period_start(
                period,
                now() - CASE period WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END,
                atrium_site_zone())
           OR period = 'all' GROUP BY period ORDER BY period`,
    );
    // The current and the previous periods, and all time, stay as they were.
    expect(after.rows).toEqual(before.rows);
  });
});
