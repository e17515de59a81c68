/** One measured figure of `npm run bench`: a row of BENCHMARKS.md and of bench/results.json. */
export interface BenchRow {
  /** The table's group: `API throughput`, `Checkout`, `Start-up`, `Memory`, `Browser`, `Bundle`… */
  group: string;
  name: string;
  /** The measured value; null when the figure was skipped (`note` says why). */
  value: number | null;
  unit: string;
  /** The budget the value must stay within (`max`) or reach (`min`); null when it has none. */
  budget: { max?: number; min?: number } | null;
  /** What the value is compared with, measured in the same run. */
  reference?: { name: string; value: number };
  /** value / reference.value. */
  ratio?: number;
  /**
   * Parts of the row's budget that its value alone does not show and that were missed (e.g.
   * `p99 212 ms > 150 ms`): any makes the row OVER.
   */
  missed?: string[];
  note?: string;
}

/** Which database a benchmarked server runs on. */
export type BenchDb = 'pglite' | 'postgres';

/** A server process started for benchmarking. */
export interface BenchServer {
  /** Its origin, e.g. `http://127.0.0.1:4310`. */
  url: string;
  pid: number;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and waits for it to end. */
  stop: () => Promise<void>;
}

/** What the runner gives each part of the benchmark. */
export interface BenchContext {
  /** The repository root. */
  root: string;
  /**
   * Starts the built server (`dist/server/main.mjs`) as its own process on a free port, serving the built client and
   * the demo site, with the bench routes on. `pglite`: a fresh copy of a migrated, demo-seeded
   * data directory. `postgres`: the run's own PostgreSQL database; rejects when PostgreSQL is not
   * reachable. Resolves once `GET /api/v2/health` answers 200.
   */
  startServer: (opts: { db: BenchDb }) => Promise<BenchServer>;
  /** Prints a progress line (a plain function: it may be passed around). */
  log: (line: string) => void;
}
