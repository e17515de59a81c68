import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { SAMPLES, WARM_UPS } from '../scale/operations';
import type { BenchRow } from './types';

/** The machine a run measured on. */
export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  os: string;
  /** The 1-minute load average when the run began: above 0.5 other work shared the machine. */
  loadAtStart: number;
}

/** Whether a row kept its budget: INFO when it has none, SKIPPED when it has no value. */
export type RowStatus = 'OK' | 'OVER' | 'SKIPPED' | 'INFO';

/** What bench/results.json holds. */
export interface BenchResults {
  date: string;
  machine: Machine;
  /** Wall-clock seconds of the whole run. */
  durationSeconds: number;
  /** A trial run with shortened loads (BENCH_QUICK=1): not comparable with full runs. */
  quick: boolean;
  rows: (BenchRow & { status: RowStatus })[];
}

function osName(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
    if (pretty) return `${pretty} (${os.type()} ${os.release()})`;
  } catch {
    // Not Linux, or no os-release: the kernel's name says enough.
  }
  return `${os.type()} ${os.release()}`;
}

/** The CPU model, cores, RAM, Node version and OS of this machine. */
export function machineInfo(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: osName(),
    loadAtStart: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

/** OK or OVER against the row's budget. */
export function statusOf(row: BenchRow): RowStatus {
  if (row.value === null) return 'SKIPPED';
  if (row.missed?.length) return 'OVER';
  if (!row.budget) return 'INFO';
  const { min, max } = row.budget;
  if (min !== undefined && row.value < min) return 'OVER';
  if (max !== undefined && row.value > max) return 'OVER';
  return 'OK';
}

/** A number with as many decimals as its size deserves. */
function num(value: number): string {
  const digits =
    Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** A ratio with three significant digits at most, so that small ones do not read as 0. */
function ratioText(ratio: number): string {
  return ratio >= 10 ? ratio.toFixed(1) : ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2);
}

function budgetText(row: BenchRow): string {
  if (!row.budget) return '—';
  const parts = [];
  if (row.budget.min !== undefined) parts.push(`≥ ${num(row.budget.min)}`);
  if (row.budget.max !== undefined) parts.push(`≤ ${num(row.budget.max)}`);
  return `${parts.join(', ')} ${row.unit}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The results as a Markdown table, one row per figure. */
export function resultsTable(results: BenchResults): string {
  const lines = [
    '| Group | Figure | Value | Budget | Status | Reference | Ratio | Note |',
    '| --- | --- | ---: | --- | --- | --- | ---: | --- |',
  ];
  for (const row of results.rows) {
    const value = row.value === null ? '—' : `${num(row.value)} ${row.unit}`;
    const reference = row.reference ? `${row.reference.name}: ${num(row.reference.value)}` : '—';
    const ratio = row.ratio === undefined ? '—' : `${ratioText(row.ratio)}×`;
    lines.push(
      `| ${[
        row.group,
        row.name,
        value,
        budgetText(row),
        row.status,
        reference,
        ratio,
        row.note ?? '',
      ]
        .map(cell)
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** One line per figure that missed its budget. */
export function missesOf(results: BenchResults): string[] {
  return results.rows
    .filter((row) => row.status === 'OVER')
    .map(
      (row) =>
        `${row.group} — ${row.name}: ${num(row.value!)} ${row.unit}, budget ${budgetText(row)}` +
        (row.missed?.length ? ` (missed: ${row.missed.join('; ')})` : ''),
    );
}

/** Whether other work loaded the machine when the run began (load above half its cores). */
function busy(m: Machine): boolean {
  return m.loadAtStart > m.cores / 2;
}

function machineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.ramGb} GB RAM, Node ${m.node}, ${m.os}; load average ${m.loadAtStart} at the start`;
}

const INTRO = `# Benchmarks

\`npm run bench\` measures the portal on the machine it runs on, in one run of under ten
minutes, and writes this file and \`bench/results.json\`. It builds the client and the server when a build
is missing or stale, starts the real server as \`npm start\` runs it (\`dist/server/main.mjs\` with the options of
\`serverCommand\` in \`scripts/builds.mjs\`; NODE_ENV unset, demo seed, \`BENCH_ROUTES=1\`) as its own process on PGlite and on PostgreSQL (\`BENCH_DATABASE_URL\`, default
\`postgres://postgres@127.0.0.1:5432/postgres\`; it creates and drops a database
\`atrium_bench_<pid>\`; without PostgreSQL those rows say "skipped: no PostgreSQL"). It exits 0
even when a budget is missed, and names each miss below the table. \`BENCH_QUICK=1\` shortens
every load to 2 s for a trial run (not comparable); \`BENCH_ONLY=server,browser,bundle\` picks parts,
and \`BENCH_ONLY=scale\` runs the scale part (below), which the default run leaves out.

Each figure is shown with its budget, OK or OVER, and its ratio to a reference measured in the
same run, so a slower or faster machine can be told from a slower or faster portal:

- **API throughput**: autocannon, 50 connections, pipelining 1, 10 s after a 2 s warm-up, one
  route after the other on the same server process. \`GET storefront\` as a visitor and
  \`GET settings?type=general\` as the signed-in learner must each reach 40 % of the requests/s of
  \`GET /bench/bare\` (no database, no session: the reference, measured before and after the
  routes, mean of both) with p99 ≤ 25 ms.
- **Checkout**: on PostgreSQL, 50 learners created and given points through the API, each on
  its own connection buying a product with the XSRF header and a new Idempotency-Key per request:
  ≥ 300 checkouts/s, p99 ≤ 100 ms, no failed request, and no negative balance afterwards.
  Reference: the bare route's requests/s.
- **Start-up**: spawn to the first 200 of \`GET health\` (polled every 20 ms), the median of 3
  starts: ≤ 5 s on an empty PGlite DATA_DIR (migrations and demo seed; a new one each time),
  ≤ 1.5 s on a migrated PostgreSQL database. Reference: the same for a bare Fastify server
  started with \`node -e\` (median of 3).
- **Memory**: the server process's RSS (VmRSS) after the load tests: ≤ 1 GB with PGlite,
  ≤ 250 MB with PostgreSQL. Reference: its RSS right after start.
- The browser groups come from \`bench/browser\` (the built portal in Chromium) and the bundle
  group from \`scripts/check-bundle.mjs\`.
`;

const SCALE_INTRO = `## Scale

\`BENCH_ONLY=scale npm run bench\` measures every list and page on a large organisation, each
against the demo site on the same kind of database, with the same server build, in the same run.
It is not part of the default run, which it would lengthen by six to nine minutes on a 2-core
machine (one of them building the large organisation);
\`BENCH_ONLY=server,browser,bundle,scale\` runs everything. Its rows are kept in
\`bench/scale-results.json\` and shown here until the next scale run; the other parts' rows, in
\`bench/results.json\`, stay as they were.

- **Sizes** (\`bench/scale/sizes.ts\`). Large, on PostgreSQL: 100,000 users (200 administrators,
  76 course administrators, 1,000 trainers, the rest learners) in 200 organizations, 10 languages,
  5,000 trainings, 500,000 subscriptions, 1.36 million watched videos, 2 million points-ledger
  rows with their balances and lots, 200,000 orders, 2,000 rewards, 300 sections per storefront
  layout, 1,076 trainers with a year of availability, 500,000 audit rows and 15,000 points lots
  due to expire. Medium, on PGlite (the default database): a tenth of each, with the same
  languages and storefront.
- **Building** (\`bench/scale/generate.ts\`). The server migrates and seeds the demo site into an
  empty database (PGlite: an empty DATA_DIR) and stops; set-based SQL (\`INSERT … SELECT\` over
  \`generate_series\`, no statement per row) then grows it in one transaction and ANALYZEs it: on
  PGlite through \`@electric-sql/pglite\` on the same data directory. Balances equal the sum of
  the ledger and of the lots' remaining points, lots are spent oldest first, every order has its
  items and its redemption, the stock slots count the units sold and a subscription is completed
  when all its videos are watched; the run checks all of it, and that no row refers to a missing
  one, afterwards. The build row's budget: ≤ 300 s for the large size.
- **Lists and pages**: each requested ${SAMPLES} times after ${WARM_UPS} unmeasured requests, taking turns
  request by request with the same on the demo site (so that what else the machine does at a
  moment slows both alike), as the user who opens it (the demo accounts, signed in through the API with their cookies and
  XSRF header; the visitor has no session). Budget: median ≤ 50 ms and ≤ 3× the demo site's
  median, p99 ≤ 150 ms (with ${SAMPLES} requests, the slowest); a row is OVER when any part is missed,
  and its note says which. Deep pages are seven eighths into the list (transactions page 70,000
  at the large size). The visitor's storefront and the server-rendered home page are each
  requested right after the learner edits their profile (\`PATCH users/{uid}\`, untimed), a
  write to \`users\` that clears the visitors' kept storefront.
- **Under load**: the learner's wallet (median of ${SAMPLES}) while 12 administrators' transaction lists
  run back to back at once: ≤ 50 ms. **Expiry**: one \`POST incentives/expiry/run\` over the due
  lots: ≤ 2 s.
- \`BENCH_SCALE_KEEP=1\` keeps the large database and the medium DATA_DIR and prints where they
  are; \`npm run bench:scale-db\` builds one on its own (for EXPLAIN). Without PostgreSQL the large
  rows say "skipped: no PostgreSQL".
`;

/** A run's heading, machine, table and misses. */
function runSection(title: string, results: BenchResults): string[] {
  const misses = missesOf(results);
  return [
    `${title}${results.quick ? ' (quick trial: shortened loads, not comparable)' : ''}`,
    '',
    `- Date: ${results.date}`,
    `- Machine: ${machineLine(results.machine)}`,
    `- Duration: ${Math.round(results.durationSeconds)} s`,
    ...(busy(results.machine)
      ? [
          `- Warning: other work was running (load average ${results.machine.loadAtStart} at the ` +
            'start on ' +
            `${results.machine.cores} cores): the figures are worse than on an idle machine.`,
        ]
      : []),
    '',
    resultsTable(results),
    '',
    misses.length
      ? `Over budget:\n\n${misses.map((m) => `- ${m}`).join('\n')}`
      : 'Every measured figure is within its budget.',
    '',
  ];
}

/** The whole of BENCHMARKS.md: the last run of the parts, and the last scale run, when any. */
export function benchmarksMarkdown(
  results: BenchResults | null,
  scale?: BenchResults | null,
): string {
  return [
    INTRO,
    ...(results ? runSection('## Last run', results) : []),
    ...(scale ? [SCALE_INTRO, ...runSection('### Last scale run', scale)] : []),
  ].join('\n');
}

/** Whether a row belongs to the scale part (its groups begin with "Scale"). */
const isScaleRow = (row: BenchRow) => row.group.startsWith('Scale');

/**
 * The rows of a run that measured some parts, with the last figures of the groups it did not
 * measure (`BENCH_ONLY=browser` keeps the server's and the bundle's rows), in their order.
 */
function keepOthers(
  previous: BenchResults['rows'],
  measured: BenchResults['rows'],
): BenchResults['rows'] {
  const groups = new Set(measured.map((row) => row.group));
  const out: BenchResults['rows'] = [];
  const placed = new Set<string>();
  for (const row of previous) {
    if (!groups.has(row.group)) out.push(row);
    else if (!placed.has(row.group)) {
      placed.add(row.group);
      out.push(...measured.filter((m) => m.group === row.group));
    }
  }
  out.push(...measured.filter((m) => !placed.has(m.group)));
  return out;
}

async function readResults(file: string): Promise<BenchResults | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BenchResults;
  } catch {
    return null;
  }
}

