import type { Wallet } from '@schemas/entities/wallet.schema';
import { HttpError } from '@engine/server';
import { PG_CHECK_VIOLATION, sqlState, type Db } from '../db/db';

/** Why points moved (`held`: an award the cheat guard held back, which moves none). */
export type PointsKind = 'award' | 'redeem' | 'expire' | 'adjust' | 'refund' | 'held';

/** Lots one expiry batch clears: a batch's transaction stays in the milliseconds. */
export const EXPIRY_BATCH = 2000;

/** The advisory lock of the expiry job (any number; unique among the app's advisory locks). */
const EXPIRY_LOCK = 0x6174_7231;

/** The answer when a debit is larger than the balance. */
export const NOT_ENOUGH_POINTS = 'Not enough points.';

/** SQLSTATE of `atrium_debit` (migrations 0009, 0011) when the balance is smaller than the debit. */
export const NOT_ENOUGH_POINTS_STATE = 'AT004';

export interface Credit {
  uid: number;
  /** A positive number of points. */
  points: number;
  kind: Extract<PointsKind, 'award' | 'adjust' | 'refund'>;
  note?: string;
  /** The rule type, `checkout`, `admin:{uid}`, … */
  source?: string;
  orderId?: number | null;
  /** When these points expire (null: never). */
  expiresAt?: Date | null;
}

export interface Debit {
  uid: number;
  /** A positive number of points to take. */
  points: number;
  kind: Extract<PointsKind, 'redeem' | 'adjust'>;
  note?: string;
  source?: string;
  orderId?: number | null;
}

/** An award the earning rules' cheat guard held back. */
export interface Hold {
  uid: number;
  /** The rule type. */
  source: string;
  /** What the award was for, as a paid one's note says. */
  note: string;
  /** Why it was held back (a filled-in `guardMessages` text). */
  reason: string;
}

export interface Movement {
  id: number;
  balanceAfter: number;
}

/** A movement that happened in the past, for {@link pointsRepository}'s `writeHistory`. */
export interface PastMovement {
  at: Date;
  /**
   * Positive: a credit (a new lot); negative: a debit, taken from the oldest lots; 0 for an award
   * the cheat guard held back (`held`), which moves nothing.
   */
  delta: number;
  kind: Extract<PointsKind, 'award' | 'redeem' | 'adjust' | 'refund' | 'held'>;
  note?: string;
  /** The rule type, `checkout`, `admin:{uid}`, … */
  source?: string;
  /** The order a purchase paid for or a refund gave back. */
  orderId?: number | null;
  /** Why a `held` award was held back (a filled-in `guardMessages` text). */
  reason?: string;
  /** When a credit's points expire (null: never). */
  expiresAt?: Date | null;
}

/** Whether a past movement's points go the way its kind moves them. */
function movesAsItsKind(m: PastMovement): boolean {
  if (!Number.isInteger(m.delta)) return false;
  switch (m.kind) {
    case 'held':
      return m.delta === 0 && Boolean(m.reason);
    case 'award':
    case 'refund':
      return m.delta > 0;
    case 'redeem':
      return m.delta < 0;
    case 'adjust':
      return m.delta !== 0;
  }
}

/**
 * The points ledger. Every change is an appended `points_ledger` row; `point_balances` holds the
 * derived balance, which a CHECK keeps from going negative. Credits are lots: their `remaining`
 * points are consumed oldest first by spending and taken by expiry, so the balance always equals
 * both the sum of the deltas and the sum of what remains of the lots.
 *
 * Each method runs in one transaction (joining the caller's when there is one) and locks the
 * user's balance row first, so concurrent movements of one user queue up instead of racing.
 */
