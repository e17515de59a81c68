import type { Wallet } from '@schemas/entities/wallet.schema';
import { HttpError } from '@engine/server';
import { PG_CHECK_VIOLATION, sqlState, type Db } from '../db/db';

/** Why points moved. */
export type PointsKind = 'award' | 'redeem' | 'expire' | 'adjust';

/** The points ledger and the per-user balance that cannot go negative. */
export function pointsRepository(db: Db) {
  return {
    async wallet(uid: number): Promise<Wallet> {
      const { rows } = await db.query<Wallet>(
        'SELECT points, lifetime_points FROM point_balances WHERE uid = $1',
        [uid],
      );
      return rows[0] ?? { points: 0, lifetime_points: 0 };
    },

    /**
     * Moves points and records the movement, atomically. A debit larger than the balance is
     * refused by the database's CHECK and answered 409.
     */
    async add(uid: number, delta: number, kind: PointsKind, note = ''): Promise<Wallet> {
      try {
        return await db.transaction(async (tx) => {
          await tx.query(
            'INSERT INTO point_balances (uid) VALUES ($1) ON CONFLICT (uid) DO NOTHING',
            [uid],
          );
          const { rows } = await tx.query<Wallet>(
            `UPDATE point_balances SET points = points + $2, lifetime_points = lifetime_points + greatest($2, 0)
              WHERE uid = $1 RETURNING points, lifetime_points`,
            [uid, delta],
          );
          const wallet = rows[0]!;
          await tx.query(
            'INSERT INTO points_ledger (uid, delta, kind, note, balance_after) VALUES ($1, $2, $3, $4, $5)',
            [uid, delta, kind, note, wallet.points],
          );
          return wallet;
        });
      } catch (error) {
        if (sqlState(error) === PG_CHECK_VIOLATION) throw new HttpError(409, 'Not enough points.');
        throw error;
      }
    },
  };
}
export type PointsRepository = ReturnType<typeof pointsRepository>;
