import { existsSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { BUILT, projectPath } from '../paths';
import type { SeedMode } from '../seed/seed';
import { clusterTemplateFile, readClusterTemplate } from './cluster-template';
import type { WriterAnswer, WriterData, WriterRequest } from './data-file-writer';
import { planWrites, type DataFile, type WritePlan } from './data-files';
import { migrate } from './migrate';
import { temporaryPgliteDir, type NewPglite } from './new-pglite';
import { openPgliteRaw } from './pglite';

/** About how many files a new database has: see `data-file-writer.ts`. */
const FILES_OF_A_DATABASE = 1200;

/** What is used here of the Emscripten file system PGlite runs PostgreSQL in. */
interface EmscriptenFs {
  readdir(path: string): string[];
  stat(path: string): { mode: number };
  isDir(mode: number): boolean;
  readFile(path: string): Uint8Array;
}

/**
 * A reader of the data directory of an in-memory PGlite database, from the file system PostgreSQL
 * runs in: what `dumpDataDir()` archives, without making an archive (a fifth of the time). It
 * keeps reading that file system once the database is closed: what a clean shutdown left.
 */
export function dataDirReader(pg: PGlite): () => DataFile[] {
  const module = pg.Module as unknown as { FS: EmscriptenFs; ENV?: Record<string, string> };
  const fs = module.FS;
  const root = module.ENV?.PGDATA;
  if (!root || !fs.readdir(root).includes('PG_VERSION'))
    throw new Error('PGlite keeps its data directory elsewhere than this code knows.');
  return () => {
    const files: DataFile[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdir(dir)) {
        if (name === '.' || name === '..') continue;
        const full = `${dir}/${name}`;
        const { mode } = fs.stat(full);
        const directory = fs.isDir(mode);
        const data = directory ? new Uint8Array(0) : fs.readFile(full);
        files.push({ path: full.slice(root.length + 1), directory, mode: mode & 0o777, data });
        if (directory) walk(full);
      }
    };
    walk(root);
    return files;
  };
}

/** Starts the thread writing a new database's files: its build, or its source through tsx. */
function writerThread(workerData: WriterData): Worker {
  if (BUILT) return new Worker(projectPath('dist/server/data-file-writer.mjs'), { workerData });
  // A thread does not take this process's `--import tsx`: it registers tsx itself.
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = pathToFileURL(projectPath('src/server/db/data-file-writer.ts')).href;
  const load = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`;
  return new Worker(load, { eval: true, workerData });
}

/** The thread writing a new database's files (`data-file-writer.ts`), and its requests. */
class DataFileWriter {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  #next = 0;
  #failed: Error | undefined;

  /** Starts the thread, which makes up to `reserve` empty files in `dir` meanwhile. */
  constructor(dir: string, reserve: number) {
    this.#worker = writerThread({ dir, reserve });
    this.#worker.on('message', ({ id, error }: WriterAnswer) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (error === undefined) pending?.resolve();
      else pending?.reject(new Error(`Writing the database's files failed: ${error}`));
    });
    const fail = (error: Error) => {
      this.#failed ??= error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', () =>
      fail(new Error("The thread writing the database's files ended.")),
    );
  }

  #request(plan?: WritePlan): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, plan } satisfies WriterRequest);
    });
  }

  /** Carries out `plan` in the directory. */
  write(plan: WritePlan): Promise<void> {
    return this.#request(plan);
  }

  /** Removes the empty files not taken and ends the thread. */
  async close(): Promise<void> {
    try {
      await this.#request();
    } finally {
      await this.#worker.terminate();
    }
  }
}

/**
 * Builds a new database in memory (a new cluster, every migration, the seed of `mode`) and
 * writes it into `dir`, which must not hold a database. The new cluster with its migrations is
 * unpacked from the build's template (see `cluster-template.ts`) when there is one, and made by
 * initdb and the migrations otherwise. The files are written beside `dir` first and then renamed
 * into place, so `dir` never holds half a database. When another process got there first (its
 * database is in `dir` now), that one is kept and nothing was created here.
 *
 * In memory, the files of the cluster, the migrations and the seed cost nothing to write (on
 * disk, PGlite writes each one again and again through its file system emulation). A thread of
 * its own writes those of the opened cluster while the migrations and the seed run (most never
 * change again), and at the end what changed since; it makes the files ahead, while the cluster
 * opens (see `data-file-writer.ts`).
 */
export async function buildPglite(dir: string, mode: SeedMode): Promise<NewPglite> {
  // PGlite spends part of its start waiting for files and for V8 to compile: the seed (with the
  // packages it uses) loads meanwhile. It starts from the build's template of a new database
  // where there is one for these migrations, and otherwise runs initdb.
  const opening = clusterTemplateFile()
    .then(readClusterTemplate)
    .then((snapshot) => openPgliteRaw(snapshot ? { snapshot } : {}));
  // Awaited below; a failure meanwhile must not count as unhandled.
  opening.catch(() => undefined);
  const temporary = temporaryPgliteDir(dir, process.pid);
  const writer = new DataFileWriter(temporary, FILES_OF_A_DATABASE);
  let writing: Promise<void> | undefined;
  let pg: PGlite | undefined;
  try {
    const { seed } = await import('../seed/seed');
    const opened = await opening;
    pg = opened.pg;
    const db = opened.db;
    const readDataDir = dataDirReader(pg);
    const initial = readDataDir();
    writing = writer.write(planWrites(initial));
    // Awaited below; a failure meanwhile must not count as unhandled.
    writing.catch(() => undefined);
    await migrate(db);
    // All of them: those of the template too were applied for this new database.
    const applied = (
      await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
    ).rows.map((row) => row.version);
    const seeded = await seed(db, mode);
    // A clean shutdown: every page is in the data files and the database is marked shut down,
    // so opening the copy starts no recovery (a quarter of a second less).
    await db.close();
    const final = readDataDir();
    await writing;
    await writer.write(planWrites(final, initial));
    await writer.close();
    await rename(temporary, dir);
    return { created: true, applied, seeded };
  } catch (error) {
    if (pg && !pg.closed) await pg.close();
    await writing?.catch(() => undefined);
    await writer.close().catch(() => undefined);
    rmSync(temporary, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(path.join(dir, 'PG_VERSION')))
      return { created: false, applied: [], seeded: { base: false, demo: false } };
    throw error;
  }
}
