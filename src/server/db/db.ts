/** A row set as returned by {@link Db.query}. */
export interface QueryResult<T> {
  rows: T[];
}

/** Options of {@link Db.query}. */
export interface QueryOptions {
  /**
   * Prepares the statement once per connection under this name, so that PostgreSQL parses and
   * plans it once instead of on every run (PGlite runs it as usual). For the few statements of a
   * path that runs on every request; the name stands for this SQL text alone.
   */
  prepare?: string;
}

/**
 * The server's only view of the database: PostgreSQL-dialect SQL with `$1` parameters.
 * Implemented over PGlite (embedded) and over a `pg` pool (PostgreSQL); nothing else in the
 * server knows which one runs. JSON values are passed as `JSON.stringify(...)` strings.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; inside a transaction it simply joins the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Notices of committed changes to the watched tables (see {@link ChangeFeed}). Only the
   * database handle has them, not a transaction's.
   */
  readonly changes?: ChangeFeed;
  /**
   * Where the long lists of administration are read: on PostgreSQL a few connections of their
   * own whose statements time out ({@link HEAVY_STATEMENT_TIMEOUT_MS}), so that however many
   * such reads run at once, learners' requests keep the main pool's connections. Absent where
   * there is one connection anyway (PGlite, a transaction): use the handle itself.
   */
  readonly heavy?: Db;
}

/** The `application_name` of the connections of {@link Db.heavy}. */
export const HEAVY_APPLICATION_NAME = 'atrium long lists';

/** Connections the long lists of administration may hold at once (see {@link Db.heavy}). */
export const HEAVY_POOL_SIZE = 3;

/** How long one statement of a long list may run before it is cancelled with a 503. */
export const HEAVY_STATEMENT_TIMEOUT_MS = 5_000;

/** The channel the `atrium_notify_change` trigger notifies with the changed table's name. */
export const CHANGES_CHANNEL = 'atrium_changes';

/**
 * Notices of committed changes to the tables migration 0007 watches, from every server process
 * on the same database. A change made through this process's own handle is noticed before the
 * writing statement's (or transaction's) promise resolves, so a process reads its own writes.
 */
export interface ChangeFeed {
  /** Whether notices are arriving now; while they are not, nothing may be kept in a cache. */
  readonly live: boolean;
  /**
   * Calls `listener` with the name of each changed table, or with null when notices may have
   * been missed (the channel was lost or re-established). Returns the unsubscribe function.
   */
  subscribe(listener: (table: string | null) => void): () => void;
}

/** The subscriber list behind a {@link ChangeFeed}. */
export class ChangeListeners {
  readonly #listeners = new Set<(table: string | null) => void>();

  get size(): number {
    return this.#listeners.size;
  }

  add(listener: (table: string | null) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(table: string | null): void {
    for (const listener of this.#listeners) listener(table);
  }
}

/** PostgreSQL error code of a CHECK violation, a unique violation and a foreign-key violation. */
export const PG_CHECK_VIOLATION = '23514';
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a database error, from either driver. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = error.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * SQLSTATEs and socket error codes that mean the database cannot answer now, whatever the
 * request: connection exceptions (class 08), an administrator or crash shutdown, a server not
 * yet accepting connections, too many connections, a statement timeout.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What the `pg` driver and pool say when a connection is lost, refused or too slow. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|timeout expired|Client has encountered a connection error|Client was closed)/;

/**
 * Whether an error says the database is unreachable or too slow (the request may succeed when
 * retried), as opposed to a problem with the request or a bug.
 *
 * @example
 * if (isDatabaseUnavailable(error)) reply.code(503);
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = sqlState(error);
  if (code !== undefined && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}
