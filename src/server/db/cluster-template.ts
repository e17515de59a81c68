import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { projectPath } from '../paths';

/** The installed PGlite's version: a template is only good for the version that made it. */
function pgliteVersion(): string {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const manifest = JSON.parse(readFileSync(path.join(dist, '../package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * Where the server's build keeps the template of a new database cluster, named after the PGlite
 * version that made it: after an upgrade of PGlite without a new build, no template is found and
 * a new database is made by initdb as before.
 */
export function clusterTemplateFile(): string {
  return projectPath(`dist/server/pglite-cluster-${pgliteVersion()}.tar`);
}

/**
 * Writes the template of a new database cluster: what PGlite's initdb makes (the same for every
 * new database of a PGlite version, and most of the time a new database takes to make),
 * archived. The build makes it once, so that a first start on an empty data directory unpacks it
 * instead of running initdb; the migrations and the seed still run at that start.
 *
 * @example await writeClusterTemplate(clusterTemplateFile()); // what the server's build does
 */
export async function writeClusterTemplate(file: string): Promise<void> {
  const pg = await PGlite.create();
  try {
    // Everything initdb wrote is in the data files: opening a copy has no log to replay.
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
