import type { Db } from './db';
import { pgliteDir } from './new-pglite';
import type { PgliteAssets } from './pglite';
import { openPostgres } from './postgres';

/**
 * Where the database lives: PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/db`
 * (uploads sit beside it in `<dataDir>/uploads`).
 */
export interface DbLocation {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** For PGlite: its own files, loaded ahead. */
  pgliteAssets?: PgliteAssets | undefined;
}

/**
 * Opens the configured database. PGlite (a WebAssembly PostgreSQL of some 50 MB in memory) is
 * loaded only when it is the one used.
 */
export async function openDb(location: DbLocation): Promise<Db> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl);
  const { openPglite } = await import('./pglite');
  return openPglite({
    ...(location.dataDir ? { dataDir: pgliteDir(location.dataDir) } : {}),
    assets: location.pgliteAssets,
  });
}
