import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';
import { projectPath } from '../paths';

const MIGRATIONS_DIR = projectPath('src/server/migrations');
/** Any fixed number: serializes migrations across processes sharing one PostgreSQL. */
const MIGRATION_LOCK = 724_514_001;

/** The numbered `NNNN_name.sql` files, in order. */
export async function migrationFiles(
  dir = MIGRATIONS_DIR,
): Promise<{ version: string; file: string }[]> {
  const names = (await readdir(dir)).filter((n) => /^\d{4}_[\w-]+\.sql$/.test(n)).sort();
  return names.map((n) => ({
    version: n.replace(/\.sql$/, ''),
    file: fileURLToPath(new URL(n, `file://${dir}/`)),
  }));
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, all in one transaction.
 * Returns the versions applied now.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const { version, file } of files) {
      if (done.has(version)) continue;
      await tx.exec(await readFile(file, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}
