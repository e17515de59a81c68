import { encodeCursor } from '../../src/server/repositories/seek-paging';
import { ApiSession, type TimedAnswer } from '../lib/http';

/**
 * Requests measured per operation, after {@link WARM_UPS} unmeasured ones: a running server has
 * compiled its code for the route and each pool connection has its statements prepared (their
 * first five runs are planned each time), which a server just started has not.
 */
export const SAMPLES = 30;
export const WARM_UPS = 5;

/** Who makes a request: a demo account, or a visitor who has not signed in. */
export type Role = 'admin' | 'courseadmin' | 'trainer' | 'learner' | 'visitor';

/** The demo accounts signed in on one server, and a visitor. */
export type Callers = Record<Role, ApiSession>;

/** What the requests of one server need to know about its site. */
export interface SiteFacts {
  learnerUid: number;
  trainerUid: number;
  /** The demo's unlimited "Atrium notebook": what the learner buys. */
  productId: number;
  /** The last pages of the transactions, users and audit log (how many pages each has). */
  deep: { transactions: number; users: number; audit: number };
}

/** One measured request: who makes it and how, and what is done (untimed) before each. */
export interface Operation {
  name: string;
  as: Role;
  method?: 'GET' | 'POST';
  path: (site: SiteFacts) => string;
  body?: (site: SiteFacts) => unknown;
  headers?: (i: number) => Record<string, string>;
  /** Done before each request and not timed. */
  before?: (callers: Callers, site: SiteFacts, i: number) => Promise<void>;
  /** Said in the row's note (which page, which range…). */
  note?: (site: SiteFacts) => string;
}

const DAY_MS = 86_400_000;

/**
 * Long lists page by cursor: a page number deep in one is refused, so the deepest page is asked
 * for as a user reaches it, from a cursor: the page before the end of the list's order (the
 * oldest entry there can be; the highest account number).
 */
const OLDEST = ['-infinity', '0'];
const lastPage = (pages: number, end: readonly string[]) =>
  `page=${Math.max(0, pages - 1)}&before=${encodeCursor(end)}`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();

/** Monday 00:00 UTC of next week. */
function nextMonday(now = Date.now()): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const weekday = new Date(today).getUTCDay();
  return today + ((8 - weekday) % 7 || 7) * DAY_MS;
}

const week = () => {
  const start = nextMonday();
  return `start=${iso(start)}&end=${iso(start + 7 * DAY_MS)}`;
};
/** Next Tuesday, 10:00 to 11:00 UTC. */
const hour = () => {
  const start = nextMonday() + DAY_MS + 10 * 3_600_000;
  return `start=${iso(start)}&end=${iso(start + 3_600_000)}`;
};
/** This calendar month (UTC). */
const month = () => {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return `start=${iso(start)}&end=${iso(end)}`;
};

/** The learner edits their profile: a write to `users`, which visitors' answers depend on. */
const writeToUsers = async (callers: Callers, site: SiteFacts, i: number) => {
  const answer = await callers.learner.send('PATCH', `/api/v2/users/${site.learnerUid}`, {
    bio: `Planning the next quarter (${i}).`,
  });
  if (answer.status !== 200)
    throw new Error(
      `PATCH users/${site.learnerUid}: ${answer.status} ${answer.text.slice(0, 200)}`,
    );
};

/** A common fragment of names, and a word of every training's text. */
export const NAME_FRAGMENT = 'ann';
export const COMMON_WORD = 'training';

