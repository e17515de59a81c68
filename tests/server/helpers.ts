import type { ProductInput, Transaction } from '@schemas/entities/incentives.schema';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { buildApp, type AtriumApp, type BuildAppOptions } from '../../src/server/app';
import type { Db } from '../../src/server/db/db';
import { openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';

/** One server under test and the database behind it. */
export interface TestServer {
  app: AtriumApp;
  db: Db;
  kind: 'pglite' | 'postgres';
  /** DATA_DIR of the server (uploads), a temporary directory removed when the suite ends. */
  dataDir: string;
}

/** The demo password. */
export const PASSWORD = 'atrium-demo';

/** What a suite may set of the app it tests (its own section types, say). */
export type AppOptions = Pick<BuildAppOptions, 'sectionTypes'>;

async function pgliteServer(
  options: AppOptions = {},
): Promise<{ server: TestServer; stop(): Promise<void> }> {
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  const db = await openPglite({ snapshot });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-data-'));
  const app = await buildApp({ ...options, db, seed: 'none', dataDir });
  return {
    server: { app, db, kind: 'pglite', dataDir },
    stop: async () => {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database created for one suite on the server `adminUrl` names, and how to drop it. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database with a random name beside the one `adminUrl` names. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function postgresServer(
  adminUrl: string,
  options: AppOptions = {},
): Promise<{ server: TestServer; stop(): Promise<void> }> {
  const database = await scratchDatabase(adminUrl, 'atrium_t');
  const db = openPostgres(database.url, { max: 5 });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-data-'));
  const app = await buildApp({ ...options, db, seed: 'demo', dataDir });
  return {
    server: { app, db, kind: 'postgres', dataDir },
    stop: async () => {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/**
 * Registers the suite once per database: always on PGlite (a fresh copy of the seeded snapshot),
 * and on PostgreSQL in a freshly created database when ATRIUM_TEST_DATABASE_URL is set. `options`
 * are given to the app (a suite's own storefront section types).
 */
export function describeEachDb(
  name: string,
  fn: (server: () => TestServer) => void,
  options: AppOptions = {},
): void {
  describeOn(databaseLegs(options), name, fn);
}

/**
 * Registers the suite on one database: PostgreSQL when ATRIUM_TEST_DATABASE_URL is set, else
 * PGlite. For suites whose cost grows with every request (fuzzing) and whose findings do not
 * depend on the engine: PGlite is PostgreSQL compiled to WebAssembly.
 */
export function describeOneDb(name: string, fn: (server: () => TestServer) => void): void {
  describeOn(databaseLegs().slice(-1), name, fn);
}

interface DatabaseLeg {
  label: string;
  start: () => Promise<{ server: TestServer; stop(): Promise<void> }>;
}

/**
 * Registers the suite on PGlite only, for what only an embedded database can show without
 * depending on load: say so in the suite's comment.
 */
export function describePglite(name: string, fn: (server: () => TestServer) => void): void {
  describeOn(
    databaseLegs().filter((leg) => leg.label === 'pglite'),
    name,
    fn,
  );
}

/**
 * Whether suites run on PGlite: always, unless a PostgreSQL address is set and
 * `ATRIUM_TEST_PGLITE=0` leaves the PGlite legs out (`.ci/run` runs them once, in the run on
 * Node 24).
 */
export function runsOnPglite(): boolean {
  return !process.env.ATRIUM_TEST_DATABASE_URL || process.env.ATRIUM_TEST_PGLITE !== '0';
}

/** PGlite ({@link runsOnPglite}), and PostgreSQL when ATRIUM_TEST_DATABASE_URL is set. */
function databaseLegs(options: AppOptions = {}): DatabaseLeg[] {
  const url = process.env.ATRIUM_TEST_DATABASE_URL;
  const legs: DatabaseLeg[] = [];
  if (runsOnPglite()) legs.push({ label: 'pglite', start: () => pgliteServer(options) });
  if (url) legs.push({ label: 'postgres', start: () => postgresServer(url, options) });
  return legs;
}

function describeOn(
  legs: DatabaseLeg[],
  name: string,
  fn: (server: () => TestServer) => void,
): void {
  for (const leg of legs) {
    describe(`${name} [${leg.label}]`, () => {
      let current: { server: TestServer; stop(): Promise<void> } | undefined;
      beforeAll(async () => {
        current = await leg.start();
      });
      afterAll(async () => {
        await current?.stop();
      });
      fn(() => {
        if (!current) throw new Error('The server did not start.');
        return current.server;
      });
    });
  }
}

interface RequestOptions {
  /** JSON body (default) or, with `form: true`, a form-encoded string/object. */
  body?: unknown;
  form?: boolean;
  headers?: Record<string, string>;
  /** Leave out the XSRF header. */
  noXsrf?: boolean;
  /** A raw body with its content type (multipart uploads). */
  raw?: { payload: Buffer; contentType: string };
}

/** A browser-like client: keeps cookies and echoes the XSRF cookie on unsafe requests. */
export function agent(server: () => TestServer, o: { remoteAddress?: string } = {}) {
  const jar = new Map<string, string>();
  async function request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    opts: RequestOptions = {},
  ) {
    const unsafe = method !== 'GET';
    if (unsafe && !jar.has('XSRF-TOKEN')) await request('GET', '/api/v2/health');
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    let payload: string | undefined;
    let raw: Buffer | undefined;
    if (opts.raw) {
      headers['content-type'] = opts.raw.contentType;
      raw = opts.raw.payload;
    } else if (opts.body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload =
          typeof opts.body === 'string'
            ? opts.body
            : new URLSearchParams(opts.body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.body);
      }
    }
    const xsrf = jar.get('XSRF-TOKEN');
    if (unsafe && !opts.noXsrf && xsrf) headers['x-xsrf-token'] = xsrf;
    const res = await server().app.inject({
      method,
      url,
      headers,
      cookies: Object.fromEntries(jar),
      ...(raw !== undefined ? { payload: raw } : payload !== undefined ? { payload } : {}),
      ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
    });
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.value === '' ||
        c.maxAge === 0 ||
        (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (expired) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  }
  return {
    jar,
    get: (url: string, opts?: RequestOptions) => request('GET', url, opts),
    post: (url: string, body?: unknown, opts?: RequestOptions) =>
      request('POST', url, { ...opts, body }),
    patch: (url: string, body?: unknown, opts?: RequestOptions) =>
      request('PATCH', url, { ...opts, body }),
    put: (url: string, body?: unknown, opts?: RequestOptions) =>
      request('PUT', url, { ...opts, body }),
    delete: (url: string, opts?: RequestOptions) => request('DELETE', url, opts),
    async login(name: string, password = PASSWORD) {
      return request('POST', '/api/v2/auth/login', { body: { name, password } });
    },
  };
}
export type Agent = ReturnType<typeof agent>;

/** Signs a demo user in and returns the agent. */
export async function signedIn(
  server: () => TestServer,
  name: string,
  o: { remoteAddress?: string } = {},
): Promise<Agent> {
  const a = agent(server, o);
  const res = await a.login(name);
  if (res.statusCode !== 200)
    throw new Error(`Login of ${name} failed: ${res.statusCode} ${res.body}`);
  return a;
}

/** The body of an answer that is not a list: `{ data }`. */
export type Data<T> = { data: T };

/** GETs `url` as `a`, expects a 200 and answers its `data`. */
export async function getData<T>(a: Agent, url: string): Promise<T> {
  const res = await a.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Data<T>>().data;
}

/** The id of the user named `name`. */
export async function uidOf(server: () => TestServer, name: string): Promise<number> {
  const { rows } = await server().db.query<{ uid: number }>(
    'SELECT uid FROM users WHERE name = $1',
    [name],
  );
  return rows[0]!.uid;
}

/** A points movement made `daysAgo` days ago, for {@link insertPastMovements}. */
export interface PastMovement {
  delta: number;
  kind: Transaction['kind'];
  note: string;
  daysAgo: number;
}

/**
 * Writes points movements of `uid` made days ago straight into the ledger, all in one statement
 * (source `test`, no points left to spend or expire in them, no balance after): history the
 * app could not make now, which whatever the database keeps beside the ledger must count too.
 */
export async function insertPastMovements(
  server: () => TestServer,
  uid: number,
  movements: PastMovement[],
): Promise<void> {
  await server().db.query(
    `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, balance_after, created_at)
     SELECT $1, m.delta, m.kind, m.note, 'test', 0, 0, now() - make_interval(days => m."daysAgo")
       FROM json_to_recordset($2::json) AS m(delta int, kind text, note text, "daysAgo" int)`,
    [uid, JSON.stringify(movements)],
  );
}

/** A subscription of `uid` to `training` made, last active and completed days ago. */
export interface PastSubscription {
  uid: number;
  training: number;
  /** How many days ago it was made, last active and completed (null: not completed). */
  daysAgo: { subscribed: number; active: number; completed: number | null };
}

/**
 * Writes subscriptions made days ago straight into the table, all in one statement: history the
 * app could not make now, which whatever the database keeps beside the subscriptions must count
 * too.
 */
export async function insertPastSubscriptions(
  server: () => TestServer,
  subscriptions: PastSubscription[],
): Promise<void> {
  await server().db.query(
    `INSERT INTO subscriptions (uid, training_id, subscribed_at, last_activity_at, completed_at)
     SELECT s.uid, s.training, now() - make_interval(days => (s."daysAgo"->>'subscribed')::int),
            now() - make_interval(days => (s."daysAgo"->>'active')::int),
            now() - make_interval(days => (s."daysAgo"->>'completed')::int)
       FROM json_to_recordset($1::json) AS s(uid int, training int, "daysAgo" json)`,
    [JSON.stringify(subscriptions)],
  );
}

/**
 * SQL for the first instant of an overview's period of `months` months: the Monday (UTC) of the
 * week `months` months ago.
 */
export const periodStartSql = (months: number): string =>
  `(date_trunc('week', (now() - make_interval(months => ${months})) AT TIME ZONE 'UTC')
      AT TIME ZONE 'UTC')`;

/** A week of an overview: its Monday and a count per series. */
type WeekCounts<Series extends string> = { week: string } & Record<Series, number>;

/**
 * Checks an overview's weekly counts against the same weeks counted from the rows themselves:
 * every week of its `months` is listed, oldest first (about 4.35 a month); those with a count
 * other than 0 in one of `series` are `counted`, in order; and the totals add `counted` up.
 */
export function expectWeeklyCounts<Series extends string>(
  answer: {
    months: number;
    weeks: WeekCounts<NoInfer<Series>>[];
    totals: Record<NoInfer<Series>, number>;
  },
  counted: WeekCounts<NoInfer<Series>>[],
  series: readonly Series[],
): void {
  const { months, weeks } = answer;
  expect(weeks.length).toBeGreaterThanOrEqual(Math.floor(months * 4.3));
  expect(weeks.length).toBeLessThanOrEqual(Math.ceil(months * 4.4) + 1);
  expect(weeks.map((w) => w.week)).toEqual(weeks.map((w) => w.week).toSorted());
  expect(weeks.filter((w) => series.some((name) => w[name] !== 0))).toEqual(counted);
  expect(answer.totals).toEqual(
    Object.fromEntries(series.map((name) => [name, counted.reduce((n, w) => n + w[name], 0)])),
  );
}

/** A multipart/form-data body with one file part. */
export function multipartFile(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
): { payload: Buffer; contentType: string } {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Makes the audit log refuse every new entry, as a full disk or a lost connection would;
 * answers how to make it accept them again.
 */
export async function refuseAuditWrites(db: Db): Promise<() => Promise<void>> {
  await db.exec(`
    CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the audit log is unavailable'; END $$;
    CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION refuse_audit();
  `);
  return () => db.exec('DROP TRIGGER refuse_audit ON audit_log; DROP FUNCTION refuse_audit();');
}

/** A published reward with no stock or per-user limit and no restrictions, for `POST products`. */
export function rewardBody(title: string, extra: Partial<ProductInput> = {}): ProductInput {
  return {
    title,
    description: '<p>A reward.</p>',
    price: 10,
    stock: null,
    per_user_limit: null,
    published: true,
    restrictions: [],
    ...extra,
  };
}

/**
 * Samples, until stopped, how many sessions of the test's database wait for a lock (`wait`: an
 * advisory lock only, or any): each holds a connection of the pool while it waits. `stop`
 * answers the most seen at once and how many samples were taken.
 */
export function sampleLockWaits(
  db: Db,
  wait: 'advisory' | 'any' = 'any',
): { stop(): Promise<{ most: number; samples: number }> } {
  let sampling = true;
  const seen: number[] = [];
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND ($1::text IS NULL OR wait_event = $1)`,
        [wait === 'any' ? null : wait],
      );
      seen.push(rows[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    async stop() {
      sampling = false;
      await sampler;
      return { most: Math.max(0, ...seen), samples: seen.length };
    },
  };
}
