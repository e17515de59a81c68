// The scale part of `npm run bench` (BENCH_ONLY=scale): every list and page measured on a large
// organisation (PostgreSQL) and a medium one (PGlite), each against the demo site on the same
// database kind, the same server build and in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SEEK_ALL_BATCH } from '../../src/server/repositories/seek-paging';
import type { ApiSession } from '../lib/http';
import { createBenchDatabase, rssMb, ServerLauncher, type SpawnedProcess } from '../lib/server';
import type { BenchRow } from '../lib/types';
import { growPglite, growPostgres, migrateAndSeed, type Grown } from './databases';
import {
  measure,
  median,
  OPERATIONS,
  prepareCallers,
  sample,
  type Callers,
  type Operation,
  type Samples,
  type SiteFacts,
} from './operations';
import { LARGE, MEDIUM, type ScaleSize } from './sizes';

/** Budgets of each list and page: its median, its median against the demo's, its p99. */
const MEDIAN_MAX_MS = 50;
const DEMO_RATIO_MAX = 3;
const P99_MAX_MS = 150;
/** The learner's wallet while administrators list the transactions at once. */
const CONCURRENT_LISTS = 12;
const WALLET_UNDER_LOAD_MAX_MS = 50;
/** The expiry run over the due lots. */
const EXPIRY_MAX_MS = 2_000;
/** How much the server's memory may grow while it streams every transaction as CSV. */
const EXPORT_RSS_GROWTH_MAX_MB = 100;
/** Building the large organisation. */
const BUILD_MAX_S = 300;

const NO_POSTGRES = 'skipped: no PostgreSQL';

/** Options of {@link runScaleBenchmarks}. */
export interface ScaleOptions {
  root: string;
  /** A PostgreSQL URL allowed to create and drop databases. */
  adminUrl: string;
  /** Keep the large database and the medium PGlite data directory, and print where they are. */
  keep: boolean;
  /** Registers a clean-up the runner must run when it is interrupted. */
  onInterrupt: (cleanup: () => Promise<void>) => void;
  /** Whether the run has been interrupted: no further part starts. */
  interrupted: () => boolean;
  log: (line: string) => void;
}

/** One database kind at one size. */
interface Part {
  group: string;
  db: 'postgres' | 'pglite';
  size: ScaleSize;
  /** What the demo reference is, in a row's reference name. */
  label: string;
}

const POSTGRES_PART: Part = {
  group: 'Scale: PostgreSQL, large',
  db: 'postgres',
  size: LARGE,
  label: 'PostgreSQL',
};
const PGLITE_PART: Part = {
  group: 'Scale: PGlite, medium',
  db: 'pglite',
  size: MEDIUM,
  label: 'PGlite',
};

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const count = (value: number) => value.toLocaleString('en-US');
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

const operationName = (op: Operation) => `${op.name} (${op.as})`;
const WALLET_UNDER_LOAD = `learner’s wallet during ${CONCURRENT_LISTS} concurrent transaction lists (admin)`;
const EXPIRY = 'points expiry run (admin)';
const EXPORT = 'every transaction as CSV: the server’s memory growth (admin)';
const buildName = (part: Part) => `building the ${part.size.name} organisation`;

/** The rows of a part, each skipped with the same note. */
function skippedRows(part: Part, note: string): BenchRow[] {
  const row = (name: string, unit: string, max?: number): BenchRow => ({
    group: part.group,
    name,
    value: null,
    unit,
    budget: max === undefined ? null : { max },
    note,
  });
  return [
    row(buildName(part), 's', part.db === 'postgres' ? BUILD_MAX_S : undefined),
    ...OPERATIONS.map((op) => row(operationName(op), 'ms', MEDIAN_MAX_MS)),
    row(WALLET_UNDER_LOAD, 'ms', WALLET_UNDER_LOAD_MAX_MS),
    row(EXPORT, 'MB', EXPORT_RSS_GROWTH_MAX_MB),
    row(EXPIRY, 'ms', EXPIRY_MAX_MS),
  ];
}

