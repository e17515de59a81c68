import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A directory or file of a database's data directory, by its path inside it. */
export interface DataFile {
  path: string;
  directory: boolean;
  mode: number;
  data: Uint8Array;
}

/** What writing data files into a directory takes, given what it holds already. */
export interface WritePlan {
  /** Parents before what they hold. */
  directories: DataFile[];
  /** Files the directory does not hold yet. */
  create: DataFile[];
  /** Files it holds with other contents or another mode. */
  overwrite: DataFile[];
  /** Paths it holds that are gone. */
  remove: string[];
}

const same = (a: DataFile | undefined, b: DataFile) =>
  a !== undefined &&
  a.directory === b.directory &&
  a.mode === b.mode &&
  Buffer.compare(a.data, b.data) === 0;

/**
 * What to do so that a directory holding `previous` holds `files`: everything, when it holds
 * nothing yet.
 *
 * @example
 * applyWrites(planWrites(final, initial), dir);
 */
export function planWrites(
  files: readonly DataFile[],
  previous: readonly DataFile[] = [],
): WritePlan {
  const before = new Map(previous.map((f) => [f.path, f]));
  const plan: WritePlan = { directories: [], create: [], overwrite: [], remove: [] };
  for (const file of files) {
    const old = before.get(file.path);
    if (same(old, file)) continue;
    if (file.directory) plan.directories.push(file);
    else if (old) plan.overwrite.push(file);
    else plan.create.push(file);
  }
  const kept = new Set(files.map((f) => f.path));
  plan.remove = previous.filter((f) => !kept.has(f.path)).map((f) => f.path);
  return plan;
}

/**
 * Carries out a {@link WritePlan} in `dir`. A new file is an empty one `takeEmpty` hands over
 * (mode 0600), renamed into place, when it has one: see `data-file-writer.ts`.
 */
export function applyWrites(
  plan: WritePlan,
  dir: string,
  takeEmpty: () => string | undefined = () => undefined,
): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const d of plan.directories)
    mkdirSync(path.join(dir, d.path), { recursive: true, mode: d.mode || 0o700 });
  for (const f of plan.overwrite)
    writeFileSync(path.join(dir, f.path), f.data, { mode: f.mode || 0o600 });
  for (const f of plan.create) {
    const target = path.join(dir, f.path);
    const mode = f.mode || 0o600;
    const empty = takeEmpty();
    if (!empty) {
      writeFileSync(target, f.data, { mode });
      continue;
    }
    renameSync(empty, target);
    writeFileSync(target, f.data);
    if (mode !== 0o600) chmodSync(target, mode);
  }
  for (const p of plan.remove) rmSync(path.join(dir, p), { recursive: true, force: true });
}
