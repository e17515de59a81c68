import pg from 'pg';
import {
  ChangeListeners,
  CHANGES_CHANNEL,
  HEAVY_APPLICATION_NAME,
  HEAVY_POOL_SIZE,
  HEAVY_STATEMENT_TIMEOUT_MS,
  isDatabaseUnavailable,
  type ChangeFeed,
  type Db,
  type QueryOptions,
  type QueryResult,
} from './db';

const INT8 = 20;

/** Waiting longer than this for a connection answers 503 instead of hanging the request. */
const CONNECT_TIMEOUT_MS = 5_000;
/** A query without an answer for this long fails (a silent network, a stuck server). */
const QUERY_TIMEOUT_MS = 30_000;

/** How often the notice connection proves it is alive, and how long it may take to. */
const HEARTBEAT_MS = 5_000;
/** Wait before connecting the notice connection again. */
const RECONNECT_MS = 1_000;

/**
 * Notices from every process on the database. One connection of its own listens at all times
 * and proves itself every 5 s, so a lost or silent channel turns the feed off (and tells the
 * caches to forget) within that time. Each pool connection listens too: PostgreSQL delivers a
 * session's own notices before the answer to its COMMIT, so this process hears of its writes
 * before they resolve.
 */
class PostgresChanges implements ChangeFeed {
  readonly #listeners = new ChangeListeners();
  readonly #config: pg.ClientConfig;
  #client: pg.Client | undefined;
  #live = false;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(config: pg.ClientConfig) {
    this.#config = { ...config, query_timeout: HEARTBEAT_MS, application_name: 'atrium-changes' };
  }

  get live(): boolean {
    return this.#live;
  }

  subscribe(listener: (table: string | null) => void): () => void {
    const unsubscribe = this.#listeners.add(listener);
    if (!this.#client && !this.#retry) void this.#connect();
    return unsubscribe;
  }

  /** Makes a new pool connection listen as well, before its first use. */
  async attach(client: pg.ClientBase): Promise<void> {
    client.on('notification', (notice) => this.#notice(notice));
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    if (client) this.#lost(client);
  }

  #notice(notice: pg.Notification): void {
    if (notice.channel === CHANGES_CHANNEL) this.#listeners.emit(notice.payload ?? null);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client(this.#config);
    this.#client = client;
    const lost = () => this.#lost(client);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (notice) => this.#notice(notice));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      lost();
      return;
    }
    if (this.#client !== client) return;
    this.#live = true;
    this.#heartbeat = setInterval(() => {
      client.query('SELECT 1').catch(lost);
    }, HEARTBEAT_MS).unref();
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#live = false;
    clearInterval(this.#heartbeat);
    this.#listeners.emit(null);
    client.end().catch(() => {
      /* already gone */
    });
    if (this.#closed || this.#listeners.size === 0) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect();
    }, RECONNECT_MS).unref();
  }
}

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

/** `query` and `exec` of a {@link Db} over a pool or one of its connections. */
function queriesOn(on: pg.Pool | pg.PoolClient): Pick<Db, 'query' | 'exec'> {
  return {
    async query<T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const r = await on.query({ text: sql, values: [...params], name: options.prepare });
      return { rows: r.rows as T[] } as QueryResult<T>;
    },
    async exec(sql) {
      await on.query(sql);
    },
  };
}

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    kind: 'postgres',
    ...queriesOn(client),
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
  const connection = {
    connectionString,
    connectionTimeoutMillis: connectTimeoutOf(connectionString),
    // No JIT compilation: it starts when a plan's estimated cost is high, which a statement that
    // reads a few rows through a set-returning function easily reaches, and spends hundreds of
    // milliseconds compiling what then runs in a few. Nothing here runs long enough to gain.
    options: '-c jit=off',
    types: {
      // bigint counts and ids fit in a double here; PGlite returns numbers too.
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
        oid === INT8
          ? (v: string) => Number(v)
          : (pg.types.getTypeParser(oid, format) as (
              value: string,
            ) => unknown)) as typeof pg.types.getTypeParser,
    },
  };
  const changes = new PostgresChanges(connection);
  const pool = new pg.Pool({
    ...connection,
    max: options.max ?? 10,
    query_timeout: QUERY_TIMEOUT_MS,
    // pg-pool waits for this promise before handing the connection out (its types say void).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: (client) => changes.attach(client),
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the next checkout reconnects */
  });
  const heavyPool = new pg.Pool({
    ...connection,
    max: HEAVY_POOL_SIZE,
    // Named, so that an operator sees in pg_stat_activity which connections they are.
    application_name: HEAVY_APPLICATION_NAME,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: HEAVY_STATEMENT_TIMEOUT_MS,
  });
  heavyPool.on('error', () => {
    /* as above */
  });
  const heavy: Db = {
    kind: 'postgres',
    ...queriesOn(heavyPool),
    // Long lists only read: a transaction belongs on the main pool.
    transaction: () => Promise.reject(new Error('The heavy pool only reads.')),
    close: () => heavyPool.end(),
  };
  return {
    kind: 'postgres',
    changes,
    heavy,
    ...queriesOn(pool),
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
    async close() {
      await changes.close();
      await Promise.all([pool.end(), heavyPool.end()]);
    },
  };
}
