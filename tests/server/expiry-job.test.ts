import { expect, it } from 'vitest';
import { EXPIRY_BATCH } from '../../src/server/repositories/points';
import { describeEachDb } from './helpers';

/**
 * The points expiry job clears due lots in set-based batches. Whatever it meets (more lots than
 * a batch, users spending at the same moment), every balance ends equal to the sum of its
 * ledger and to what remains of its lots, and no point is expired twice or not at all.
 */
describeEachDb('the points expiry job', (server) => {
  const db = () => server().db;

  /** Users `pfx1…pfxN`, each with `lots` due lots of 1..lots points and one of 7 not yet due. */
  const usersWithDueLots = async (prefix: string, users: number, lots: number) => {
    await db().query(
      `INSERT INTO users (name, pass) SELECT $1 || g, 'x' FROM generate_series(1, $2::int) g`,
      [prefix, users],
    );
    await db().query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, expires_at, balance_after, created_at)
       SELECT u.uid, g, 'award', '', 'test', g, now() - interval '1 day',
              sum(g) OVER (PARTITION BY u.uid ORDER BY g), now() - (100 - g) * interval '1 minute'
         FROM users u CROSS JOIN generate_series(1, $2::int) g
        WHERE u.name LIKE $1 || '%'`,
      [prefix, lots],
    );
    await db().query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, expires_at, balance_after)
       SELECT u.uid, 7, 'award', 'kept', 'test', 7, now() + interval '1 year',
              (SELECT sum(delta) FROM points_ledger l WHERE l.uid = u.uid) + 7
         FROM users u WHERE u.name LIKE $1 || '%'`,
      [prefix],
    );
    await db().query(
      `INSERT INTO point_balances (uid, points, lifetime_points)
       SELECT uid, sum(delta), sum(delta) FROM points_ledger l
        WHERE uid IN (SELECT uid FROM users WHERE name LIKE $1 || '%') GROUP BY uid`,
      [prefix],
    );
  };

  /** Users whose balance disagrees with their ledger or their lots. */
  const disagreeing = async (prefix: string) =>
    (
      await db().query<{ uid: number }>(
        `SELECT b.uid FROM point_balances b JOIN users u ON u.uid = b.uid
          WHERE u.name LIKE $1 || '%'
            AND (b.points <> (SELECT sum(delta) FROM points_ledger l WHERE l.uid = b.uid)
              OR b.points <> (SELECT sum(remaining) FROM points_ledger l WHERE l.uid = b.uid))`,
        [prefix],
      )
    ).rows;

  it('expires more due lots than a batch holds, each once, oldest first, keeping what is not due', async () => {
    const users = Math.ceil((EXPIRY_BATCH * 2.5) / 10);
    await usersWithDueLots('expiry-many-', users, 10);
    const expired = await server().app.repos.points.expireDue(new Date());
    expect(expired).toBe(users * 55);
    const { rows } = await db().query<{ points: number; expires: number; left: number }>(
      `SELECT sum(b.points)::int AS points,
              (SELECT count(*)::int FROM points_ledger l JOIN users v ON v.uid = l.uid
                WHERE v.name LIKE 'expiry-many-%' AND l.kind = 'expire') AS expires,
              (SELECT count(*)::int FROM points_ledger l JOIN users v ON v.uid = l.uid
                WHERE v.name LIKE 'expiry-many-%' AND l.remaining > 0) AS left
         FROM point_balances b JOIN users u ON u.uid = b.uid WHERE u.name LIKE 'expiry-many-%'`,
    );
    expect(rows[0]).toEqual({ points: users * 7, expires: users * 10, left: users });
    expect(await disagreeing('expiry-many-')).toEqual([]);
    // Each user's expiries run from the oldest lot, each row's balance the one before it less it.
    const { rows: one } = await db().query<{ delta: number; balance_after: number }>(
      `SELECT delta, balance_after FROM points_ledger
        WHERE uid = (SELECT uid FROM users WHERE name = 'expiry-many-1') AND kind = 'expire'
        ORDER BY id`,
    );
    expect(one.map((r) => r.delta)).toEqual([-1, -2, -3, -4, -5, -6, -7, -8, -9, -10]);
    expect(one.at(-1)!.balance_after).toBe(7);
    expect(await server().app.repos.points.expireDue(new Date())).toBe(0);
  });

  it('runs beside users who spend at the same moment: nothing is lost or taken twice', async () => {
    await usersWithDueLots('expiry-busy-', 40, 5);
    const { rows } = await db().query<{ uid: number }>(
      `SELECT uid FROM users WHERE name LIKE 'expiry-busy-%' ORDER BY uid`,
    );
    const { points } = server().app.repos;
    const spending = rows.map(({ uid }) =>
      points.debit({ uid, points: 3, kind: 'redeem' }).then(
        () => 'spent',
        () => 'refused',
      ),
    );
    const [expired, ...outcomes] = await Promise.all([points.expireDue(new Date()), ...spending]);
    // Whatever expired first, every debit of 3 could be paid (7 points stay unexpired).
    expect(outcomes.every((o) => o === 'spent')).toBe(true);
    expect(await points.expireDue(new Date())).toBeGreaterThanOrEqual(0);
    expect(await disagreeing('expiry-busy-')).toEqual([]);
    // Each user had 15 points due and 7 not: what they spent and what expired add up to what
    // they lost, whichever came first (spending takes the oldest lots, which were due).
    const { rows: users } = await db().query<{ points: number; expired: number }>(
      `SELECT b.points, -(SELECT coalesce(sum(delta), 0)::int FROM points_ledger l
                           WHERE l.uid = b.uid AND l.kind = 'expire') AS expired
         FROM point_balances b JOIN users u ON u.uid = b.uid WHERE u.name LIKE 'expiry-busy-%'`,
    );
    for (const user of users) expect(user.points + user.expired + 3).toBe(22);
    expect(users.reduce((n, u) => n + u.expired, 0)).toBeGreaterThanOrEqual(expired);
  });
});
