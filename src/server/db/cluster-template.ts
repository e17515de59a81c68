import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectPath } from '../paths';
import { migrate, migrationFiles } from './migrate';
import { openPgliteRaw } from './pglite';

/** The installed PGlite's version: a template is only good for the version that made it. */
function pgliteVersion(): string {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const manifest = JSON.parse(readFileSync(path.join(dist, '../package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * A digest of the migrations in `dir` (their versions and contents): a template holds the
 * migrations it was made with, and is only good while they are the ones there are.
 */
export async function migrationsDigest(dir?: string): Promise<string> {
  const hash = createHash('sha256');
  for (const { version, file } of await migrationFiles(dir)) {
    hash.update(`${version}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where the server's build keeps the template of a new database, named after the PGlite version
 * and the migrations that made it: after an upgrade of PGlite or a change of the migrations
 * without a new build, no template is found and a new database is made by initdb and the
 * migrations as before.
 */
export async function clusterTemplateFile(): Promise<string> {
  return projectPath(`dist/server/pglite-${pgliteVersion()}-${await migrationsDigest()}.tar`);
}

/**
 * Writes the template of a new database: what PGlite's initdb makes with every migration
 * applied (the same for every new database of a PGlite version, and most of the time a new
 * database takes to make), archived. The build makes it once, so that a first start on an empty
 * data directory unpacks it instead of running initdb and the migrations; the seed still runs at
 * that start. What migrations keep by the date (the stretch of time availability is kept for,
 * the weeks the overview's periods cover) is then as old as the build, as in any database
 * migrated before its server starts: the jobs the server runs at start move it along.
 *
 * @example await writeClusterTemplate(await clusterTemplateFile()); // what the server's build does
 */
export async function writeClusterTemplate(file: string): Promise<void> {
  const { pg, db } = await openPgliteRaw();
  try {
    await migrate(db);
    // Everything is in the data files: opening a copy has no log to replay.
    await pg.exec('CHECKPOINT');
    // Not compressed: reading it is then all a first start spends on it.
    const archive = await pg.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await archive.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

/** The template as PGlite's `loadDataDir` takes it, or undefined when `file` does not exist. */
export async function readClusterTemplate(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([new Uint8Array(await readFile(file))]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
