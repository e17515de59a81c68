import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SeedMode } from '../seed/seed';
import { BUILT, projectPath } from '../paths';

/** What building a new embedded database did. */
export interface NewPglite {
  /** False when another process put its database in place first (and this one was dropped). */
  created: boolean;
  /** The migrations applied. */
  applied: string[];
  /** What the seed wrote, as {@link seed} reports it. */
  seeded: { base: boolean; demo: boolean };
}

/** The PGlite database of a DATA_DIR: `<dataDir>/db` (uploads sit beside it). */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/** Where a database for `dir` is written by process `pid` before it is renamed into place. */
export function temporaryPgliteDir(dir: string, pid: number): string {
  return `${dir}.new-${pid}`;
}

/** The entries of a directory; none when it does not exist. */
function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as somebody else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * Whether a process has ended but not been reaped yet (Linux): it still answers signals, but
 * runs no more. A build whose server was killed is left so until whatever adopted it reaps it.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (name) state …`: the name may hold spaces and parentheses, the state follows the last.
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/**
 * Removes what builds of `dir` by processes that have ended (killed half-way) left beside it.
 *
 * @example
 * removeLeftovers('/srv/atrium/data/db'); // db.new-<pid> of a gone process: removed
 */
export function removeLeftovers(dir: string): void {
  const name = path.basename(dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${name}\\.new-(\\d+)$`);
  for (const entry of entriesOf(path.dirname(dir))) {
    const pid = pattern.exec(entry)?.[1];
    if (pid !== undefined && !isRunning(Number(pid)))
      rmSync(path.join(path.dirname(dir), entry), { recursive: true, force: true });
  }
}

/** The process that builds a database: the server's build, or its source through tsx. */
const BUILDER = BUILT
  ? { script: projectPath('dist/server/build-pglite.mjs'), execArgv: [] }
  : { script: projectPath('src/server/cli/build-pglite.ts'), execArgv: ['--import', 'tsx'] };

/**
 * When `dir` holds no PGlite database yet (it is missing or empty), starts building one in a
 * process of its own: in memory, migrated and seeded, then written into `dir` whole (see
 * {@link buildPglite}). Returns undefined, and starts nothing, when `dir` has anything in it.
 *
 * Creating PostgreSQL's files (initdb) takes seconds of WebAssembly; in a second process it runs
 * beside the server loading its code, on another core. That process runs only once, so it keeps
 * V8 from optimising the WebAssembly it runs (`--liftoff-only`): the optimising compiler would
 * cost more time than it saves there. It ends when this process does.
 *
 * @example
 * const building = startNewPglite(pgliteDir(config.dataDir), 'demo');
 * // … load the server …
 * const built = await building; // then open the directory as usual
 */
export function startNewPglite(dir: string, seed: SeedMode): Promise<NewPglite> | undefined {
  if (entriesOf(dir).length) return undefined;
  removeLeftovers(dir);
  const child = spawn(
    process.execPath,
    [...BUILDER.execArgv, '--liftoff-only', BUILDER.script, dir, seed],
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let output = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    output = (output + chunk).slice(-4000);
  });
  const built = new Promise<NewPglite>((resolve, reject) => {
    // Sent once the database is in place: the process only has to end then.
    child.once('message', (message) => resolve(message as NewPglite));
    child.once('error', reject);
    // After 'close' the message, if any, has arrived ('exit' may come before it).
    child.once('close', (code, signal) =>
      reject(
        new Error(
          `Creating the database in ${dir} failed (${signal ?? `exit code ${code}`}):\n${output}`,
        ),
      ),
    );
  });
  // Awaited later, after the server's code has loaded: a failure meanwhile is not unhandled.
  built.catch(() => undefined);
  return built;
}
