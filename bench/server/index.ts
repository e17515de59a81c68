import { rssMb, type ServerLauncher, type SpawnedProcess } from '../lib/server';
import type { BenchRow } from '../lib/types';
import { measureApi, skippedApiRows, type LoadDurations } from './api';
import { measureCheckout, skippedCheckoutRows } from './checkout';
import { bareStartupMs, median } from './startup';

const PGLITE_START_MAX_MS = 5_000;
const POSTGRES_START_MAX_MS = 1_500;
const PGLITE_RSS_MAX_MB = 1_024;
const POSTGRES_RSS_MAX_MB = 250;

/** Options of {@link runServerBenchmarks}. */
export interface ServerBenchOptions {
  root: string;
  launcher: ServerLauncher;
  /** The run's PostgreSQL database URL, or null when PostgreSQL is not reachable. */
  databaseUrl: string | null;
  /** Shortened durations for trial runs (BENCH_QUICK=1). */
  quick: boolean;
  log: (line: string) => void;
}

const NO_POSTGRES = 'skipped: no PostgreSQL';

function startupRow(
  name: string,
  ms: number | null,
  max: number | null,
  bareMs: number,
  note?: string,
): BenchRow {
  return {
    group: 'Start-up',
    name,
    value: ms,
    unit: 'ms',
    budget: max === null ? null : { max },
    reference: { name: 'bare Fastify server (node -e)', value: bareMs },
    ...(ms === null ? {} : { ratio: ms / bareMs }),
    ...(note ? { note } : {}),
  };
}

function memoryRow(
  name: string,
  after: number | null,
  max: number,
  atStart: number | null,
  note?: string,
): BenchRow {
  return {
    group: 'Memory',
    name,
    value: after,
    unit: 'MB',
    budget: { max },
    ...(atStart === null ? {} : { reference: { name: 'RSS right after start', value: atStart } }),
    ...(after !== null && atStart ? { ratio: after / atStart } : {}),
    ...(note ? { note } : {}),
  };
}

/** Starts a server and returns it with the milliseconds from spawn to its first 200. */
async function started(launcher: ServerLauncher, db: 'pglite' | 'postgres', dataDir: string) {
  const server = await launcher.spawn({ db, dataDir });
  const ms = await server.untilHealthy();
  return { server, ms };
}

/** Starts on the same migrated data this many times; the last server is kept running. */
const STARTS = 3;

/**
 * The median start-up of {@link STARTS} starts on the same data (each but the last stopped
 * again) and the last server, still running. One start alone says as much about what else the
 * machine was doing at that second as about the server.
 */
async function startedMedian(launcher: ServerLauncher, db: 'pglite' | 'postgres', dataDir: string) {
  const times: number[] = [];
  for (;;) {
    const run = await started(launcher, db, dataDir);
    times.push(run.ms);
    if (times.length === STARTS) return { server: run.server, ms: median(times), times };
    await run.server.stop();
  }
}

const startsNote = (times: readonly number[]) =>
  `median of ${times.length} starts: ${times.map((t) => Math.round(t)).join(', ')} ms`;

/** Stops the server whatever happens inside `fn`. */
async function using<T>(server: SpawnedProcess, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    await server.stop();
  }
}

/**
 * The server figures: start-up, API throughput and memory on PGlite and PostgreSQL, and the
 * checkout on PostgreSQL. A part that fails is reported as a skipped row with its error, and the
 * run goes on.
 */
