import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { seed, type SeedMode } from '../seed/seed';
import { migrate } from './migrate';
import { temporaryPgliteDir, type NewPglite } from './new-pglite';
import { openPgliteRaw } from './pglite';

const BLOCK = 512;

/** A NUL-terminated text field of a tar header. */
function field(tar: Uint8Array, offset: number, length: number): string {
  const end = tar.subarray(offset, offset + length).indexOf(0);
  return Buffer.from(tar.subarray(offset, end === -1 ? offset + length : offset + end)).toString(
    'utf8',
  );
}

/** An octal number field of a tar header. */
function octal(tar: Uint8Array, offset: number, length: number): number {
  const text = field(tar, offset, length).trim();
  return text ? parseInt(text, 8) : 0;
}

/**
 * Writes the directories and files of a tar archive (ustar, as PGlite's `dumpDataDir('none')`
 * makes it) into `dir`, with their modes. Refuses any other kind of entry and any path that
 * would leave `dir`.
 *
 * @example
 * writeTar(new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()), '/srv/data/db');
 */
export function writeTar(tar: Uint8Array, dir: string): void {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    // The archive ends with blocks of zeros.
    if (tar[offset] === 0) break;
    const prefix = field(tar, offset + 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(tar, offset, 100);
    const mode = octal(tar, offset + 100, 8) & 0o777;
    const size = octal(tar, offset + 124, 12);
    const type = String.fromCharCode(tar[offset + 156] ?? 0);
    const target = path.resolve(root, name.replace(/^\/+/, ''));
    if (target !== root && !target.startsWith(root + path.sep))
      throw new Error(`The archive's entry "${name}" lies outside ${dir}.`);
    const data = offset + BLOCK;
    if (data + size > tar.length) throw new Error(`The archive ends inside "${name}".`);
    if (type === '5') mkdirSync(target, { recursive: true, mode: mode || 0o700 });
    else if (type === '0' || type === '\0')
      writeFileSync(target, tar.subarray(data, data + size), { mode: mode || 0o600 });
    else throw new Error(`The archive's entry "${name}" is of a kind not expected (${type}).`);
    offset = data + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/**
 * Builds a new database in memory (initdb, every migration, the seed of `mode`) and writes it
 * into `dir`, which must not hold a database. The files are written beside `dir` first and then
 * renamed into place, so `dir` never holds half a database. When another process got there first
 * (its database is in `dir` now), that one is kept and nothing was created here.
 *
 * In memory, the files initdb, the migrations and the seed make cost nothing to write (on disk,
 * PGlite writes each one again and again through its file system emulation); written once at
 * the end, they take a fraction of a second.
 */
export async function buildPglite(dir: string, mode: SeedMode): Promise<NewPglite> {
  const { db, pg } = await openPgliteRaw();
  let result: NewPglite;
  let tar: Uint8Array;
  try {
    const applied = await migrate(db);
    const seeded = await seed(db, mode);
    // Every page in the data files, so that opening the copy replays no log.
    await db.exec('CHECKPOINT');
    tar = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    result = { created: true, applied, seeded };
  } finally {
    await db.close();
  }
  const temporary = temporaryPgliteDir(dir, process.pid);
  try {
    writeTar(tar, temporary);
    await rename(temporary, dir);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(path.join(dir, 'PG_VERSION')))
      return { created: false, applied: [], seeded: { base: false, demo: false } };
    throw error;
  }
  return result;
}