export function pointsRepository(db: Db) {
  async function lockBalance(tx: Db, uid: number): Promise<number> {
    const lock = () =>
      tx.query<{ points: number }>('SELECT points FROM point_balances WHERE uid = $1 FOR UPDATE', [
        uid,
      ]);
    const { rows } = await lock();
    if (rows[0]) return rows[0].points;
    // The user's first movement: make the row (a concurrent first movement may make it too).
    await tx.query('INSERT INTO point_balances (uid) VALUES ($1) ON CONFLICT (uid) DO NOTHING', [
      uid,
    ]);
    return (await lock()).rows[0]!.points;
  }

  async function insertRow(
    tx: Db,
    m: { uid: number; delta: number; kind: PointsKind; note: string; source: string },
    extra: { orderId: number | null; remaining: number; expiresAt: Date | null; reason?: string },
    balanceAfter: number,
  ): Promise<number> {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, order_id, remaining, expires_at, balance_after, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        m.uid,
        m.delta,
        m.kind,
        m.note,
        m.source,
        extra.orderId,
        extra.remaining,
        extra.expiresAt?.toISOString() ?? null,
        balanceAfter,
        extra.reason ?? null,
      ],
    );
    return Number(rows[0]!.id);
  }

  const repo = {
    /**
     * Locks the user's balance row until the caller's transaction ends and returns the balance.
     * Called inside a transaction, it queues that user's other movements and checkouts behind it.
     */
    lock: (uid: number): Promise<number> => db.transaction((tx) => lockBalance(tx, uid)),

    async wallet(uid: number): Promise<Wallet> {
      const { rows } = await db.query<Wallet>(
        'SELECT points, lifetime_points FROM point_balances WHERE uid = $1',
        [uid],
      );
      return rows[0] ?? { points: 0, lifetime_points: 0 };
    },

    /** Adds points as a new lot. Awards and positive adjustments count towards lifetime points. */
    async credit(c: Credit): Promise<Movement> {
      if (!Number.isInteger(c.points) || c.points <= 0)
        throw new Error('A credit needs a positive whole number of points.');
      return db.transaction(async (tx) => {
        const before = await lockBalance(tx, c.uid);
        const lifetime = c.kind === 'refund' ? 0 : c.points;
        await tx.query(
          `UPDATE point_balances SET points = points + $2, lifetime_points = lifetime_points + $3
            WHERE uid = $1`,
          [c.uid, c.points, lifetime],
        );
        const balanceAfter = before + c.points;
        const id = await insertRow(
          tx,
          { uid: c.uid, delta: c.points, kind: c.kind, note: c.note ?? '', source: c.source ?? '' },
          { orderId: c.orderId ?? null, remaining: c.points, expiresAt: c.expiresAt ?? null },
          balanceAfter,
        );
        return { id, balanceAfter };
      });
    },

    /**
     * Lists an award the cheat guard held back: a `held` row of 0 points with the reason, at the
     * user's current balance. It moves no points.
     */
    async hold(h: Hold): Promise<Movement> {
      return db.transaction(async (tx) => {
        const balance = await lockBalance(tx, h.uid);
        const id = await insertRow(
          tx,
          { uid: h.uid, delta: 0, kind: 'held', note: h.note, source: h.source },
          { orderId: null, remaining: 0, expiresAt: null, reason: h.reason },
          balance,
        );
        return { id, balanceAfter: balance };
      });
    },

    /**
     * Takes points, oldest lots first. More than the balance is refused with 409 "Not enough
     * points." and changes nothing (the check runs on the locked balance; the database CHECK
     * backs it up).
     */
    async debit(d: Debit): Promise<Movement> {
      if (!Number.isInteger(d.points) || d.points <= 0)
        throw new Error('A debit needs a positive whole number of points.');
      try {
        // One statement (`atrium_debit`, migrations 0009 and 0011): the balance locked, checked
        // and taken with the lots, and the ledger row.
        const { rows } = await db.query<{ ledger_id: number; balance_after: number }>(
          'SELECT ledger_id, balance_after FROM atrium_debit($1::int, $2::int, $3, $4, $5, $6::int)',
          [d.uid, d.points, d.kind, d.note ?? '', d.source ?? '', d.orderId ?? null],
        );
        const row = rows[0]!;
        return { id: Number(row.ledger_id), balanceAfter: row.balance_after };
      } catch (error) {
        const code = sqlState(error);
        if (code === NOT_ENOUGH_POINTS_STATE || code === PG_CHECK_VIOLATION)
          throw new HttpError(409, NOT_ENOUGH_POINTS);
        throw error;
      }
    },

    /**
     * Expires every lot due at `now`, set-based: a batch of due lots (oldest expiry first,
     * through `points_ledger_due_idx`) is cleared, its users' balances lowered and one `expire`
     * row written per lot, all in one statement of one short transaction, so a checkout waits
     * on a batch for milliseconds at most. A user whose balance a checkout holds right now is
     * skipped (SKIP LOCKED) and expired by a later batch. Batches go on until no lot is due;
     * while another process runs them (a transaction-level advisory lock), this one stops.
     * Answers the points expired.
     */
    async expireDue(now: Date, source = 'expiry'): Promise<number> {
      let expired = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const { rows: lock } = await tx.query<{ mine: boolean }>(
            'SELECT pg_try_advisory_xact_lock($1) AS mine',
            [EXPIRY_LOCK],
          );
          if (!lock[0]?.mine) return { lots: 0, points: 0, picked: 0 };
          // A batch lost in a crash before it reached the disk leaves its lots due, and a later
          // run expires them: its commit need not wait for the disk (PostgreSQL only).
          if (tx.kind === 'postgres') await tx.query('SET LOCAL synchronous_commit = off');
          // The users with due lots, their balances locked first: every change to a user's
          // lots locks their balance, so from here on no checkout changes what is read next.
          const { rows: due } = await tx.query<{ uid: number; lots: number }>(
            `SELECT b.uid, d.lots FROM point_balances b
               JOIN (SELECT uid, count(*)::int AS lots FROM (
                       SELECT uid FROM points_ledger
                        WHERE remaining > 0 AND expires_at IS NOT NULL AND expires_at <= $1
                        ORDER BY expires_at, id LIMIT $2) l GROUP BY uid) d ON d.uid = b.uid
              ORDER BY b.uid FOR UPDATE OF b SKIP LOCKED`,
            [now.toISOString(), EXPIRY_BATCH],
          );
          if (due.length === 0) return { lots: 0, points: 0, picked: 0 };
          const { rows } = await tx.query<{ lots: number; points: number }>(
            `WITH lots AS (
               SELECT l.id, l.uid, l.remaining,
                      b.points - sum(l.remaining) OVER (
                        PARTITION BY l.uid ORDER BY l.created_at, l.id) AS balance_after
                 FROM points_ledger l JOIN point_balances b ON b.uid = l.uid
                WHERE l.uid = ANY($2::int[]) AND l.remaining > 0 AND l.expires_at IS NOT NULL
                  AND l.expires_at <= $1
             ), cleared AS (
               UPDATE points_ledger l SET remaining = 0 FROM lots WHERE l.id = lots.id
               RETURNING l.id
             ), lowered AS (
               UPDATE point_balances b SET points = b.points - t.points
                 FROM (SELECT uid, sum(remaining)::int AS points FROM lots GROUP BY uid) t
                WHERE b.uid = t.uid
               RETURNING b.uid
             ), written AS (
               INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, balance_after)
               SELECT uid, -remaining, 'expire', '', $3, 0, balance_after FROM lots
                ORDER BY uid, balance_after DESC
               RETURNING id
             )
             SELECT (SELECT count(*)::int FROM cleared) AS lots,
                    (SELECT coalesce(sum(remaining), 0)::int FROM lots) AS points,
                    (SELECT count(*) FROM lowered) + (SELECT count(*) FROM written) AS done`,
            [now.toISOString(), due.map((d) => d.uid), source],
          );
          const picked = due.reduce((n, d) => n + d.lots, 0);
          return { lots: rows[0]?.lots ?? 0, points: rows[0]?.points ?? 0, picked };
        });
        expired += batch.points;
        // Nothing was due or free to expire: another process has the job, or every user left
        // is in a checkout right now (a later run expires theirs).
        if (batch.lots === 0 || batch.picked === 0) break;
      }
      return expired;
    },

    /**
     * Writes the past movements of a user who has none yet, as the ledger would have recorded
     * them at their moments (the demo seed's history): credits are lots, debits take the oldest
     * lots first, and a lot whose expiry falls before the next movement (or before `now`) expires
     * at that moment, as the expiry job would have expired it. An award the cheat guard held back
     * is listed at the balance of its moment and moves nothing; a purchase and its refund name
     * their order. Each row keeps the balance of its moment; the balance and lifetime points end
     * as those movements leave them (refunds are not earnings). The totals the database keeps per
     * week and period count each row in its own, as their triggers read the row's date.
     */
    async writeHistory(
      uid: number,
      movements: readonly PastMovement[],
      now: Date = new Date(),
    ): Promise<Wallet> {
      interface Lot {
        row: number;
        remaining: number;
        at: Date;
        expiresAt: Date | null;
      }
      const rows: {
        at: Date;
        delta: number;
        kind: PointsKind;
        note: string;
        source: string;
        orderId: number | null;
        reason: string | null;
        expiresAt: Date | null;
        balanceAfter: number;
      }[] = [];
      const lots: Lot[] = [];
      let balance = 0;
      let lifetime = 0;
      const expireUntil = (moment: Date) => {
        const due = lots
          .filter((l) => l.remaining > 0 && l.expiresAt !== null && l.expiresAt <= moment)
          .sort((a, b) => a.expiresAt!.getTime() - b.expiresAt!.getTime() || a.row - b.row);
        for (const lot of due) {
          balance -= lot.remaining;
          rows.push({
            at: lot.expiresAt!,
            delta: -lot.remaining,
            kind: 'expire',
            note: '',
            source: 'expiry',
            orderId: null,
            reason: null,
            expiresAt: null,
            balanceAfter: balance,
          });
          lot.remaining = 0;
        }
      };
      const ordered = [...movements].sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const m of ordered) {
        if (m.at > now) throw new Error('A past movement needs a moment by now.');
        if (!movesAsItsKind(m))
          throw new Error(
            'Awards and refunds add a whole number of points, purchases take them, adjustments do either; a held-back award moves none and says why.',
          );
        expireUntil(m.at);
        if (m.delta > 0) {
          balance += m.delta;
          if (m.kind !== 'refund') lifetime += m.delta;
          lots.push({
            row: rows.length,
            remaining: m.delta,
            at: m.at,
            expiresAt: m.expiresAt ?? null,
          });
        } else if (m.delta < 0) {
          if (-m.delta > balance) throw new Error(NOT_ENOUGH_POINTS);
          // Oldest first, soonest to expire first among equals (as `atrium_debit`).
          let left = -m.delta;
          const open = lots
            .filter((l) => l.remaining > 0)
            .sort(
              (a, b) =>
                a.at.getTime() - b.at.getTime() ||
                (a.expiresAt?.getTime() ?? Infinity) - (b.expiresAt?.getTime() ?? Infinity) ||
                a.row - b.row,
            );
          for (const lot of open) {
            const take = Math.min(lot.remaining, left);
            lot.remaining -= take;
            left -= take;
            if (left === 0) break;
          }
          balance += m.delta;
        }
        rows.push({
          at: m.at,
          delta: m.delta,
          kind: m.kind,
          note: m.note ?? '',
          source: m.source ?? '',
          orderId: m.orderId ?? null,
          reason: m.kind === 'held' ? (m.reason ?? null) : null,
          expiresAt: m.delta > 0 ? (m.expiresAt ?? null) : null,
          balanceAfter: balance,
        });
      }
      expireUntil(now);
      const remainingOf = new Map(lots.map((l) => [l.row, l.remaining]));

      return db.transaction(async (tx) => {
        if ((await lockBalance(tx, uid)) !== 0)
          throw new Error('Only a user without points can be given a history.');
        const { rows: existing } = await tx.query(
          'SELECT 1 FROM points_ledger WHERE uid = $1 LIMIT 1',
          [uid],
        );
        if (existing.length) throw new Error('Only a user without points can be given a history.');
        // Rows in the order they happened, so their ids follow their dates.
        const order = rows
          .map((row, index) => ({ row, index }))
          .sort((a, b) => a.row.at.getTime() - b.row.at.getTime() || a.index - b.index);
        for (const { row, index } of order)
          await tx.query(
            `INSERT INTO points_ledger (uid, delta, kind, note, source, order_id, remaining,
               expires_at, balance_after, reason, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              uid,
              row.delta,
              row.kind,
              row.note,
              row.source,
              row.orderId,
              remainingOf.get(index) ?? 0,
              row.expiresAt?.toISOString() ?? null,
              row.balanceAfter,
              row.reason,
              row.at.toISOString(),
            ],
          );
        await tx.query(
          'UPDATE point_balances SET points = $2, lifetime_points = $3 WHERE uid = $1',
          [uid, balance, lifetime],
        );
        return { points: balance, lifetime_points: lifetime };
      });
    },

    /** Points of the user's lots that expire before `until`, and the first such date. */
    async expiringBefore(
      uid: number,
      until: Date,
    ): Promise<{ points: number; date: string } | null> {
      const { rows } = await db.query<{ points: number | null; date: Date | string | null }>(
        `SELECT sum(remaining)::int AS points, min(expires_at) AS date FROM points_ledger
          WHERE uid = $1 AND remaining > 0 AND expires_at IS NOT NULL AND expires_at <= $2`,
        [uid, until.toISOString()],
      );
      const row = rows[0];
      if (!row?.points || !row.date) return null;
      return { points: row.points, date: new Date(row.date).toISOString() };
    },

    /** Compatibility: a signed movement (positive credits an award/adjust, negative debits). */
    async add(uid: number, delta: number, kind: PointsKind, note = ''): Promise<Wallet> {
      if (delta > 0)
        await repo.credit({
          uid,
          points: delta,
          kind: kind === 'redeem' || kind === 'expire' || kind === 'held' ? 'adjust' : kind,
          note,
        });
      else
        await repo.debit({
          uid,
          points: -delta,
          kind: kind === 'redeem' ? 'redeem' : 'adjust',
          note,
        });
      return repo.wallet(uid);
    },
  };
  return repo;
}
export type PointsRepository = ReturnType<typeof pointsRepository>;
