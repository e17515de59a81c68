import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seed } from '../../seed/seed';
import { migrationsDigest, readClusterTemplate, writeClusterTemplate } from '../cluster-template';
import type { Db } from '../db';
import { migrate, migrationFiles } from '../migrate';
import { openPglite } from '../pglite';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** What a new cluster is made of, beyond its random system identifier. */
async function clusterFacts(db: Db) {
  const databases = await db.query(
    `SELECT datname, pg_encoding_to_char(encoding) AS encoding, datcollate, datctype,
            datlocprovider, datistemplate, datallowconn
       FROM pg_database ORDER BY datname`,
  );
  const settings = await db.query(
    `SELECT name, setting FROM pg_settings
      WHERE name IN ('server_encoding', 'lc_messages', 'lc_monetary', 'lc_numeric', 'lc_time',
                     'TimeZone', 'DateStyle', 'data_checksums', 'server_version_num')
      ORDER BY name`,
  );
  const catalog = await db.query(
    `SELECT count(*)::int AS relations, (SELECT count(*)::int FROM pg_proc) AS functions,
            (SELECT count(*)::int FROM pg_roles) AS roles
       FROM pg_class`,
  );
  return { databases: databases.rows, settings: settings.rows, catalog: catalog.rows };
}

/** The schema the migrations made: tables and their columns, indexes, functions and triggers. */
async function schemaFacts(db: Db) {
  const columns = await db.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`,
  );
  const indexes = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
  );
  const functions = await db.query(
    `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args, p.prosrc
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY 1, 2`,
  );
  const triggers = await db.query(
    `SELECT tgrelid::regclass::text AS relation, tgname, pg_get_triggerdef(oid) AS definition
       FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`,
  );
  const extensions = await db.query('SELECT extname FROM pg_extension ORDER BY extname');
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    functions: functions.rows,
    triggers: triggers.rows,
    extensions: extensions.rows,
  };
}

describe('the template of a new database', () => {
  it('opens as the database initdb and the migrations make, and takes the seed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atrium-cluster-template-'));
    dirs.push(dir);
    const file = path.join(dir, 'cluster.tar');
    await writeClusterTemplate(file);

    const fromInitdb = await openPglite();
    const fromTemplate = await openPglite({ snapshot: (await readClusterTemplate(file))! });
    try {
      const versions = (await migrationFiles()).map((m) => m.version);
      expect(await migrate(fromInitdb)).toEqual(versions);
      const expected = await clusterFacts(fromInitdb);
      expect(expected.databases.map((d) => (d as { datname: string }).datname)).toEqual([
        'postgres',
        'template0',
        'template1',
      ]);
      expect(await clusterFacts(fromTemplate)).toEqual(expected);
      const schema = await schemaFacts(fromInitdb);
      expect(schema.columns.length).toBeGreaterThan(0);
      expect(await schemaFacts(fromTemplate)).toEqual(schema);

      // Every migration is there already: none is applied again.
      expect(await migrate(fromTemplate)).toEqual([]);
      const recorded = await fromTemplate.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(recorded.rows.map((r) => r.version)).toEqual(versions);
      expect(await seed(fromTemplate, 'none')).toEqual({ base: true, demo: false });
      const roles = await fromTemplate.query<{ n: number }>('SELECT count(*)::int AS n FROM roles');
      expect(roles.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await fromInitdb.close();
      await fromTemplate.close();
    }
  }, 120_000);

  it('is named after the migrations: one added or changed since the build finds no template', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atrium-migrations-'));
    dirs.push(dir);
    const files = await migrationFiles();
    await Promise.all(
      files.map(({ version, file }) => copyFile(file, path.join(dir, `${version}.sql`))),
    );
    const built = await migrationsDigest();
    expect(await migrationsDigest(dir)).toBe(built);

    const added = path.join(dir, '9999_added.sql');
    await writeFile(added, 'CREATE TABLE added (id integer);\n');
    expect(await migrationsDigest(dir)).not.toBe(built);
    await rm(added);
    expect(await migrationsDigest(dir)).toBe(built);

    const last = path.join(dir, `${files.at(-1)!.version}.sql`);
    await writeFile(last, `${await readFile(last, 'utf8')}\n-- changed\n`);
    expect(await migrationsDigest(dir)).not.toBe(built);
  });

  it('is simply absent when the build made none: a new database is then made by initdb', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atrium-cluster-template-'));
    dirs.push(dir);
    await expect(readClusterTemplate(path.join(dir, 'missing.tar'))).resolves.toBeUndefined();
  });
});