function buildRow(part: Part, grown: Grown): BenchRow {
  const c = grown.counts;
  const sizes =
    `${count(c.users!)} users, ${c.organizations} organizations, ${c.languages} languages, ` +
    `${count(c.trainings!)} trainings, ${count(c.subscriptions!)} subscriptions, ` +
    `${count(c.watched_videos!)} watched videos, ${count(c.ledger_rows!)} ledger rows, ` +
    `${count(c.orders!)} orders, ${count(c.rewards!)} rewards, ` +
    `${c.sections_per_layout} sections per storefront layout, ${count(c.trainers!)} trainers, ` +
    `${count(c.audit_rows!)} audit rows, ${count(c.due_lots!)} due points lots`;
  const checked = grown.problems.length
    ? `inconsistent: ${grown.problems.join('; ')}`
    : `balances, lots, orders, stock and completions consistent (checked in ${grown.checkSeconds.toFixed(0)} s)`;
  return {
    group: part.group,
    name: buildName(part),
    value: grown.seconds,
    unit: 's',
    budget: part.db === 'postgres' ? { max: BUILD_MAX_S } : null,
    ...(grown.problems.length ? { missed: grown.problems } : {}),
    note: `${sizes}; set-based SQL, ANALYZE included; ${checked}`,
  };
}

/** A list or page against its budgets and the demo's figure. */
function operationRow(
  part: Part,
  op: Operation,
  site: SiteFacts,
  s: Samples,
  demo: Samples,
): BenchRow {
  const missed: string[] = [];
  if (s.failures.length) missed.push(`answers not 200: ${s.failures.join(', ')}`);
  if (demo.failures.length) missed.push(`demo answers not 200: ${demo.failures.join(', ')}`);
  if (s.median > MEDIAN_MAX_MS) missed.push(`median > ${MEDIAN_MAX_MS} ms`);
  if (s.median > DEMO_RATIO_MAX * demo.median)
    missed.push(`median > ${DEMO_RATIO_MAX}× the demo’s (${ms(DEMO_RATIO_MAX * demo.median)} ms)`);
  if (s.p99 > P99_MAX_MS) missed.push(`p99 > ${P99_MAX_MS} ms`);
  const note = [
    `p99 ${ms(s.p99)} ms (demo ${ms(demo.p99)} ms)`,
    ...(op.note ? [op.note(site)] : []),
    ...(missed.length ? [`missed: ${missed.join(', ')}`] : []),
  ].join('; ');
  return {
    group: part.group,
    name: operationName(op),
    value: s.median,
    unit: 'ms',
    budget: { max: Math.min(MEDIAN_MAX_MS, DEMO_RATIO_MAX * demo.median) },
    reference: { name: `demo site, ${part.label}, median`, value: demo.median },
    ratio: s.median / demo.median,
    ...(missed.length ? { missed } : {}),
    note,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The learner's wallet, timed like the other operations, while {@link CONCURRENT_LISTS}
 * administrators' transaction lists (page 1) run back to back at once.
 */
async function walletUnderLoad(callers: Callers): Promise<{ wallet: Samples; lists: number[] }> {
  let running = true;
  const lists: number[] = [];
  const loops = Array.from({ length: CONCURRENT_LISTS }, async () => {
    while (running)
      lists.push((await callers.admin.timed('GET', '/api/v2/incentives/transactions')).ms);
  });
  try {
    // The lists are under way before the first wallet.
    await sleep(100);
    return {
      wallet: (
        await sample({ request: () => callers.learner.timed('GET', '/api/v2/incentives/wallet') })
      )[0]!,
      lists,
    };
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

/**
 * Downloads every transaction as CSV (`POST incentives/transactions/export`, no filter) as the
 * administrator, reading the file as it comes, while the server's resident memory is read every
 * 50 ms: its rows, seconds and the memory's growth over what it held before.
 */
async function exportRun(
  server: SpawnedProcess,
  admin: ApiSession,
): Promise<{ rows: number; seconds: number; status: number; beforeMb: number; peakMb: number }> {
  const beforeMb = rssMb(server.pid) ?? 0;
  let peakMb = beforeMb;
  const watch = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.pid) ?? 0);
  }, 50);
  const started = performance.now();
  try {
    // An export is a POST with the page's XSRF token (it is recorded in the audit log).
    if (!admin.xsrfToken) await admin.send('GET', '/api/v2/health');
    const res = await fetch(`${server.url}/api/v2/incentives/transactions/export`, {
      method: 'POST',
      headers: {
        cookie: admin.cookieHeader,
        accept: 'text/csv',
        'content-type': 'application/json',
        'x-xsrf-token': admin.xsrfToken ?? '',
      },
      body: '{}',
    });
    let lines = 0;
    if (res.body)
      for await (const chunk of res.body as AsyncIterable<Uint8Array>)
        for (const byte of chunk) if (byte === 10) lines += 1;
    return {
      rows: Math.max(0, lines - 1),
      seconds: (performance.now() - started) / 1000,
      status: res.status,
      beforeMb,
      peakMb: Math.max(peakMb, rssMb(server.pid) ?? 0),
    };
  } finally {
    clearInterval(watch);
  }
}

