import { ApiSession } from '../lib/http';
import { runLoad, type LoadOptions, type LoadResult } from '../lib/load';
import type { BenchRow } from '../lib/types';

/** A route must serve at least this share of the bare route's requests per second. */
export const THROUGHPUT_SHARE_MIN = 0.4;
/** Budget of the API's p99 latency, in ms. */
const API_P99_MAX_MS = 25;

/** Durations of one throughput run, in seconds. */
export interface LoadDurations {
  warmUp: number;
  measure: number;
}

/** The bare route's figures: the reference of the API's and the checkout's throughput. */
export interface BareFigures {
  rps: number;
  p99: number;
}

const DB_LABEL = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

/** Runs a short unmeasured load first, so the measured one sees warm code and caches. */
async function warmThenMeasure(
  o: Omit<LoadOptions, 'duration'>,
  durations: LoadDurations,
): Promise<LoadResult> {
  await runLoad({ ...o, duration: durations.warmUp, connections: 10 });
  return runLoad({ ...o, duration: durations.measure });
}

function problemsOf(result: LoadResult): string | undefined {
  const wrong = Object.entries(result.statusCodes).filter(([code]) => !code.startsWith('2'));
  const parts = [
    ...(result.errors ? [`${result.errors} connection errors or timeouts`] : []),
    ...wrong.map(([code, count]) => `${count} × ${code}`),
  ];
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * API throughput against the bare route in the same process, one after the other with the same
 * load: `GET storefront` as a visitor, `GET settings?type=general` as the signed-in learner.
 * Both callers carry an XSRF-TOKEN cookie, as a browser that has loaded the portal does.
 */
export async function measureApi(
  url: string,
  db: 'pglite' | 'postgres',
  durations: LoadDurations,
  log: (line: string) => void,
): Promise<{ rows: BenchRow[]; bare: BareFigures }> {
  const label = DB_LABEL[db];
  const visitor = new ApiSession(url);
  await visitor.expect(200, 'GET', '/api/v2/health');
  const learner = new ApiSession(url);
  await learner.login('learner');
  const accept = { accept: 'application/json' };

  const bareLoad = {
    url: `${url}/bench/bare`,
    headers: { ...accept, cookie: visitor.cookieHeader },
  };
  const targets = [
    {
      name: 'GET storefront (visitor)',
      path: '/api/v2/storefront',
      cookie: visitor.cookieHeader,
    },
    {
      name: 'GET settings?type=general (learner)',
      path: '/api/v2/settings?type=general',
      cookie: learner.cookieHeader,
    },
  ];
  // The bare route runs before and after the routes and its mean is the reference, so that other
  // work on the machine changing during the runs skews the ratios less.
  log(`${label}: bare route…`);
  const bareBefore = await warmThenMeasure(bareLoad, durations);
  const results: LoadResult[] = [];
  for (const target of targets) {
    log(`${label}: ${target.name}…`);
    results.push(
      await warmThenMeasure(
        { url: `${url}${target.path}`, headers: { ...accept, cookie: target.cookie } },
        durations,
      ),
    );
  }
  log(`${label}: bare route again…`);
  const bareAfter = await warmThenMeasure(bareLoad, durations);
  const bare = {
    rps: (bareBefore.rps + bareAfter.rps) / 2,
    p99: (bareBefore.p99 + bareAfter.p99) / 2,
  };

  const reference = { name: `bare route, ${label}`, value: bare.rps };
  const rows: BenchRow[] = [
    {
      group: 'API throughput',
      name: `${label}: bare route (GET /bench/bare)`,
      value: bare.rps,
      unit: 'req/s',
      budget: null,
      note:
        problemsOf(bareBefore) ??
        problemsOf(bareAfter) ??
        `the reference of this group: mean of ${Math.round(bareBefore.rps)} req/s before and ` +
          `${Math.round(bareAfter.rps)} after the routes; p99 ${bare.p99} ms`,
    },
  ];
  targets.forEach((target, index) => {
    const result = results[index]!;
    const problems = problemsOf(result);
    rows.push(
      {
        group: 'API throughput',
        name: `${label}: ${target.name}`,
        value: result.rps,
        unit: 'req/s',
        budget: { min: bare.rps * THROUGHPUT_SHARE_MIN },
        reference,
        ratio: result.rps / bare.rps,
        note: problems ?? `budget: ${THROUGHPUT_SHARE_MIN * 100} % of the bare route`,
      },
      {
        group: 'API throughput',
        name: `${label}: ${target.name} p99`,
        value: result.p99,
        unit: 'ms',
        budget: { max: API_P99_MAX_MS },
        reference: { name: `bare route p99, ${label}`, value: bare.p99 },
        ...(bare.p99 > 0 ? { ratio: result.p99 / bare.p99 } : {}),
        ...(problems ? { note: problems } : {}),
      },
    );
  });
  return { rows, bare };
}

/** The rows of the API throughput when its database is missing. */
export function skippedApiRows(db: 'pglite' | 'postgres', note: string): BenchRow[] {
  const label = DB_LABEL[db];
  const row = (name: string, unit: string, budget: BenchRow['budget']): BenchRow => ({
    group: 'API throughput',
    name: `${label}: ${name}`,
    value: null,
    unit,
    budget,
    note,
  });
  return [
    row('bare route (GET /bench/bare)', 'req/s', null),
    row('GET storefront (visitor)', 'req/s', null),
    row('GET storefront (visitor) p99', 'ms', { max: API_P99_MAX_MS }),
    row('GET settings?type=general (learner)', 'req/s', null),
    row('GET settings?type=general (learner) p99', 'ms', { max: API_P99_MAX_MS }),
  ];
}
