import path from 'node:path';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/**
 * Where the database lives: PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/db`
 * (uploads sit beside it in `<dataDir>/uploads`).
 */
export interface DbLocation {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}

/** Opens the configured database. */
export async function openDb(location: DbLocation): Promise<Db> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl);
  return openPglite(location.dataDir ? { dataDir: path.join(location.dataDir, 'db') } : {});
}
