/** A row set as returned by {@link Db.query}. */
export interface QueryResult<T> {
  rows: T[];
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
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; inside a transaction it simply joins the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
