import pg from 'pg';
import { ApiSession } from '../lib/http';
import { runLoad } from '../lib/load';
import type { BenchRow } from '../lib/types';
import type { BareFigures } from './api';

/** Shoppers, one per connection. */
const SHOPPERS = 50;
const SHOPPER_PASSWORD = 'bench-shopper-password';
/** Enough points that no shopper runs out within a run, even at 10 times the budget. */
const SHOPPER_POINTS = 100_000;
const CHECKOUTS_PER_SECOND_MIN = 300;
const CHECKOUT_P99_MAX_MS = 100;
/** Accounts are created and signed in this many at a time (each hashes a password). */
const SETUP_CONCURRENCY = 5;

/** Runs `fn` over `items`, `limit` at a time, keeping the order of the results. */
async function inBatches<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit)
    results.push(...(await Promise.all(items.slice(i, i + limit).map(fn))));
  return results;
}

interface Counts {
  negativeBalances: number;
  negativeLedgerRows: number;
  orders: number;
}

/** What the database holds after the run: negative balances or ledger rows, and the orders. */
async function countsOf(databaseUrl: string, uids: number[], productId: number): Promise<Counts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Counts>(
      `SELECT
         (SELECT count(*)::int FROM point_balances WHERE points < 0) AS "negativeBalances",
         (SELECT count(*)::int FROM points_ledger WHERE balance_after < 0) AS "negativeLedgerRows",
         (SELECT count(*)::int FROM incentive_orders o
            JOIN incentive_order_items i ON i.order_id = o.id
           WHERE o.uid = ANY($1::int[]) AND i.product_id = $2) AS orders`,
      [uids, productId],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/** How often the database's sessions are sampled during the checkout load. */
const ACTIVITY_SAMPLE_MS = 250;

/** Average counts of the database's sessions running a query, and waiting for a lock. */
interface Activity {
  active: number;
  waitingForLock: number;
}

/**
 * Samples pg_stat_activity of the database until stopped: where the checkout's time goes when
 * it is slow (sessions queued on one row's lock, or busy).
 */
async function sampleActivity(databaseUrl: string): Promise<{ stop(): Promise<Activity> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const samples: Activity[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<Activity>(
        `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
                count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS "waitingForLock"
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      samples.push(rows[0]!);
      await new Promise((resolve) => setTimeout(resolve, ACTIVITY_SAMPLE_MS));
    }
    // A failed sample ends the sampling: the note then rests on the samples taken.
  })().catch(() => undefined);
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const mean = (pick: (a: Activity) => number) =>
        samples.reduce((sum, a) => sum + pick(a), 0) / Math.max(1, samples.length);
      return { active: mean((a) => a.active), waitingForLock: mean((a) => a.waitingForLock) };
    },
  };
}

/**
 * Checkout on PostgreSQL: an administrator creates a product with ample stock and 50 learners
 * with ample points through the API; each learner signs in and buys the product over and over
 * on their own connection, with the XSRF header and a new Idempotency-Key per request, as the
 * client does. Afterwards no balance or ledger row may be negative.
 */
export async function measureCheckout(
  url: string,
  databaseUrl: string,
  bare: BareFigures,
  duration: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  log(`Checkout: creating a product and ${SHOPPERS} learners with points…`);
  const admin = new ApiSession(url);
  await admin.login('admin');
  const product = await admin.expect<{ data: { id: number } }>(
    200,
    'POST',
    '/api/v2/incentives/products',
    {
      title: 'Benchmark voucher',
      description: '<p>Bought by the benchmark.</p>',
      price: 1,
      stock: 1_000_000,
      per_user_limit: null,
      published: true,
      restrictions: [],
    },
  );
  const productId = product.data.id;
  const run = Date.now().toString(36);
  const shoppers = await inBatches(
    Array.from({ length: SHOPPERS }, (_, i) => i),
    SETUP_CONCURRENCY,
    async (i) => {
      const name = `bench-shopper-${run}-${i}`;
      const created = await admin.expect<{ data: { uid: number } }>(201, 'POST', '/api/v2/users', {
        name,
        mail: `${name}@example.com`,
        password: SHOPPER_PASSWORD,
        roles: ['learner'],
      });
      const uid = created.data.uid;
      await admin.expect(200, 'POST', '/api/v2/incentives/adjustments', {
        uid,
        points: SHOPPER_POINTS,
        note: 'Benchmark balance',
      });
      const session = new ApiSession(url);
      await session.login(name, SHOPPER_PASSWORD);
      return { uid, session };
    },
  );

  log(`Checkout: ${SHOPPERS} learners buying for ${duration} s…`);
  const sampler = await sampleActivity(databaseUrl);
  const result = await runLoad({
    url: `${url}/api/v2/incentives/shop_checkout`,
    duration,
    connections: SHOPPERS,
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': '[<id>]',
    },
    body: JSON.stringify({ products: [productId] }),
    uniqueIds: true,
    headersPerConnection: (index) => {
      const { session } = shoppers[index % shoppers.length]!;
      return { cookie: session.cookieHeader, 'x-xsrf-token': session.xsrfToken ?? '' };
    },
  });
  const activity = await sampler.stop();
  const failed = result.non2xx + result.errors;
  const counts = await countsOf(
    databaseUrl,
    shoppers.map((s) => s.uid),
    productId,
  );
  // Requests still in flight when the load stops are committed but not counted as answers.
  const unanswered = counts.orders - result.ok;
  const ordersNote =
    unanswered === 0
      ? `${counts.orders} orders, one per 2xx answer`
      : unanswered > 0 && unanswered <= SHOPPERS
        ? `${counts.orders} orders: one per 2xx answer, and ${unanswered} in flight when the load stopped`
        : `${counts.orders} orders for ${result.ok} 2xx answers`;
  const statusNote = Object.entries(result.statusCodes)
    .map(([code, count]) => `${count} × ${code}`)
    .join(', ');
  const reference = { name: 'bare route, PostgreSQL', value: bare.rps };
  return [
    {
      group: 'Checkout',
      name: `PostgreSQL: checkouts/s, ${SHOPPERS} learners`,
      value: result.okPerSecond,
      unit: 'checkouts/s',
      budget: { min: CHECKOUTS_PER_SECOND_MIN },
      reference,
      ratio: result.okPerSecond / bare.rps,
      note: ordersNote,
    },
    {
      group: 'Checkout',
      name: 'PostgreSQL: checkout p99',
      value: result.p99,
      unit: 'ms',
      budget: { max: CHECKOUT_P99_MAX_MS },
      reference: { name: 'bare route p99, PostgreSQL', value: bare.p99 },
      ...(bare.p99 > 0 ? { ratio: result.p99 / bare.p99 } : {}),
      note:
        `database sessions during the load: ${activity.active.toFixed(1)} running a query, ` +
        `${activity.waitingForLock.toFixed(1)} of them waiting for a lock (mean of samples)`,
    },
    {
      group: 'Checkout',
      name: 'PostgreSQL: failed checkouts (non-2xx, errors)',
      value: failed,
      unit: 'requests',
      budget: { max: 0 },
      note: `${statusNote}${result.errors ? `, ${result.errors} connection errors` : ''}`,
    },
    {
      group: 'Checkout',
      name: 'PostgreSQL: negative balances and ledger rows afterwards',
      value: counts.negativeBalances + counts.negativeLedgerRows,
      unit: 'rows',
      budget: { max: 0 },
    },
  ];
}

/** The rows of the checkout when PostgreSQL is missing. */
export function skippedCheckoutRows(note: string): BenchRow[] {
  const rows: [name: string, unit: string, budget: BenchRow['budget']][] = [
    [
      `PostgreSQL: checkouts/s, ${SHOPPERS} learners`,
      'checkouts/s',
      { min: CHECKOUTS_PER_SECOND_MIN },
    ],
    ['PostgreSQL: checkout p99', 'ms', { max: CHECKOUT_P99_MAX_MS }],
    ['PostgreSQL: failed checkouts (non-2xx, errors)', 'requests', { max: 0 }],
    ['PostgreSQL: negative balances and ledger rows afterwards', 'rows', { max: 0 }],
  ];
  return rows.map(([name, unit, budget]) => ({
    group: 'Checkout',
    name,
    value: null,
    unit,
    budget,
    note,
  }));
}