/** Every list and page the scale benchmark measures, in the order it measures them. */
export const OPERATIONS: Operation[] = [
  {
    name: 'leaderboard, month',
    as: 'learner',
    path: () => '/api/v2/incentives/leaderboard?period=month',
  },
  {
    name: 'leaderboard, all time',
    as: 'learner',
    path: () => '/api/v2/incentives/leaderboard?period=all',
  },
  { name: 'transactions, page 1', as: 'admin', path: () => '/api/v2/incentives/transactions' },
  {
    name: 'transactions, deep page',
    as: 'admin',
    path: (s) => `/api/v2/incentives/transactions?${lastPage(s.deep.transactions, OLDEST)}`,
    note: (s) => `the last of ${s.deep.transactions} pages, by cursor`,
  },
  {
    name: 'transactions by kind and dates',
    as: 'admin',
    path: () =>
      `/api/v2/incentives/transactions?kind=redeem&from=${isoDay(Date.now() - 90 * DAY_MS)}&to=${isoDay(Date.now())}`,
    note: () => 'redemptions of the last 90 days',
  },
  { name: 'storefront, signed in', as: 'learner', path: () => '/api/v2/storefront' },
  {
    name: 'storefront, visitor, after a write to users',
    as: 'visitor',
    path: () => '/api/v2/storefront',
    before: writeToUsers,
    note: () => 'each after the learner’s PATCH users/{uid} (untimed)',
  },
  {
    name: 'home page (server-rendered), visitor, after a write to users',
    as: 'visitor',
    path: () => '/',
    headers: () => ({ accept: 'text/html' }),
    before: writeToUsers,
    note: () => 'GET /, each after the learner’s PATCH users/{uid} (untimed)',
  },
  {
    name: 'trainers available, one week',
    as: 'courseadmin',
    path: () => `/api/v2/availability/available?${week()}`,
  },
  {
    name: 'trainers available, one hour',
    as: 'courseadmin',
    path: () => `/api/v2/availability/available?${hour()}`,
  },
  {
    name: 'availability overview, one week',
    as: 'courseadmin',
    path: () => `/api/v2/availability?${week()}`,
  },
  {
    name: 'availability coverage, one week',
    as: 'courseadmin',
    path: () => `/api/v2/availability/coverage?${week()}&timezone=Europe%2FAmsterdam`,
  },
  { name: 'trainers list', as: 'courseadmin', path: () => '/api/v2/availability/trainers' },
  {
    name: 'incentives overview, 12 months',
    as: 'admin',
    path: () => '/api/v2/incentives/overview?months=12',
    note: () => 'weekly points totals, top rewards and earning rules',
  },
  {
    name: 'learning overview, 12 months',
    as: 'courseadmin',
    path: () => '/api/v2/learning/overview?months=12',
    note: () => 'weekly totals, most subscribed trainings and topic completion rates',
  },
  {
    name: 'users, name search',
    as: 'admin',
    path: () => `/api/v2/users?search=${NAME_FRAGMENT}`,
    note: () => `search=${NAME_FRAGMENT}`,
  },
  {
    name: 'users, deep page',
    as: 'admin',
    path: (s) => `/api/v2/users?${lastPage(s.deep.users, [String(2 ** 31 - 1)])}`,
    note: (s) => `the last of ${s.deep.users} pages, by cursor`,
  },
  {
    name: 'audit log, deep page',
    as: 'admin',
    path: (s) => `/api/v2/admin/audit?${lastPage(s.deep.audit, OLDEST)}`,
    note: (s) => `the last of ${s.deep.audit} pages, by cursor`,
  },
  { name: 'audit log actors', as: 'admin', path: () => '/api/v2/admin/audit/actors' },
  {
    name: 'search, a common word',
    as: 'learner',
    path: () => `/api/v2/search?s=${COMMON_WORD}`,
    note: () => `s=${COMMON_WORD}`,
  },
  { name: 'shop, page 1', as: 'learner', path: () => '/api/v2/incentives/shop' },
  { name: 'recommended trainings', as: 'learner', path: () => '/api/v2/trainings/recommended' },
  { name: 'wallet', as: 'learner', path: () => '/api/v2/incentives/wallet' },
  {
    name: 'points history, 12 months',
    as: 'learner',
    path: () => '/api/v2/incentives/wallet/history?months=12',
    note: () => 'the learner’s weeks of earned, spent and expired points, and coming expiries',
  },
  {
    name: 'my trainings',
    as: 'learner',
    path: () => '/api/v2/me/trainings?status=in_progress',
  },
  { name: 'catalogue', as: 'learner', path: () => '/api/v2/trainings' },
  {
    name: 'checkout',
    as: 'learner',
    method: 'POST',
    path: () => '/api/v2/incentives/shop_checkout',
    body: (s) => ({ products: [s.productId] }),
    headers: (i) => ({ 'idempotency-key': `scale-${process.pid}-${Date.now()}-${i}` }),
    note: () => 'one notebook, a new Idempotency-Key each',
  },
  {
    name: 'a trainer’s month',
    as: 'trainer',
    path: (s) => `/api/v2/availability/${s.trainerUid}?${month()}`,
  },
];

/** Timings of one operation. */
export interface Samples {
  median: number;
  /** Nearest rank: with {@link SAMPLES} requests, the slowest. */
  p99: number;
  /** Answers other than 200, by status. */
  failures: string[];
}

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The nearest-rank percentile `p` (0–100) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One series of timed requests: `before` runs untimed before each. */
interface Series {
  request: (i: number) => Promise<TimedAnswer>;
  before?: ((i: number) => Promise<void>) | undefined;
}

