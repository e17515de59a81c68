import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seed } from '../../seed/seed';
import { readClusterTemplate, writeClusterTemplate } from '../cluster-template';
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

describe('the template of a new database cluster', () => {
  it('opens as the cluster initdb makes, and takes every migration and the seed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atrium-cluster-template-'));
    dirs.push(dir);
    const file = path.join(dir, 'cluster.tar');
    await writeClusterTemplate(file);

    const fromInitdb = await openPglite();
    const fromTemplate = await openPglite({ snapshot: (await readClusterTemplate(file))! });
    try {
      const expected = await clusterFacts(fromInitdb);
      expect(expected.databases.map((d) => (d as { datname: string }).datname)).toEqual([
        'postgres',
        'template0',
        'template1',
      ]);
      expect(await clusterFacts(fromTemplate)).toEqual(expected);

      const versions = (await migrationFiles()).map((m) => m.version);
      expect(await migrate(fromTemplate)).toEqual(versions);
      expect(await seed(fromTemplate, 'none')).toEqual({ base: true, demo: false });
      const roles = await fromTemplate.query<{ n: number }>('SELECT count(*)::int AS n FROM roles');
      expect(roles.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await fromInitdb.close();
      await fromTemplate.close();
    }
  }, 120_000);

  it('is simply absent when the build made none: a new database is then made by initdb', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atrium-cluster-template-'));
    dirs.push(dir);
    await expect(readClusterTemplate(path.join(dir, 'missing.tar'))).resolves.toBeUndefined();
  });
});