/**
 * Writes bench/results.json (the rows of every part but the scale part) and
 * bench/scale-results.json (the scale part's) for the parts this run measured, and BENCHMARKS.md
 * from both files: a part not run keeps its last figures.
 */
export async function writeReport(root: string, results: BenchResults): Promise<void> {
  const mainFile = path.join(root, 'bench/results.json');
  const scaleFile = path.join(root, 'bench/scale-results.json');
  const scaleRows = results.rows.filter(isScaleRow);
  const mainRows = results.rows.filter((row) => !isScaleRow(row));
  // In the repository's style, so that a committed run passes `prettier --check`.
  const write = async (file: string, rows: BenchResults['rows']) =>
    writeFile(
      file,
      await format(JSON.stringify({ ...results, rows }), {
        ...(await resolveConfig(file)),
        filepath: file,
      }),
    );
  if (mainRows.length || !scaleRows.length)
    await write(mainFile, keepOthers((await readResults(mainFile))?.rows ?? [], mainRows));
  if (scaleRows.length) await write(scaleFile, scaleRows);
  await writeFile(
    path.join(root, 'BENCHMARKS.md'),
    benchmarksMarkdown(await readResults(mainFile), await readResults(scaleFile)),
  );
}

/** The console's summary: machine, table, and each miss by name. */
export function consoleSummary(results: BenchResults): string {
  const misses = missesOf(results);
  return [
    '',
    `Machine: ${machineLine(results.machine)}`,
    `Date: ${results.date}; ${Math.round(results.durationSeconds)} s`,
    ...(busy(results.machine)
      ? [
          'Warning: other work was running at the start; the figures are worse than on an idle machine.',
        ]
      : []),
    '',
    resultsTable(results),
    '',
    misses.length
      ? `${misses.length} figure(s) over budget:\n${misses.map((m) => `  OVER ${m}`).join('\n')}`
      : 'Every measured figure is within its budget.',
    '',
  ].join('\n');
}
