import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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

/** PGlite's WebAssembly module, compiled, and its file system bundle, read. */
export type PgliteAssets = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;

/**
 * Loads what opening a PGlite database first waits for: its WebAssembly module (compiled) and
 * its file system bundle, from the package's own files. Loaded ahead, while something else is
 * still to be done, they shorten the opening.
 */
export async function loadPgliteAssets(): Promise<PgliteAssets> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, bundle] = await Promise.all([
    readFile(path.join(dist, 'pglite.wasm')),
    readFile(path.join(dist, 'pglite.data')),
  ]);
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
}

/** Options of {@link openPglite}. */
export interface PgliteOptions {
  /** Directory of the database files; omitted means in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` snapshot to start from (in memory). */
  snapshot?: Blob;
  /** PGlite's own files, loaded ahead ({@link loadPgliteAssets}). */
  assets?: PgliteAssets | undefined;
}

/** Opens an embedded PGlite database on disk, in memory, or from a snapshot. */
export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  return (await openPgliteRaw(options)).db;
}

/** Opens PGlite and returns both the {@link Db} and the raw instance (for `dumpDataDir`). */
export async function openPgliteRaw(options: PgliteOptions = {}): Promise<{ db: Db; pg: PGlite }> {
  const pg = await PGlite.create({
    // Trigram indexes serve the search of users by a fragment of their name (migration 0018).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    ...options.assets,
  });
  return { db: pgliteDb(pg), pg };
}
