// `npm run bench`: builds the client if needed, measures the server (API throughput, checkout,
// start-up, memory), the browser part (bench/browser) and the bundle (scripts/check-bundle.mjs),
// and on request (BENCH_ONLY=scale) every list and page on a large organisation (bench/scale),
// then writes bench/results.json and BENCHMARKS.md and prints the table. Exits 0 even when a
// budget is missed: the misses are named at the end.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilds } from './lib/build';
import {
  consoleSummary,
  machineInfo,
  statusOf,
  writeReport,
  type BenchResults,
} from './lib/report';
import { createBenchDatabase, ServerLauncher } from './lib/server';
import type { BenchContext, BenchRow } from './lib/types';
import { runScaleBenchmarks } from './scale/index';
import { runServerBenchmarks } from './server/index';

const root = path.resolve(import.meta.dirname, '..');
const quick = process.env.BENCH_QUICK === '1';
const parts = new Set(
  (process.env.BENCH_ONLY || 'server,browser,bundle').split(',').map((p) => p.trim()),
);
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const startedAt = performance.now();
const date = new Date().toISOString();
// Taken before the run loads the machine itself.
const machine = machineInfo();

function log(line: string): void {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${seconds} s] ${line}`);
}

/** Whether a value has the shape of a {@link BenchRow}. */
function isBenchRow(value: unknown): value is BenchRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.group === 'string' &&
    typeof row.name === 'string' &&
    (typeof row.value === 'number' || row.value === null) &&
    typeof row.unit === 'string'
  );
}

function skippedRow(group: string, name: string, note: string): BenchRow {
  return { group, name, value: null, unit: '', budget: null, note };
}

function failedRow(group: string, name: string, error: unknown): BenchRow {
  const message = error instanceof Error ? error.message : String(error);
  return skippedRow(group, name, `failed: ${message}`);
}

/** Rows a part returned, or one row saying what was wrong with them. */
function rowsOf(group: string, name: string, value: unknown): BenchRow[] {
  if (Array.isArray(value) && value.every(isBenchRow)) return value;
  return [failedRow(group, name, new Error('it did not return a list of benchmark rows'))];
}

/** The browser part: bench/browser/index.ts's default export, when it exists. */
async function browserRows(ctx: BenchContext): Promise<BenchRow[]> {
  const entry = path.join(root, 'bench/browser/index.ts');
  if (!existsSync(entry)) {
    return [
      skippedRow('Browser', 'browser benchmarks', 'skipped: bench/browser/index.ts does not exist'),
    ];
  }
  try {
    const module = (await import(pathToFileURL(entry).href)) as { default?: unknown };
    if (typeof module.default !== 'function')
      throw new Error('bench/browser/index.ts has no default export function');
    const run = module.default as (ctx: BenchContext) => Promise<unknown>;
    return rowsOf('Browser', 'browser benchmarks', await run(ctx));
  } catch (error) {
    log(`The browser benchmarks failed: ${(error as Error).stack ?? String(error)}`);
    return [failedRow('Browser', 'browser benchmarks', error)];
  }
}

/** One check of scripts/check-bundle.mjs: gzip bytes against a budget in bytes, or a yes/no. */
interface BundleCheck {
  name: string;
  bytes?: number;
  budget?: number;
  ok: boolean;
  note?: string;
}

function isBundleCheck(value: unknown): value is BundleCheck {
  if (typeof value !== 'object' || value === null) return false;
  const check = value as Record<string, unknown>;
  return typeof check.name === 'string' && typeof check.ok === 'boolean';
}

/** The bundle checks as rows: sizes in kB (1000 bytes, gzip), a yes/no check as 0 or 1 problem. */
function bundleCheckRows(checks: BundleCheck[]): BenchRow[] {
  return checks.map((check) => {
    const note = check.note ? { note: check.note } : {};
    if (check.bytes === undefined)
      return {
        group: 'Bundle',
        name: check.name,
        value: check.ok ? 0 : 1,
        unit: 'problems',
        budget: { max: 0 },
        ...note,
      };
    return {
      group: 'Bundle',
      name: check.name,
      value: check.bytes / 1000,
      unit: 'kB gzip',
      budget: check.budget === undefined ? null : { max: check.budget / 1000 },
      ...note,
    };
  });
}

/** The bundle figures: scripts/check-bundle.mjs's `measureBundle(distDir)`, when it exists. */
async function bundleRows(): Promise<BenchRow[]> {
  const script = path.join(root, 'scripts/check-bundle.mjs');
  if (!existsSync(script)) {
    return [
      skippedRow('Bundle', 'bundle size', 'skipped: scripts/check-bundle.mjs does not exist'),
    ];
  }
  try {
    const module = (await import(pathToFileURL(script).href)) as { measureBundle?: unknown };
    if (typeof module.measureBundle !== 'function')
      throw new Error('scripts/check-bundle.mjs exports no measureBundle function');
    const measure = module.measureBundle as (distDir: string) => unknown;
    const measured = await measure(path.join(root, 'dist/client'));
    // `{ rows: BundleCheck[] }` as the script prints them, or rows already in the bench's shape.
    const checks = (measured as { rows?: unknown } | null)?.rows;
    if (Array.isArray(checks) && checks.every(isBundleCheck)) return bundleCheckRows(checks);
    return rowsOf('Bundle', 'bundle size', measured);
  } catch (error) {
    return [failedRow('Bundle', 'bundle size', error)];
  }
}

log(`Atrium benchmarks${quick ? ' (quick trial: 2 s loads)' : ''}`);
// Every server started is the built one, and the browser and bundle figures measure the built
// client: both must match the sources. Without a client build the browser and bundle figures
// are skipped, and the server figures are still measured.
if (parts.has('server') || parts.has('browser') || parts.has('scale'))
  ensureBuilds(root, ['server'], log);
let buildFailure: string | undefined;
// The scale part's server-rendered home page needs the portal's build too.
if (parts.has('browser') || parts.has('bundle') || parts.has('scale')) {
  try {
    ensureBuilds(root, ['portal'], log);
  } catch (error) {
    buildFailure = `skipped: ${(error as Error).message}`;
    log(buildFailure);
  }
}
const database =
  parts.has('server') || parts.has('browser') ? await createBenchDatabase(adminUrl, log) : null;
const launcher = new ServerLauncher({ root, database, log });
// An interrupted run still stops its servers and drops its databases, those of a part that
// registers its clean-up while the others run included, and starts no further part.
const cleanups: (() => Promise<void>)[] = [() => launcher.cleanup()];
let interrupted = false;
async function cleanUp(): Promise<void> {
  for (let i = 0; i < cleanups.length; i++) await cleanups[i]!().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });

const ctx: BenchContext = { root, startServer: (o) => launcher.start(o), log };
const rows: BenchRow[] = [];
try {
  if (parts.has('server')) {
    const serverRows = await runServerBenchmarks({
      root,
      launcher,
      databaseUrl: database?.url ?? null,
      quick,
      log,
    }).catch((error: unknown) => {
      log(`The server benchmarks failed: ${(error as Error).stack ?? String(error)}`);
      return [failedRow('Server', 'server benchmarks', error)];
    });
    rows.push(...serverRows);
  }
  if (parts.has('browser')) {
    log('Browser benchmarks…');
    rows.push(
      ...(buildFailure
        ? [skippedRow('Browser', 'browser benchmarks', buildFailure)]
        : await browserRows(ctx)),
    );
  }
  if (parts.has('scale')) {
    log('Scale benchmarks…');
    rows.push(
      ...(await runScaleBenchmarks({
        root,
        adminUrl,
        keep: process.env.BENCH_SCALE_KEEP === '1',
        onInterrupt: (cleanup) => cleanups.push(cleanup),
        interrupted: () => interrupted,
        log,
      }).catch((error: unknown) => {
        log(`The scale benchmarks failed: ${(error as Error).stack ?? String(error)}`);
        return [failedRow('Scale', 'scale benchmarks', error)];
      })),
    );
  }
  if (parts.has('bundle')) {
    log('Bundle figures…');
    rows.push(
      ...(buildFailure ? [skippedRow('Bundle', 'bundle size', buildFailure)] : await bundleRows()),
    );
  }
} finally {
  await launcher.cleanup();
}

const results: BenchResults = {
  date,
  machine,
  durationSeconds: (performance.now() - startedAt) / 1000,
  quick,
  rows: rows.map((row) => ({ ...row, status: statusOf(row) })),
};
await writeReport(root, results);
console.log(consoleSummary(results));
log('Wrote BENCHMARKS.md and bench/results.json (the scale part: bench/scale-results.json).');
// Exits even if a part left a handle open (a browser, a pool); a missed budget is not a failure.
process.exit(0);
