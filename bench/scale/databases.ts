import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { ServerLauncher } from '../lib/server';
import {
  countsOf,
  growOrganisation,
  inconsistencies,
  type ScaleCounts,
  type SqlRunner,
} from './generate';
import type { ScaleSize } from './sizes';

/** A database grown to a size, and how. */
export interface Grown {
  /** Seconds the generator took, ANALYZE included. */
  seconds: number;
  counts: ScaleCounts;
  /** The consistency rules it breaks (none, when the generator is right). */
  problems: string[];
  /** Seconds the consistency checks took. */
  checkSeconds: number;
}

async function grow(db: SqlRunner, size: ScaleSize, log: (line: string) => void): Promise<Grown> {
  const seconds = await growOrganisation(db, size, log);
  const counts = await countsOf(db);
  const at = performance.now();
  const problems = await inconsistencies(db);
  return { seconds, counts, problems, checkSeconds: (performance.now() - at) / 1000 };
}

/**
 * Lets the server migrate and seed the demo site into its database (PostgreSQL: the launcher's;
 * PGlite: `<dataDir>/db`) by starting it once and stopping it again.
 */
export async function migrateAndSeed(
  launcher: ServerLauncher,
  db: 'postgres' | 'pglite',
  dataDir: string,
): Promise<void> {
  const server = await launcher.spawn({ db, dataDir });
  try {
    await server.untilHealthy();
  } finally {
    await server.stop();
  }
}

/** Grows a migrated, seeded PostgreSQL database that no server uses to `size`. */
export async function growPostgres(
  url: string,
  size: ScaleSize,
  log: (line: string) => void,
): Promise<Grown> {
  const client = new pg.Client({ connectionString: url });
  // The connection ends under it when an interrupted run drops the database: the query that is
  // running fails, and nothing else must.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await grow(client, size, log);
  } finally {
    await client.end();
  }
}

/**
 * Grows the migrated, seeded PGlite database of a DATA_DIR (`<dataDir>/db`, as the server opens
 * it) to `size`, with no server running on it: the same SQL as on PostgreSQL, through
 * PGlite in this process.
 */
export async function growPglite(
  dataDir: string,
  size: ScaleSize,
  log: (line: string) => void,
): Promise<Grown> {
  // With the extensions the server opens it with (its trigram index needs pg_trgm).
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  try {
    return await grow(db, size, log);
  } finally {
    await db.close();
  }
}