/** Runs the expiry job once through its route and returns its time and the points expired. */
async function expiryRun(
  callers: Callers,
): Promise<{ ms: number; expired: number | null; status: number }> {
  const answer = await callers.admin.timed('POST', '/api/v2/incentives/expiry/run');
  let expired: number | null = null;
  try {
    expired = (JSON.parse(answer.text) as { data: { expired: number } }).data.expired;
  } catch {
    // Not the answer expected: the status says what happened.
  }
  return { ms: answer.ms, expired, status: answer.status };
}

/** Lots still due on a PostgreSQL database. */
async function dueLotsOn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM points_ledger WHERE remaining > 0 AND expires_at <= now()',
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Measures every operation on the demo server and the grown one, their requests taking turns, then the wallet under load and the expiry run (last: it changes the data).
 */
async function compare(
  part: Part,
  demo: SpawnedProcess,
  grown: SpawnedProcess,
  o: { dueLots: number; grownUrl: string | null; log: (line: string) => void },
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const d = await prepareCallers(demo.url);
  const g = await prepareCallers(grown.url);
  for (const op of OPERATIONS) {
    o.log(`${part.group}: ${operationName(op)}…`);
    try {
      const measured = await measure(op, d, g);
      rows.push(operationRow(part, op, g.site, measured.grown, measured.demo));
    } catch (error) {
      rows.push({
        group: part.group,
        name: operationName(op),
        value: null,
        unit: 'ms',
        budget: { max: MEDIAN_MAX_MS },
        note: `failed: ${firstLine(error)}`,
      });
    }
  }

  o.log(`${part.group}: the wallet during ${CONCURRENT_LISTS} concurrent transaction lists…`);
  const demoLoad = await walletUnderLoad(d.callers);
  const grownLoad = await walletUnderLoad(g.callers);
  const failures = [...grownLoad.wallet.failures, ...demoLoad.wallet.failures];
  rows.push({
    group: part.group,
    name: WALLET_UNDER_LOAD,
    value: grownLoad.wallet.median,
    unit: 'ms',
    budget: { max: WALLET_UNDER_LOAD_MAX_MS },
    reference: { name: `demo site, ${part.label}, the same`, value: demoLoad.wallet.median },
    ratio: grownLoad.wallet.median / demoLoad.wallet.median,
    ...(failures.length ? { missed: [`answers not 200: ${failures.join(', ')}`] } : {}),
    note:
      `p99 ${ms(grownLoad.wallet.p99)} ms; ${grownLoad.lists.length} transaction lists ran meanwhile, ` +
      `median ${ms(median(grownLoad.lists))} ms (demo: ${demoLoad.lists.length}, ` +
      `${ms(median(demoLoad.lists))} ms)`,
  });

  o.log(`${part.group}: every transaction as CSV…`);
  const demoExport = await exportRun(demo, d.callers.admin);
  const grownExport = await exportRun(grown, g.callers.admin);
  const growth = grownExport.peakMb - grownExport.beforeMb;
  const exportMissed = [
    ...(grownExport.status !== 200 ? [`answered ${grownExport.status}`] : []),
    ...(growth > EXPORT_RSS_GROWTH_MAX_MB
      ? [`memory grew by more than ${EXPORT_RSS_GROWTH_MAX_MB} MB`]
      : []),
  ];
  rows.push({
    group: part.group,
    name: EXPORT,
    value: growth,
    unit: 'MB',
    budget: { max: EXPORT_RSS_GROWTH_MAX_MB },
    reference: {
      name: `demo site, ${part.label}, ${count(demoExport.rows)} rows`,
      value: demoExport.peakMb - demoExport.beforeMb,
    },
    ...(exportMissed.length ? { missed: exportMissed } : {}),
    note:
      `${count(grownExport.rows)} rows in ${grownExport.seconds.toFixed(1)} s ` +
      `(${count(Math.round(grownExport.rows / Math.max(grownExport.seconds, 0.001)))} rows/s); ` +
      `server RSS ${grownExport.beforeMb.toFixed(0)} MB before, ${grownExport.peakMb.toFixed(0)} MB at most; ` +
      `read ${count(SEEK_ALL_BATCH)} rows a statement by seeking in the ledger’s index and streamed as they come`,
  });

  o.log(`${part.group}: the points expiry run…`);
  const demoRun = await expiryRun(d.callers);
  const grownRun = await expiryRun(g.callers);
  const left = o.grownUrl ? await dueLotsOn(o.grownUrl) : null;
  const expiryMissed = [
    ...(grownRun.status !== 200 ? [`answered ${grownRun.status}`] : []),
    ...(left ? [`${count(left)} due lots left`] : []),
  ];
  rows.push({
    group: part.group,
    name: EXPIRY,
    value: grownRun.ms,
    unit: 'ms',
    budget: { max: EXPIRY_MAX_MS },
    reference: { name: `demo site, ${part.label}, no lot due`, value: demoRun.ms },
    ratio: grownRun.ms / demoRun.ms,
    ...(expiryMissed.length ? { missed: expiryMissed } : {}),
    note:
      `${count(o.dueLots)} due lots, ${grownRun.expired === null ? '?' : count(grownRun.expired)} ` +
      'points expired; timed through POST incentives/expiry/run, which runs the hourly ' +
      'expiry job’s function inside the request' +
      (left === null ? '' : `; due lots left afterwards: ${left}`),
  });
  return rows;
}

