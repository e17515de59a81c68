import type { Db } from '../db/db';
import { inTurn } from '../lib/in-turn';

/**
 * The first key of the advisory locks that serialize the attempts of one key (the second is the
 * key's hash); the two-key lock space never meets the one-key locks of migrations and seeding.
 */
const ATTEMPT_LOCK_CLASS = 0x4c6f676e; // 'Logn'

/**
 * Locks the keys until the transaction ends (advisory locks, taken in one order so that two
 * callers never wait for each other). Every change to a key's rows holds its lock, so the count
 * of an attempt is never raced, and two changes never lock each other's rows in turn.
 */
async function lockKeys(tx: Db, keys: readonly string[]): Promise<void> {
  await tx.query(
    `SELECT pg_advisory_xact_lock($1::int, h)
       FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($2::text[]) k ORDER BY h) locks`,
    [ATTEMPT_LOCK_CLASS, keys],
  );
}

/** The outcome of {@link LoginFailuresRepository.reserve}. */
type Reservation =
  /** An attempt is taken for every key: `ids` are its rows, to release if it does not fail. */
  | { granted: true; ids: number[] }
  /** Some key is at its limit: nothing is taken; it frees a place in `clearsInMs`. */
  | { granted: false; clearsInMs: number };

/**
 * Failed login attempts, kept in the database so every server process sees the same counts. An
 * attempt is recorded before its password is checked (see {@link reserve}) and stays as a failure
 * unless it is released.
 */
export function loginFailuresRepository(db: Db) {
  return {
    /**
     * Takes one attempt for every key, or none: each key's failures and attempts in flight
     * within the window are counted and, only when every key has fewer than `limit`, a row is
     * added for each. The keys are locked for the count and the insert, so however many
     * attempts arrive at once, in however many processes, at most `limit` per key get through.
     * A key's rows older than the window are deleted on the way.
     */
    async reserve(keys: readonly string[], limit: number, windowMs: number): Promise<Reservation> {
      // A burst of attempts on one account waits here, in memory, holding one connection per
      // process at a time instead of one each while waiting for the key's lock.
      return inTurn(keys, () =>
        db.transaction(async (tx) => {
          await lockKeys(tx, keys);
          // A new statement, so a new snapshot: it sees every attempt committed before the lock.
          const { rows } = await tx.query<{ clears_in_ms: number | null; ids: number[] | null }>(
            `WITH purged AS (
             DELETE FROM login_failures
              WHERE key = ANY($1::text[]) AND created_at <= now() - ($3::int * interval '1 millisecond')
           ), recent AS (
             SELECT key, count(*)::int AS count, min(created_at) AS oldest
               FROM login_failures
              WHERE key = ANY($1::text[]) AND created_at > now() - ($3::int * interval '1 millisecond')
              GROUP BY key
           ), taken AS (
             INSERT INTO login_failures (key)
             SELECT k FROM unnest($1::text[]) k
              WHERE NOT EXISTS (SELECT 1 FROM recent WHERE count >= $2)
             RETURNING id
           )
           SELECT (SELECT max(ceil(extract(epoch FROM (oldest + ($3::int * interval '1 millisecond') - now())) * 1000))::int
                     FROM recent WHERE count >= $2) AS clears_in_ms,
                  (SELECT array_agg(id) FROM taken) AS ids`,
            [keys, limit, windowMs],
          );
          const row = rows[0]!;
          return row.ids
            ? { granted: true, ids: row.ids.map(Number) }
            : { granted: false, clearsInMs: Math.max(0, row.clears_in_ms ?? 0) };
        }),
      );
    },

    /**
     * Gives back an attempt that did not fail (its password was right), and with `clear` also
     * forgets every failure of that key. Joins the caller's transaction, if any.
     */
    async release(keys: readonly string[], ids: readonly number[], clear?: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockKeys(tx, keys);
        await tx.query('DELETE FROM login_failures WHERE id = ANY($1::bigint[]) OR key = $2', [
          ids,
          clear ?? null,
        ]);
      });
    },

    async purgeOlderThan(windowMs: number): Promise<void> {
      await db.query(
        `DELETE FROM login_failures WHERE created_at <= now() - ($1::int * interval '1 millisecond')`,
        [windowMs],
      );
    },
  };
}
export type LoginFailuresRepository = ReturnType<typeof loginFailuresRepository>;
