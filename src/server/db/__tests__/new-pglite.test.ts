import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { verifyPassword } from '../../lib/password';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import type { SeedMode } from '../../seed/seed';
import { writeTar } from '../build-pglite';
import { migrationFiles } from '../migrate';
import { startNewPglite, temporaryPgliteDir } from '../new-pglite';
import { openPglite } from '../pglite';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atrium-new-pglite-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A ustar archive of one entry, as `tar` would write it. */
function tarOf(name: string, type: '0' | '5' | '2', data = Buffer.alloc(0), mode = 0o600) {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\x0000', 257);
  const body = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(body);
  return Buffer.concat([header, body, Buffer.alloc(1024)]);
}

describe('writeTar', () => {
  it('writes a PGlite dump into a directory PGlite opens', async () => {
    const dir = path.join(await tempDir(), 'db');
    writeTar(new Uint8Array(await readFile(inject('pgliteSnapshot'))), dir);
    const db = await openPglite({ dataDir: dir });
    try {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(rows[0]!.n).toBe(7);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('writes files and directories with their modes', async () => {
    const dir = await tempDir();
    writeTar(tarOf('/base/1', '5', Buffer.alloc(0), 0o750), dir);
    writeTar(tarOf('/base/1/112', '0', Buffer.from('page'), 0o600), dir);
    expect(await readFile(path.join(dir, 'base/1/112'), 'utf8')).toBe('page');
    expect((await stat(path.join(dir, 'base/1'))).mode & 0o777).toBe(0o750);
    expect((await stat(path.join(dir, 'base/1/112'))).mode & 0o777).toBe(0o600);
  });

  it('refuses an entry outside the directory and one of another kind', async () => {
    const dir = await tempDir();
    expect(() => writeTar(tarOf('../escaped', '0', Buffer.from('x')), dir)).toThrow(/outside/);
    expect(existsSync(path.join(dir, '..', 'escaped'))).toBe(false);
    expect(() => writeTar(tarOf('link', '2'), dir)).toThrow(/not expected/);
  });
});

describe('startNewPglite', () => {
  it('builds a migrated, seeded database in an empty directory, in a process of its own', async () => {
    const dataDir = await tempDir();
    const dir = path.join(dataDir, 'db');
    // What a build killed half-way left: removed. What a running process is writing: kept.
    const dead = temporaryPgliteDir(dir, 2 ** 22 + 1);
    const running = temporaryPgliteDir(dir, process.pid);
    await mkdir(dead);
    await mkdir(running);
    await writeFile(path.join(dead, 'PG_VERSION'), '18');

    const built = await startNewPglite(dir, 'demo');
    const versions = (await migrationFiles()).map((m) => m.version);
    expect(built).toEqual({
      created: true,
      applied: versions,
      seeded: { base: true, demo: true },
    });
    expect((await readdir(dataDir)).sort()).toEqual(['db', path.basename(running)].sort());

    const db = await openPglite({ dataDir: dir });
    try {
      const applied = await db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(applied.rows.map((r) => r.version)).toEqual(versions);
      const admin = await db.query<{ pass: string }>("SELECT pass FROM users WHERE name = 'admin'");
      expect(await verifyPassword(DEMO_PASSWORD, admin.rows[0]!.pass)).toBe(true);
      const trainings = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM trainings');
      expect(trainings.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
    // A directory holding a database (or anything) is left alone.
    expect(startNewPglite(dir, 'demo')).toBeUndefined();
  }, 120_000);

  it('fails with what the building process said when it could not build', async () => {
    const dir = path.join(await tempDir(), 'db');
    await expect(startNewPglite(dir, 'bogus' as SeedMode)).rejects.toThrow(
      /Creating the database in .* failed \(exit code 2\):\nUsage/,
    );
    expect(existsSync(dir)).toBe(false);
  }, 60_000);
});
