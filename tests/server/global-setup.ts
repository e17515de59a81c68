import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../scripts/builds.mjs';
import { migrate } from '../../src/server/db/migrate';
import { openPgliteRaw } from '../../src/server/db/pglite';
import { seed } from '../../src/server/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, demo-seeded PGlite data directory dump that each test file loads. */
    pgliteSnapshot: string;
  }
}

/**
 * Builds one migrated, seeded PGlite snapshot; a fresh PGlite costs seconds, loading a dump does
 * not. Brings the server's build up to date with its sources: the process tests start it as
 * `npm start` does, without compiling the sources at every start.
 */
export default async function setup(project: TestProject) {
  if (!ensureBuilt(path.resolve(import.meta.dirname, '../..'), 'server', { log: console.log }))
    throw new Error('The server build failed.');
  const dir = await mkdtemp(path.join(tmpdir(), 'atrium-test-'));
  const file = path.join(dir, 'snapshot.tar');
  const { db, pg } = await openPgliteRaw();
  try {
    await migrate(db);
    await seed(db, 'demo');
    const dump = await pg.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
