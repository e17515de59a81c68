import pg from 'pg';
import type { Db, QueryResult } from './db';

const INT8 = 20;

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await client.query(sql, [...params]);
      return { rows: r.rows as T[] } as QueryResult<T>;
    },
    async exec(sql) {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
    close: () => Promise.reject(new Error('A transaction cannot close the database.')),
  };
  return db;
}

/** Opens a PostgreSQL connection pool as a {@link Db}. */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: {
      // bigint counts and ids fit in a double here; PGlite returns numbers too.
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
        oid === INT8
          ? (v: string) => Number(v)
          : (pg.types.getTypeParser(oid, format) as (
              value: string,
            ) => unknown)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the next checkout reconnects */
  });
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pool.query(sql, [...params]);
      return { rows: r.rows as T[] } as QueryResult<T>;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