/**
 * Times the requests of each series {@link SAMPLES} times, after {@link WARM_UPS} unmeasured
 * ones, taking turns: the n-th request of every series runs before the (n+1)-th of any, so that
 * whatever else the machine does at a moment slows them alike and their ratio holds.
 */
export async function sample(...series: Series[]): Promise<Samples[]> {
  const times = series.map((): number[] => []);
  const failures = series.map(() => new Map<number, number>());
  for (let i = 0; i < WARM_UPS + SAMPLES; i++) {
    for (const [k, { request, before }] of series.entries()) {
      await before?.(i);
      const answer = await request(i);
      const failed = failures[k]!;
      if (answer.status !== 200) failed.set(answer.status, (failed.get(answer.status) ?? 0) + 1);
      if (i >= WARM_UPS) times[k]!.push(answer.ms);
    }
  }
  return series.map((_, k) => ({
    median: median(times[k]!),
    p99: percentile(times[k]!, 99),
    failures: [...failures[k]!].map(([status, n]) => `${n} × ${status}`),
  }));
}

/** One operation on one server, as a series of requests. */
function series(op: Operation, callers: Callers, site: SiteFacts): Series {
  const caller = callers[op.as];
  return {
    request: (i) =>
      caller.timed(op.method ?? 'GET', op.path(site), {
        ...(op.body ? { body: op.body(site) } : {}),
        ...(op.headers ? { headers: op.headers(i) } : {}),
      }),
    before: op.before && ((i) => op.before!(callers, site, i)),
  };
}

/** Measures one operation on two servers (the demo site and a grown one), request by request. */
export async function measure(
  op: Operation,
  demo: { callers: Callers; site: SiteFacts },
  grown: { callers: Callers; site: SiteFacts },
): Promise<{ demo: Samples; grown: Samples }> {
  const [onDemo, onGrown] = await sample(
    series(op, demo.callers, demo.site),
    series(op, grown.callers, grown.site),
  );
  return { demo: onDemo!, grown: onGrown! };
}

interface Envelope<T> {
  data: T;
  meta?: { totalPages?: number };
}

/** How many pages a list has (estimated for a long one). */
async function deepPage(admin: ApiSession, path: string): Promise<number> {
  const list = await admin.expect<Envelope<unknown[]>>(200, 'GET', path);
  return list.meta?.totalPages ?? 1;
}

/**
 * Signs the demo accounts in on a server and learns what the requests need: the learner's and
 * the trainer's uid, the product to buy, the deep pages. Gives the learner enough points to buy
 * every notebook the run buys.
 */
export async function prepareCallers(url: string): Promise<{ callers: Callers; site: SiteFacts }> {
  const signedIn = async (name: string) => {
    const session = new ApiSession(url);
    await session.login(name);
    const me = await session.expect<Envelope<{ uid: number }>>(200, 'GET', '/api/v2/me');
    return { session, uid: me.data.uid };
  };
  const admin = await signedIn('admin');
  const learner = await signedIn('learner');
  const trainer = await signedIn('trainer');
  const courseadmin = await signedIn('courseadmin');
  const visitor = new ApiSession(url);
  await visitor.expect(200, 'GET', '/api/v2/health');

  const shop = await learner.session.expect<Envelope<{ id: number; title: string }[]>>(
    200,
    'GET',
    '/api/v2/incentives/shop?search=Atrium%20notebook',
  );
  const product = shop.data.find((p) => p.title === 'Atrium notebook');
  if (!product) throw new Error('The demo product "Atrium notebook" is not in the shop.');
  await admin.session.expect(200, 'POST', '/api/v2/incentives/adjustments', {
    uid: learner.uid,
    points: 1_000_000,
    note: 'Points for the scale benchmark’s checkouts',
  });
  const site: SiteFacts = {
    learnerUid: learner.uid,
    trainerUid: trainer.uid,
    productId: product.id,
    deep: {
      transactions: await deepPage(admin.session, '/api/v2/incentives/transactions'),
      users: await deepPage(admin.session, '/api/v2/users'),
      audit: await deepPage(admin.session, '/api/v2/admin/audit'),
    },
  };
  return {
    callers: {
      admin: admin.session,
      learner: learner.session,
      trainer: trainer.session,
      courseadmin: courseadmin.session,
      visitor,
    },
    site,
  };
}
