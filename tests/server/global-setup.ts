import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/server/db/migrate';
import { openPgliteRaw } from '../../src/server/db/pglite';
import { seed } from '../../src/server/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, demo-seeded PGlite data directory dump that each test file loads. */
    pgliteSnapshot: string;
  }
}

/** Builds one migrated, seeded PGlite snapshot; a fresh PGlite costs seconds, loading a dump does not. */
export default async function setup(project: TestProject) {
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
