// The thread that writes a new database's files (see DataFileWriter in build-pglite.ts). It has
// a thread of its own because the one running PostgreSQL gives its event loop no turn while
// initdb, the migrations or the seed run: file writes waiting there for their callbacks would
// wait for all of it.
//
// Where many files were deleted lately (where test and benchmark runs come and go), ext4 takes
// up to a millisecond to find an inode for a new file, and a database has some 1,200 files. So
// until told otherwise this thread makes empty files, one after another, for the new ones to be
// renamed from: a rename needs no inode.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { applyWrites, type WritePlan } from './data-files';

/** What the thread is given when it starts. */
export interface WriterData {
  dir: string;
  /** How many empty files to make ahead. */
  reserve: number;
}

/** A request: a plan to carry out, or (without one) to stop making and remove the spare files. */
export interface WriterRequest {
  id: number;
  plan?: WritePlan;
}

/** The answer to a request: its id, and what went wrong if something did. */
export interface WriterAnswer {
  id: number;
  error?: string;
}

const port = parentPort!;
const { dir, reserve } = workerData as WriterData;
mkdirSync(dir, { recursive: true, mode: 0o700 });

const empty: string[] = [];
let taken = 0;
let made = 0;
let stopped = false;
const makeOne = () => {
  if (stopped || made >= reserve) return;
  const file = path.join(dir, `.empty-${made++}`);
  try {
    writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  } catch {
    // Fewer spare files only make the writes slower.
    return;
  }
  empty.push(file);
  // One at a time, so that a request waits for one file at most.
  setImmediate(makeOne);
};
setImmediate(makeOne);

port.on('message', ({ id, plan }: WriterRequest) => {
  try {
    if (plan) applyWrites(plan, dir, () => (taken < empty.length ? empty[taken++] : undefined));
    else {
      stopped = true;
      for (const file of empty.slice(taken)) rmSync(file, { force: true });
      taken = empty.length;
    }
    port.postMessage({ id } satisfies WriterAnswer);
  } catch (error) {
    port.postMessage({ id, error: String(error) } satisfies WriterAnswer);
  }
});
