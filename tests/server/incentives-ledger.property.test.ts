import fc from 'fast-check';
import { expect, it } from 'vitest';
import { HttpError } from '@engine/server';
import { pointsRepository } from '../../src/server/repositories/points';
import { describeEachDb } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

/** One step applied to a fresh user's ledger. Days are relative to the moment the run starts. */
type Step =
  | { op: 'earn'; points: number; expiresInDays: number | null }
  | { op: 'spend'; points: number }
  | { op: 'expire'; atDays: number }
  | { op: 'refund'; points: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('earn' as const),
    points: fc.integer({ min: 1, max: 500 }),
    expiresInDays: fc.option(fc.integer({ min: -5, max: 60 }), { nil: null }),
  }),
  fc.record({ op: fc.constant('spend' as const), points: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ op: fc.constant('expire' as const), atDays: fc.integer({ min: -5, max: 60 }) }),
  fc.record({ op: fc.constant('refund' as const), points: fc.integer({ min: 1, max: 300 }) }),
);

interface Lot {
  id: number;
  remaining: number;
  expiresAt: number | null;
}

describeEachDb('points ledger properties', (server) => {
  let users = 0;

  async function freshUser(): Promise<number> {
    const { rows } = await server().db.query<{ uid: number }>(
      `INSERT INTO users (name, pass) VALUES ($1, 'x') RETURNING uid`,
      [`ledger-prop-${Date.now()}-${++users}`],
    );
    return rows[0]!.uid;
  }

  /** The user's lots in the order the kernel consumes them (oldest first). */
  async function lotsOf(uid: number): Promise<Lot[]> {
    const { rows } = await server().db.query<{
      id: number | string;
      remaining: number;
      expires_at: Date | string | null;
    }>(
      `SELECT id, remaining, expires_at FROM points_ledger WHERE uid = $1 AND delta > 0
        ORDER BY created_at, expires_at NULLS LAST, id`,
      [uid],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      remaining: r.remaining,
      expiresAt: r.expires_at === null ? null : new Date(r.expires_at).getTime(),
    }));
  }

  async function totalsOf(uid: number) {
    const { rows } = await server().db.query<{
      balance: number | null;
      deltas: number;
      remaining: number;
    }>(
      `SELECT (SELECT points FROM point_balances WHERE uid = $1) AS balance,
         (SELECT coalesce(sum(delta), 0)::int FROM points_ledger WHERE uid = $1) AS deltas,
         (SELECT coalesce(sum(remaining), 0)::int FROM points_ledger WHERE uid = $1) AS remaining`,
      [uid],
    );
    const row = rows[0]!;
    return { balance: row.balance ?? 0, deltas: row.deltas, remaining: row.remaining };
  }

  it('keeps balance = sum of deltas = sum of lots, never negative, spending oldest lots first and expiring only what is due', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), async (steps) => {
        const points = pointsRepository(server().db);
        const uid = await freshUser();
        const start = Date.now();
        let model = 0;

        for (const step of steps) {
          const before = await lotsOf(uid);
          switch (step.op) {
            case 'earn':
            case 'refund': {
              const expiresAt =
                step.op === 'earn' && step.expiresInDays !== null
                  ? new Date(start + step.expiresInDays * DAY)
                  : null;
              await points.credit({
                uid,
                points: step.points,
                kind: step.op === 'earn' ? 'award' : 'refund',
                expiresAt,
              });
              model += step.points;
              const after = await lotsOf(uid);
              // The new lot holds every point it brought; the older lots are untouched.
              expect(after.slice(0, before.length)).toEqual(before);
              expect(after.slice(before.length).map((l) => l.remaining)).toEqual([step.points]);
              break;
            }
            case 'spend': {
              if (step.points > model) {
                const refused = await points
                  .debit({ uid, points: step.points, kind: 'redeem' })
                  .then(
                    () => undefined,
                    (error: unknown) => error,
                  );
                expect(refused).toBeInstanceOf(HttpError);
                expect(refused).toMatchObject({ statusCode: 409, message: 'Not enough points.' });
                expect(await lotsOf(uid)).toEqual(before);
                break;
              }
              await points.debit({ uid, points: step.points, kind: 'redeem' });
              model -= step.points;
              const after = await lotsOf(uid);
              expect(after.map((l) => l.id)).toEqual(before.map((l) => l.id));
              let taken = 0;
              after.forEach((lot, i) => {
                const was = before[i]!.remaining;
                expect(lot.remaining).toBeLessThanOrEqual(was);
                if (lot.remaining < was) {
                  // A lot is only touched once every older lot is used up.
                  for (const older of after.slice(0, i)) expect(older.remaining).toBe(0);
                }
                taken += was - lot.remaining;
              });
              expect(taken).toBe(step.points);
              break;
            }
            case 'expire': {
              const at = start + step.atDays * DAY;
              await points.expireDue(new Date(at));
              const after = await lotsOf(uid);
              let expired = 0;
              after.forEach((lot, i) => {
                const was = before[i]!.remaining;
                const due = lot.expiresAt !== null && lot.expiresAt <= at;
                // Due lots are emptied; a lot not yet due keeps every point.
                expect(lot.remaining).toBe(due ? 0 : was);
                expired += was - lot.remaining;
              });
              model -= expired;
              break;
            }
          }

          const totals = await totalsOf(uid);
          expect(totals.balance).toBeGreaterThanOrEqual(0);
          expect(totals).toEqual({ balance: model, deltas: model, remaining: model });
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