/** Starts a server and waits until it answers. */
async function started(
  launcher: ServerLauncher,
  db: 'postgres' | 'pglite',
  dataDir: string,
): Promise<SpawnedProcess> {
  const server = await launcher.spawn({ db, dataDir });
  await server.untilHealthy();
  return server;
}

/** PostgreSQL: the demo site and the large organisation, each in a database of its own. */
async function postgresRows(o: ScaleOptions): Promise<BenchRow[]> {
  const part = POSTGRES_PART;
  const demoDb = await createBenchDatabase(o.adminUrl, o.log, `atrium_scale_demo_${process.pid}`);
  if (!demoDb) return skippedRows(part, NO_POSTGRES);
  const largeDb = await createBenchDatabase(o.adminUrl, o.log, `atrium_scale_large_${process.pid}`);
  const demo = new ServerLauncher({ root: o.root, database: demoDb, log: o.log });
  const large = new ServerLauncher({
    root: o.root,
    database: largeDb,
    keepDatabase: o.keep,
    log: o.log,
  });
  const cleanup = async () => {
    await Promise.all([demo.cleanup(), large.cleanup()]);
  };
  o.onInterrupt(cleanup);
  const rows: BenchRow[] = [];
  try {
    if (!largeDb) throw new Error('the second database could not be created');
    o.log(`${part.group}: migrating and seeding the demo site twice…`);
    await migrateAndSeed(demo, 'postgres', await demo.tempDir());
    await migrateAndSeed(large, 'postgres', await large.tempDir());
    o.log(`${part.group}: growing the large organisation…`);
    const grown = await growPostgres(largeDb.url, part.size, o.log);
    rows.push(buildRow(part, grown));
    const demoServer = await started(demo, 'postgres', await demo.tempDir());
    const largeServer = await started(large, 'postgres', await large.tempDir());
    rows.push(
      ...(await compare(part, demoServer, largeServer, {
        dueLots: grown.counts.due_lots ?? 0,
        grownUrl: largeDb.url,
        log: o.log,
      })),
    );
  } catch (error) {
    o.log(`${part.group} failed: ${(error as Error).stack ?? String(error)}`);
    const measured = new Set(rows.map((r) => r.name));
    rows.push(
      ...skippedRows(part, `failed: ${firstLine(error)}`).filter((r) => !measured.has(r.name)),
    );
  } finally {
    await cleanup();
    if (o.keep && largeDb) o.log(`Kept the large organisation: DATABASE_URL=${largeDb.url}`);
  }
  return rows;
}

