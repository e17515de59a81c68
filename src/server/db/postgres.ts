import pg from 'pg';
import { isDatabaseUnavailable, type Db, type QueryResult } from './db';

const INT8 = 20;

/** Waiting longer than this for a connection answers 503 instead of hanging the request. */
const CONNECT_TIMEOUT_MS = 5_000;
/** A query without an answer for this long fails (a silent network, a stuck server). */
const QUERY_TIMEOUT_MS = 30_000;

/** Options of {@link openPostgres}. */
export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
}

/**
 * The connection timeout in milliseconds: libpq's `connect_timeout` (seconds) of the URL when
 * given, otherwise 5 s. (`query_timeout` in milliseconds is read from the URL by `pg` itself.)
 */
function connectTimeoutOf(connectionString: string): number {
  let seconds: number;
  try {
    seconds = Number(new URL(connectionString).searchParams.get('connect_timeout') ?? NaN);
  } catch {
    return CONNECT_TIMEOUT_MS;
  }
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : CONNECT_TIMEOUT_MS;
}

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

/**
 * Opens a PostgreSQL connection pool as a {@link Db}. Waiting for a connection and for a query's
 * answer are bounded (5 s and 30 s; `connect_timeout` and `query_timeout` in the URL change
 * them), so an unreachable database fails requests instead of hanging them.
 */
export function openPostgres(connectionString: string, options: PostgresOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: connectTimeoutOf(connectionString),
    query_timeout: QUERY_TIMEOUT_MS,
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
      // The pool listens for errors of idle clients only: a connection lost while checked out
      // and between two queries would otherwise be an uncaught 'error' event ending the process.
      let lost: unknown;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // Without a connection the server has rolled back already; asking it would only wait
        // for a second timeout.
        if (lost === undefined && isDatabaseUnavailable(error)) lost = error;
        if (lost === undefined)
          await client.query('ROLLBACK').catch((rollbackError: unknown) => {
            lost = rollbackError;
          });
        throw error;
      } finally {
        client.removeListener('error', onError);
        // A client whose connection failed is discarded, not handed to the next request.
        client.release(lost === undefined ? undefined : (lost as Error));
      }
    },
    close: () => pool.end(),
  };
}
