import type { PointsHistory } from '@schemas/entities/incentives.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn } from './helpers';

const HISTORY = '/api/v2/incentives/wallet/history';
const DAY = 24 * 60 * 60 * 1000;

type Data<T> = { data: T };

/**
 * A learner's points history reads only their own ledger rows. Whatever moved (awards, an
 * adjustment either way, a purchase, expiry, movements long ago, other people's points), its
 * weeks must say what summing that learner's ledger says, and its expiries what their lots hold.
 */
describeEachDb('points history', (server) => {
  const db = () => server().db;
  const uidOf = async (name: string) =>
    (await db().query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name])).rows[0]!
      .uid;

  /** The first instant of the period: the Monday (UTC) of `months` months ago. */
  const since = (months: number) =>
    `(date_trunc('week', (now() - make_interval(months => ${months})) AT TIME ZONE 'UTC')
        AT TIME ZONE 'UTC')`;

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
        WHERE uid = $1 AND created_at >= ${since(months)} AND kind <> 'held'
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
    const learnerUid = await uidOf('learner');
    const trainerUid = await uidOf('trainer');
    const before = (await learner.get(HISTORY)).json<Data<PointsHistory>>().data;

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
    await db().query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, balance_after, created_at)
       VALUES ($1, 250, 'adjust', 'then', 'test', 0, 0, now() - interval '250 days'),
              ($1, -250, 'redeem', 'then', 'test', 0, 0, now() - interval '249 days'),
              ($1, 400, 'award', 'long ago', 'test', 0, 0, now() - interval '400 days'),
              ($1, -400, 'adjust', 'evened', 'test', 0, 0, now() - interval '400 days')`,
      [learnerUid],
    );
    // Someone else's points, this week and with an expiry: not the learner's.
    await points.credit({
      uid: trainerUid,
      points: 9000,
      kind: 'award',
      source: 'test',
      expiresAt: soon,
    });

    for (const months of [6, 12] as const) {
      const res = await learner.get(`${HISTORY}?months=${months}`);
      expect(res.statusCode, res.body).toBe(200);
      const history = res.json<Data<PointsHistory>>().data;
      const ledger = await fromTheLedger(learnerUid, months);
      expect(history.months).toBe(months);
      // Every week of the period is listed, oldest first, about 4.35 a month.
      expect(history.weeks.length).toBeGreaterThanOrEqual(Math.floor(months * 4.3));
      expect(history.weeks.length).toBeLessThanOrEqual(Math.ceil(months * 4.4) + 1);
      expect(history.weeks.map((w) => w.week)).toEqual(history.weeks.map((w) => w.week).toSorted());
      expect(history.weeks.filter((w) => w.earned || w.spent || w.expired)).toEqual(ledger.weeks);
      expect(history.totals).toEqual({
        earned: ledger.weeks.reduce((n, w) => n + w.earned, 0),
        spent: ledger.weeks.reduce((n, w) => n + w.spent, 0),
        expired: ledger.weeks.reduce((n, w) => n + w.expired, 0),
      });
      expect(history.points).toBe(ledger.points);
      expect(history.expiring).toBe(ledger.expiring);
      expect(history.expiries).toEqual(ledger.expiries);
    }

    const six = (await learner.get(`${HISTORY}?months=6`)).json<Data<PointsHistory>>().data;
    const twelve = (await learner.get(`${HISTORY}?months=12`)).json<Data<PointsHistory>>().data;
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
    expect(six.points).toBe(
      (await learner.get('/api/v2/incentives/wallet')).json<Data<{ points: number }>>().data.points,
    );
  });

  it('is for signed-in users only, for 6 or 12 months', async () => {
    expect((await agent(server).get(HISTORY)).statusCode).toBe(401);
    const trainer = await signedIn(server, 'trainer');
    expect((await trainer.get(`${HISTORY}?months=7`)).statusCode).toBe(400);
    const res = await trainer.get(HISTORY);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json<Data<PointsHistory>>().data;
    expect(history.months).toBe(6);
    expect(history.points).toBe(
      (await trainer.get('/api/v2/incentives/wallet')).json<Data<{ points: number }>>().data.points,
    );
  });
});