export async function runServerBenchmarks(o: ServerBenchOptions): Promise<BenchRow[]> {
  const { launcher, log } = o;
  const durations: LoadDurations = o.quick ? { warmUp: 1, measure: 2 } : { warmUp: 2, measure: 10 };
  const rows: BenchRow[] = [];

  log('Start-up of a bare Fastify server (reference)…');
  const bareMs = await bareStartupMs(o.root, await launcher.tempDir());

  // PGlite: the first start on an empty DATA_DIR migrates and seeds; its directory becomes the
  // template later PGlite servers copy. Load and memory run on a second, ordinary start.
  try {
    log('PGlite: start on an empty DATA_DIR…');
    const emptyTimes: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const emptyDir = await launcher.tempDir();
      const first = await started(launcher, 'pglite', emptyDir);
      await first.server.stop();
      emptyTimes.push(first.ms);
      if (i === 0) launcher.adoptTemplate(emptyDir);
    }
    rows.push(
      startupRow(
        'PGlite, empty DATA_DIR (migrate + demo seed)',
        median(emptyTimes),
        PGLITE_START_MAX_MS,
        bareMs,
        `${startsNote(emptyTimes)}, each on a new empty DATA_DIR`,
      ),
    );

    log('PGlite: start on a migrated DATA_DIR…');
    const { server, ms, times } = await startedMedian(
      launcher,
      'pglite',
      await launcher.pgliteDataDir(),
    );
    rows.push(startupRow('PGlite, migrated DATA_DIR', ms, null, bareMs, startsNote(times)));
    const rssAtStart = rssMb(server.pid);
    await using(server, async () => {
      rows.push(...(await measureApi(server.url, 'pglite', durations, log)).rows);
      rows.push(
        memoryRow(
          'PGlite: RSS after the load tests',
          rssMb(server.pid),
          PGLITE_RSS_MAX_MB,
          rssAtStart,
        ),
      );
    });
  } catch (error) {
    const note = `failed: ${(error as Error).message.split('\n')[0]}`;
    log(`PGlite benchmarks ${note}`);
    const measured = new Set(rows.map((r) => r.name));
    rows.push(
      ...[
        startupRow(
          'PGlite, empty DATA_DIR (migrate + demo seed)',
          null,
          PGLITE_START_MAX_MS,
          bareMs,
          note,
        ),
        ...skippedApiRows('pglite', note),
        memoryRow('PGlite: RSS after the load tests', null, PGLITE_RSS_MAX_MB, null, note),
      ].filter((r) => !measured.has(r.name)),
    );
  }

  // PostgreSQL: the first start on the empty database migrates and seeds it; the figures come
  // from the next start, on the migrated database.
  const skipPostgres = (note: string) => [
    startupRow('PostgreSQL, migrated database', null, POSTGRES_START_MAX_MS, bareMs, note),
    ...skippedApiRows('postgres', note),
    ...skippedCheckoutRows(note),
    memoryRow('PostgreSQL: RSS after the load tests', null, POSTGRES_RSS_MAX_MB, null, note),
  ];
  if (!o.databaseUrl) {
    rows.push(...skipPostgres(NO_POSTGRES));
    return rows;
  }
  const databaseUrl = o.databaseUrl;
  try {
    log('PostgreSQL: start on an empty database…');
    const first = await started(launcher, 'postgres', await launcher.tempDir());
    await first.server.stop();
    rows.push(
      startupRow('PostgreSQL, empty database (migrate + demo seed)', first.ms, null, bareMs),
    );

    log('PostgreSQL: start on the migrated database…');
    const { server, ms, times } = await startedMedian(
      launcher,
      'postgres',
      await launcher.tempDir(),
    );
    rows.push(
      startupRow(
        'PostgreSQL, migrated database',
        ms,
        POSTGRES_START_MAX_MS,
        bareMs,
        startsNote(times),
      ),
    );
    const rssAtStart = rssMb(server.pid);
    await using(server, async () => {
      const api = await measureApi(server.url, 'postgres', durations, log);
      rows.push(...api.rows);
      rows.push(
        ...(await measureCheckout(server.url, databaseUrl, api.bare, durations.measure, log)),
      );
      rows.push(
        memoryRow(
          'PostgreSQL: RSS after the load tests',
          rssMb(server.pid),
          POSTGRES_RSS_MAX_MB,
          rssAtStart,
        ),
      );
    });
  } catch (error) {
    const note = `failed: ${(error as Error).message.split('\n')[0]}`;
    log(`PostgreSQL benchmarks ${note}`);
    const measured = new Set(rows.map((r) => r.name));
    rows.push(...skipPostgres(note).filter((r) => !measured.has(r.name)));
  }
  return rows;
}
