import type { PointsHistory } from '@schemas/entities/incentives.schema';
import type { Wallet } from '@schemas/entities/wallet.schema';
import { expect, it } from 'vitest';
import {
  agent,
  describeEachDb,
  expectWeeklyCounts,
  getData,
  insertPastMovements,
  periodStartSql,
  signedIn,
  uidOf,
} from './helpers';

const HISTORY = '/api/v2/incentives/wallet/history';
const WALLET = '/api/v2/incentives/wallet';
const DAY = 24 * 60 * 60 * 1000;

/**
 * A learner's points history reads only their own ledger rows. Whatever moved (awards, an
 * adjustment either way, a purchase, expiry, movements long ago, other people's points), its
 * weeks must say what summing that learner's ledger says, and its expiries what their lots hold.
 */
describeEachDb('points history', (server) => {
  const db = () => server().db;

  /** The history summed from the user's ledger rows and lots themselves. */
  async function fromTheLedger(uid: number, months: number) {
    const weeks = await db().query<{
      week: string;
      earned: number;
      spent: number;
      expired: number;
    }>(
      `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
              coalesce(sum(delta) FILTER (WHERE delta > 0 AND kind IN ('award', 'adjust', 'refund')), 0)::int AS earned,
              coalesce(-sum(delta) FILTER (WHERE kind = 'redeem'), 0)::int AS spent,
              coalesce(-sum(delta) FILTER (WHERE kind = 'expire'), 0)::int AS expired
         FROM points_ledger
        WHERE uid = $1 AND created_at >= ${periodStartSql(months)} AND kind <> 'held'
        GROUP BY 1 ORDER BY 1`,
      [uid],
    );
    const lots = await db().query<{ at: Date | string; points: number }>(
      `SELECT expires_at AS at, remaining AS points FROM points_ledger
        WHERE uid = $1 AND remaining > 0 AND expires_at IS NOT NULL ORDER BY expires_at, id`,
      [uid],
    );
    const balance = await db().query<{ points: number }>(
      'SELECT coalesce(sum(delta), 0)::int AS points FROM points_ledger WHERE uid = $1',
      [uid],
    );
    const expiries = new Map<string, number>();
    for (const lot of lots.rows) {
      const at = new Date(lot.at).toISOString();
      expiries.set(at, (expiries.get(at) ?? 0) + lot.points);
    }
    return {
      weeks: weeks.rows.filter((w) => w.earned || w.spent || w.expired),
      points: balance.rows[0]!.points,
      expiring: lots.rows.reduce((n, l) => n + l.points, 0),
      expiries: [...expiries].map(([at, points]) => ({ at, points })),
    };
  }

  it('shows a learner their own points earned, spent and expired, their balance and what expires when', async () => {
    const learner = await signedIn(server, 'learner');
    const { points } = server().app.repos;
    const learnerUid = await uidOf(server, 'learner');
    const trainerUid = await uidOf(server, 'trainer');
    const before = await getData<PointsHistory>(learner, HISTORY);

    await points.credit({ uid: learnerUid, points: 120, kind: 'award', source: 'test' });
    await points.credit({ uid: learnerUid, points: 30, kind: 'adjust' });
    await points.debit({ uid: learnerUid, points: 5, kind: 'adjust' });
    await points.debit({ uid: learnerUid, points: 40, kind: 'redeem' });
    // Two lots expiring at one moment, one later, and one already due that the job expires now.
    const soon = new Date(Date.now() + 10 * DAY);
    const later = new Date(Date.now() + 200 * DAY);
    for (const [n, expiresAt] of [
      [44, soon],
      [6, soon],
      [70, later],
      [17, new Date(Date.now() - DAY)],
    ] as const)
      await points.credit({ uid: learnerUid, points: n, kind: 'award', source: 'test', expiresAt });
    expect(await points.expireDue(new Date())).toBeGreaterThanOrEqual(17);
    // Movements long ago: one within the last 12 months only, one before both periods.
    await insertPastMovements(server, learnerUid, [
      { delta: 250, kind: 'adjust', note: 'then', daysAgo: 250 },
      { delta: -250, kind: 'redeem', note: 'then', daysAgo: 249 },
      { delta: 400, kind: 'award', note: 'long ago', daysAgo: 400 },
      { delta: -400, kind: 'adjust', note: 'evened', daysAgo: 400 },
    ]);
    // Someone else's points, this week and with an expiry: not the learner's.
    await points.credit({
      uid: trainerUid,
      points: 9000,
      kind: 'award',
      source: 'test',
      expiresAt: soon,
    });

    for (const months of [6, 12] as const) {
      const history = await getData<PointsHistory>(learner, `${HISTORY}?months=${months}`);
      const ledger = await fromTheLedger(learnerUid, months);
      expect(history.months).toBe(months);
      expectWeeklyCounts(history, ledger.weeks, ['earned', 'spent', 'expired']);
      expect(history.points).toBe(ledger.points);
      expect(history.expiring).toBe(ledger.expiring);
      expect(history.expiries).toEqual(ledger.expiries);
    }

    const six = await getData<PointsHistory>(learner, `${HISTORY}?months=6`);
    const twelve = await getData<PointsHistory>(learner, `${HISTORY}?months=12`);
    // This week: what was just earned, spent and expired.
    const thisWeek = six.weeks.at(-1)!;
    const weekBefore = before.weeks.at(-1)!;
    expect(thisWeek.week).toBe(weekBefore.week);
    expect(thisWeek.earned - weekBefore.earned).toBe(120 + 30 + 44 + 6 + 70 + 17);
    expect(thisWeek.spent - weekBefore.spent).toBe(40);
    expect(thisWeek.expired - weekBefore.expired).toBe(17);
    // The movements 250 days ago are in the 12 months only; 400 days ago in neither.
    expect(twelve.totals.earned - six.totals.earned).toBe(250);
    expect(twelve.totals.spent - six.totals.spent).toBe(250);
    // The lots due at one moment are one expiry; the trainer's lot is not among them.
    const atSoon = six.expiries.find((e) => e.at === soon.toISOString());
    expect(atSoon?.points).toBe(50);
    expect(six.expiries.find((e) => e.at === later.toISOString())?.points).toBe(70);
    expect(six.expiries.every((e) => e.points < 9000)).toBe(true);
    expect(six.points).toBe((await getData<Wallet>(learner, WALLET)).points);
  });

  it('is for signed-in users only, for 6 or 12 months', async () => {
    expect((await agent(server).get(HISTORY)).statusCode).toBe(401);
    const trainer = await signedIn(server, 'trainer');
    expect((await trainer.get(`${HISTORY}?months=7`)).statusCode).toBe(400);
    const history = await getData<PointsHistory>(trainer, HISTORY);
    expect(history.months).toBe(6);
    expect(history.points).toBe((await getData<Wallet>(trainer, WALLET)).points);
  });
});
