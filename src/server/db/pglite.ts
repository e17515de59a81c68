import { PGlite, type Transaction } from '@electric-sql/pglite';
import { ChangeListeners, CHANGES_CHANNEL, type ChangeFeed, type Db, type QueryResult } from './db';

function txDb(tx: Transaction): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await tx.query<T>(sql, [...params]);
      return { rows: r.rows } as QueryResult<T>;
    },
    async exec(sql) {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(db),
    close: () => Promise.reject(new Error('A transaction cannot close the database.')),
  };
  return db;
}

/**
 * PGlite's notices: its one connection serves every query of the process, and delivers a
 * notice before the statement or transaction that caused it resolves.
 */
function pgliteChanges(pg: PGlite): ChangeFeed {
  const listeners = new ChangeListeners();
  let live = false;
  let listening: Promise<unknown> | undefined;
  return {
    get live() {
      return live && !pg.closed;
    },
    subscribe(listener) {
      listening ??= pg
        .listen(CHANGES_CHANNEL, (table) => listeners.emit(table))
        .then(() => {
          live = true;
        })
        .catch(() => {
          /* a closed database: nothing is kept */
        });
      return listeners.add(listener);
    },
  };
}

/** Wraps an open PGlite instance as a {@link Db}. */
export function pgliteDb(pg: PGlite): Db {
  return {
    kind: 'pglite',
    changes: pgliteChanges(pg),
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pg.query<T>(sql, [...params]);
      return { rows: r.rows } as QueryResult<T>;
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(txDb(tx))),
    close: () => pg.close(),
  };
}

/** Options of {@link openPglite}. */
export interface PgliteOptions {
  /** Directory of the database files; omitted means in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` snapshot to start from (in memory). */
  snapshot?: Blob;
}

/** Opens an embedded PGlite database on disk, in memory, or from a snapshot. */
export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  return (await openPgliteRaw(options)).db;
}

/** Opens PGlite and returns both the {@link Db} and the raw instance (for `dumpDataDir`). */
export async function openPgliteRaw(options: PgliteOptions = {}): Promise<{ db: Db; pg: PGlite }> {
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  return { db: pgliteDb(pg), pg };
}
