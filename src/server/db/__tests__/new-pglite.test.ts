import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { verifyPassword } from '../../lib/password';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import type { SeedMode } from '../../seed/seed';
import { dataDirReader } from '../build-pglite';
import { applyWrites, planWrites, type DataFile } from '../data-files';
import { migrationFiles } from '../migrate';
import { removeLeftovers, startNewPglite, temporaryPgliteDir } from '../new-pglite';
import { openPglite, openPgliteRaw } from '../pglite';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atrium-new-pglite-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const file = (name: string, text: string, mode = 0o600): DataFile => ({
  path: name,
  directory: false,
  mode,
  data: Buffer.from(text),
});

describe('dataDirReader, planWrites and applyWrites', () => {
  it('read the data directory of an in-memory database, shut down; written out, it opens as that database', async () => {
    const dir = path.join(await tempDir(), 'db');
    const { db, pg } = await openPgliteRaw({
      snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]),
    });
    const read = dataDirReader(pg);
    await db.exec("UPDATE users SET first_name = 'Written' WHERE name = 'admin'");
    await db.close();
    const files = read();
    expect(files.map((f) => f.path)).toContain('PG_VERSION');
    // pg_control says "shut down" (1), not "in production" (6): opening it starts no recovery.
    const control = Buffer.from(files.find((f) => f.path === 'global/pg_control')!.data);
    expect(control.readUInt32LE(16)).toBe(1);
    applyWrites(planWrites(files), dir);
    const copy = await openPglite({ dataDir: dir });
    try {
      const { rows } = await copy.query<{ first_name: string; n: number }>(
        "SELECT first_name, (SELECT count(*)::int FROM users) AS n FROM users WHERE name = 'admin'",
      );
      expect(rows[0]).toEqual({ first_name: 'Written', n: 7 });
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('write files and directories with their modes', async () => {
    const dir = await tempDir();
    const files = [
      { path: 'base', directory: true, mode: 0o700, data: new Uint8Array(0) },
      { path: 'base/1', directory: true, mode: 0o750, data: new Uint8Array(0) },
      file('base/1/112', 'page', 0o640),
    ];
    applyWrites(planWrites(files), dir);
    expect(await readFile(path.join(dir, 'base/1/112'), 'utf8')).toBe('page');
    expect((await stat(path.join(dir, 'base/1'))).mode & 0o777).toBe(0o750);
    expect((await stat(path.join(dir, 'base/1/112'))).mode & 0o777).toBe(0o640);
  });

  it('make a new file of an empty one handed over, when there is one', async () => {
    const dir = await tempDir();
    const empty = [path.join(dir, '.empty-0')];
    await writeFile(empty[0]!, '', { mode: 0o600 });
    const { ino } = await stat(empty[0]!);
    applyWrites(planWrites([file('first', 'a', 0o644), file('second', 'b')]), dir, () =>
      empty.shift(),
    );
    expect((await readdir(dir)).sort()).toEqual(['first', 'second']);
    expect((await stat(path.join(dir, 'first'))).ino).toBe(ino);
    expect((await stat(path.join(dir, 'first'))).mode & 0o777).toBe(0o644);
    expect(await readFile(path.join(dir, 'first'), 'utf8')).toBe('a');
    expect(await readFile(path.join(dir, 'second'), 'utf8')).toBe('b');
  });

  it('given what is written already, write only what changed and remove what is gone', async () => {
    const dir = await tempDir();
    const before = [file('kept', 'same'), file('changed', 'old'), file('gone', 'x')];
    applyWrites(planWrites(before), dir);
    // Not written again: what is on disk now stays.
    await writeFile(path.join(dir, 'kept'), 'untouched since');
    const plan = planWrites(
      [file('kept', 'same'), file('changed', 'new'), file('added', 'y')],
      before,
    );
    expect(plan.create.map((f) => f.path)).toEqual(['added']);
    expect(plan.overwrite.map((f) => f.path)).toEqual(['changed']);
    expect(plan.remove).toEqual(['gone']);
    applyWrites(plan, dir);
    expect((await readdir(dir)).sort()).toEqual(['added', 'changed', 'kept']);
    expect(await readFile(path.join(dir, 'kept'), 'utf8')).toBe('untouched since');
    expect(await readFile(path.join(dir, 'changed'), 'utf8')).toBe('new');
    expect(await readFile(path.join(dir, 'added'), 'utf8')).toBe('y');
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
    // The empty files made ahead were all used or removed.
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);

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

describe('removeLeftovers', () => {
  it('removes what the build of an ended process left, also one not reaped yet, and keeps a running one', async () => {
    const parent = await tempDir();
    const dir = path.join(parent, 'db');
    // A shell that starts a child and becomes `sleep` in its place, which never reaps it: the
    // child ends at once and stays a zombie while the sleep runs.
    const adopter = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const zombie = Number(
      await new Promise<string>((resolve) =>
        adopter.stdout.once('data', (d) => resolve(String(d))),
      ),
    );
    for (let waited = 0; waited < 10_000; waited += 20) {
      const state = await readFile(`/proc/${zombie}/stat`, 'utf8').catch(() => '');
      if (state.slice(state.lastIndexOf(')') + 2).startsWith('Z')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ended = spawnSync('true').pid;
    const running = adopter.pid!;
    for (const pid of [zombie, ended, running])
      await mkdir(temporaryPgliteDir(dir, pid), { recursive: true });
    try {
      removeLeftovers(dir);
      expect(await readdir(parent)).toEqual([path.basename(temporaryPgliteDir(dir, running))]);
    } finally {
      adopter.kill('SIGKILL');
    }
  });
});