/**
 * PGlite: the demo site and the medium organisation, each in a DATA_DIR of its own. The server
 * migrates and seeds an empty DATA_DIR and stops; the bench opens the same directory with PGlite
 * and grows it; the server then starts on it again.
 */
async function pgliteRows(o: ScaleOptions): Promise<BenchRow[]> {
  const part = PGLITE_PART;
  const launcher = new ServerLauncher({ root: o.root, database: null, log: o.log });
  // Made outside the launcher, so that it can be kept; its clean-up is registered first.
  const made: { mediumDir?: string } = {};
  const cleanup = async () => {
    await launcher.cleanup();
    if (made.mediumDir && !o.keep) await rm(made.mediumDir, { recursive: true, force: true });
  };
  o.onInterrupt(cleanup);
  const mediumDir = await mkdtemp(path.join(tmpdir(), 'atrium-scale-medium-'));
  made.mediumDir = mediumDir;
  const rows: BenchRow[] = [];
  try {
    const demoDir = await launcher.tempDir();
    o.log(`${part.group}: migrating and seeding the demo site twice…`);
    await migrateAndSeed(launcher, 'pglite', demoDir);
    await migrateAndSeed(launcher, 'pglite', mediumDir);
    o.log(`${part.group}: growing the medium organisation…`);
    const grown = await growPglite(mediumDir, part.size, o.log);
    rows.push(buildRow(part, grown));
    const demoServer = await started(launcher, 'pglite', demoDir);
    const mediumServer = await started(launcher, 'pglite', mediumDir);
    rows.push(
      ...(await compare(part, demoServer, mediumServer, {
        dueLots: grown.counts.due_lots ?? 0,
        grownUrl: null,
        log: o.log,
      })),
    );
  } catch (error) {
    o.log(`${part.group} failed: ${(error as Error).stack ?? String(error)}`);
    const measured = new Set(rows.map((r) => r.name));
    rows.push(
      ...skippedRows(part, `failed: ${firstLine(error)}`).filter((r) => !measured.has(r.name)),
    );
  } finally {
    await cleanup();
    if (o.keep) o.log(`Kept the medium organisation: DATA_DIR=${mediumDir}`);
  }
  return rows;
}

/**
 * The scale figures: the large organisation on PostgreSQL, then the medium one on PGlite, each
 * measured against the demo site. Every list and page is requested `SAMPLES` times (after
 * `WARM_UPS` unmeasured requests, both in ./operations) as the user who would open it, taking
 * turns with the same request on the demo site.
 */
export async function runScaleBenchmarks(o: ScaleOptions): Promise<BenchRow[]> {
  const rows = await postgresRows(o);
  return [
    ...rows,
    ...(o.interrupted() ? skippedRows(PGLITE_PART, 'skipped: interrupted') : await pgliteRows(o)),
  ];
}
