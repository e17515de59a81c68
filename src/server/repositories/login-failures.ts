import type { Db } from '../db/db';

/** Failed login attempts, kept in the database so every server process sees the same counts. */
export function loginFailuresRepository(db: Db) {
  return {
    /**
     * For each key, the failures within the window and when the oldest of them leaves it
     * (milliseconds from now).
     */
    async status(
      keys: readonly string[],
      windowMs: number,
    ): Promise<{ key: string; count: number; clearsInMs: number }[]> {
      const { rows } = await db.query<{ key: string; count: number; clears_in_ms: number }>(
        `SELECT key, count(*)::int AS count,
                ceil(extract(epoch FROM (min(created_at) + ($2::int * interval '1 millisecond') - now())) * 1000)::int AS clears_in_ms
           FROM login_failures
          WHERE key = ANY($1::text[]) AND created_at > now() - ($2::int * interval '1 millisecond')
          GROUP BY key`,
        [keys, windowMs],
      );
      return rows.map((r) => ({ key: r.key, count: r.count, clearsInMs: r.clears_in_ms }));
    },

    async record(keys: readonly string[]): Promise<void> {
      for (const key of keys) await db.query('INSERT INTO login_failures (key) VALUES ($1)', [key]);
    },

    async clear(key: string): Promise<void> {
      await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
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
