import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, inject } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { openPglite } from '../../../src/server/db/pglite';
import { openPostgres } from '../../../src/server/db/postgres';
import { serverCommand } from '../../../scripts/builds.mjs';
import { rewardBody, runsOnPglite, scratchDatabase } from '../helpers';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The server's entry point in a copy of the project, relative to it: run from the sources. */
const MAIN = 'src/server/main.ts';
const BANNER = /Atrium is running at http:\/\/127\.0\.0\.1:(\d+)\//;
/**
 * Time for one test that starts server processes: each start loads the server and opens its
 * database (a fresh PostgreSQL database is migrated and seeded on the first start).
 */
export const PROCESS_TEST_TIMEOUT_MS = 240_000;

/** The demo password. */
export const PASSWORD = 'atrium-demo';

/** How a server process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One running `src/server/main.ts` process, as `npm start` runs it. */
export interface ServerProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has ended. */
  exited: Promise<Exit>;
  /** The last part of its stdout and stderr, for failure messages. */
  output(): string;
  /** Sends a signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/** Where a server process keeps its data: a PGlite directory, or PostgreSQL at a URL. */
export interface Store {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  /** Opens the database from the test (for PGlite only while no server has it open). */
  open(): Promise<Db>;
  /** Removes the data directory and drops the database. */
  remove(): Promise<void>;
}

/** The environment of a server on `store`, on a free port, with the demo seed and no client. */
export function serverEnv(store: Store, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl ?? '',
    SEED: 'demo',
    NODE_ENV: 'development',
    // API only: no client build is needed or served.
    CLIENT_DIR: path.join(store.dataDir, 'no-client'),
    ...env,
  };
}

/**
 * How a server is started: this project's as `npm start` runs it, from its build (dist/server,
 * which the server tests' global setup brings up to date with the sources); a copy of the
 * project at `root`, which has no build, from its sources.
 */
function commandFor(root: string): { args: string[]; env: Record<string, string> } {
  if (root === ROOT) return serverCommand(ROOT);
  return { args: ['--import', 'tsx', path.join(root, MAIN)], env: {} };
}

/**
 * Starts the server on a free port and waits for its start-up banner (up to 90 s): the server of
 * this project, or of the copy of it at `root`.
 */
export async function startServer(
  store: Store,
  env: Record<string, string> = {},
  root = ROOT,
): Promise<ServerProcess> {
  const command = commandFor(root);
  const child = spawn(process.execPath, command.args, {
    cwd: root,
    env: { ...command.env, ...serverEnv(store, env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // A test that times out while the server starts never learns of it: the child goes with us.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', orphanGuard);
      resolve({ code, signal });
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within 90 s:\n${output}`));
    }, 90_000);
    const look = () => {
      const match = BANNER.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      resolve(Number(match[1]));
    };
    child.stdout.on('data', look);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${JSON.stringify(exit)}) while starting:\n${output}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    child,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A fresh PGlite data directory holding the migrated, demo-seeded snapshot of the test run. */
export async function pgliteStore(): Promise<Store> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-process-'));
  const dbDir = path.join(dataDir, 'db');
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  const pglite = await PGlite.create({ dataDir: dbDir, loadDataDir: snapshot });
  await pglite.close();
  return {
    kind: 'pglite',
    dataDir,
    databaseUrl: undefined,
    open: () => openPglite({ dataDir: dbDir }),
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A freshly created, empty PostgreSQL database (the first server start migrates and seeds it). */
export async function postgresStore(adminUrl: string): Promise<Store> {
  const database = await scratchDatabase(adminUrl, 'atrium_p');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-process-'));
  const databaseUrl = database.url;
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl,
    open: () => Promise.resolve(openPostgres(databaseUrl, { max: 2 })),
    async remove() {
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/**
 * The stores a process test runs on: PGlite (see {@link runsOnPglite}), PostgreSQL when
 * ATRIUM_TEST_DATABASE_URL is set.
 */
export function storeKinds(): { label: string; create: () => Promise<Store> }[] {
  const url = process.env.ATRIUM_TEST_DATABASE_URL;
  return [
    ...(runsOnPglite() ? [{ label: 'pglite', create: pgliteStore }] : []),
    ...(url ? [{ label: 'postgres', create: () => postgresStore(url) }] : []),
  ];
}

/**
 * The store's DATABASE_URL sent through `proxy`, with the server's connect bound (seconds) and
 * query bound (milliseconds) set in it.
 */
export function throughProxy(
  store: Store,
  proxy: DatabaseProxy,
  bounds: { connectTimeoutS: number; queryTimeoutMs: number },
): string {
  if (!store.databaseUrl) throw new Error('Only a PostgreSQL store has a URL to send through.');
  const url = new URL(store.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.searchParams.set('connect_timeout', String(bounds.connectTimeoutS));
  url.searchParams.set('query_timeout', String(bounds.queryTimeoutMs));
  return url.toString();
}

/** A proxy in front of the store's PostgreSQL server. */
export function proxyFor(store: Store): Promise<DatabaseProxy> {
  if (!store.databaseUrl) throw new Error('Only a PostgreSQL store can be proxied.');
  const target = new URL(store.databaseUrl);
  return databaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
}

/** Runs `fn` on the store's database opened from the test, then closes it. */
export async function withDb<T>(store: Store, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await store.open();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** What a caller saw: a status and body, or (status 0) the connection error. */
export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** The socket error when no answer came (`ECONNREFUSED`, `ECONNRESET`, …). */
  error?: string;
  /** Milliseconds from sending the request to the end of the answer. */
  ms: number;
  json<T = unknown>(): T;
}

/** Options of one request. */
export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Fail as a hang when nothing is answered within this many ms (default 30 s). */
  timeoutMs?: number;
}

/** A request whose body is half sent: the server has begun it, the caller finishes it later. */
export interface HeldRequest {
  /** Resolves once the headers and the first half of the body are written to the socket. */
  sent: Promise<void>;
  /** Sends the rest of the body and waits for the answer. */
  finish(): Promise<Answer>;
}

/** A browser-like client over real TCP: one connection per request, cookies, XSRF echo. */
export class Browser {
  readonly jar = new Map<string, string>();

  /** Headers of an unsafe request: the cookies and the XSRF token echoed. */
  private headersFor(method: string, o: RequestOptions, length: number | undefined) {
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (this.jar.size)
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = xsrf;
    if (length !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(length);
    }
    return headers;
  }

  private keepCookies(headers: http.IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Opens a request and returns it with the promise of its answer. */
  private open(origin: string, method: string, url: string, o: RequestOptions, length?: number) {
    const started = Date.now();
    const timeoutMs = o.timeoutMs ?? 30_000;
    let request!: http.ClientRequest;
    const answer = new Promise<Answer>((resolve, reject) => {
      request = http.request(`${origin}${url}`, {
        method,
        agent: false,
        headers: this.headersFor(method, o, length),
      });
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error(`${method} ${url}: no answer within ${timeoutMs} ms (a hang)`));
      }, timeoutMs);
      request.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          clearTimeout(timer);
          this.keepCookies(res.headers);
          resolve({
            status: res.statusCode ?? 0,
            body,
            headers: res.headers,
            ms: Date.now() - started,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        res.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          resolve(failure(error, started));
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve(failure(error, started));
      });
    });
    return { request, answer };
  }

  /** Sends a request and waits for its answer (or its connection error, as status 0). */
  async send(origin: string, method: string, url: string, o: RequestOptions = {}) {
    if (method !== 'GET' && !this.jar.has('XSRF-TOKEN'))
      await this.send(origin, 'GET', '/api/v2/health');
    const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
    const { request, answer } = this.open(origin, method, url, o, payload?.length);
    request.end(payload);
    return answer;
  }

  /** Starts a JSON request but holds back the second half of its body. */
  hold(origin: string, method: string, url: string, o: RequestOptions = {}): HeldRequest {
    const payload = Buffer.from(JSON.stringify(o.body ?? {}));
    const half = Math.floor(payload.length / 2);
    const { request, answer } = this.open(origin, method, url, o, payload.length);
    request.flushHeaders();
    const sent = new Promise<void>((resolve, reject) => {
      request.once('error', reject);
      request.write(payload.subarray(0, half), (error) => (error ? reject(error) : resolve()));
    });
    return {
      sent,
      finish() {
        request.end(payload.subarray(half));
        return answer;
      },
    };
  }

  /** Signs a demo account in through the given server. */
  async login(origin: string, name: string): Promise<void> {
    const res = await this.send(origin, 'POST', '/api/v2/auth/login', {
      body: { name, password: PASSWORD },
    });
    if (res.status !== 200) throw new Error(`Login of ${name} failed: ${res.status} ${res.body}`);
  }
}

function failure(error: NodeJS.ErrnoException, started: number): Answer {
  return {
    status: 0,
    body: '',
    headers: {},
    error: error.code ?? error.message,
    ms: Date.now() - started,
    json: () => {
      throw new Error(`No answer: ${error.code ?? error.message}`);
    },
  };
}

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Product, balance and checkout calls of the shop, as an administrator and a learner make them. */
export interface ShopSetup {
  productId: number;
  price: number;
  learnerUid: number;
}

/** Creates a published product and gives the learner `points` through an adjustment. */
export async function setUpShop(
  origin: string,
  admin: Browser,
  learner: Browser,
  o: { price: number; points: number; title: string },
): Promise<ShopSetup> {
  const made = await admin.send(origin, 'POST', '/api/v2/incentives/products', {
    body: rewardBody(o.title, { price: o.price }),
  });
  if (made.status !== 200) throw new Error(`Product: ${made.status} ${made.body}`);
  const me = await learner.send(origin, 'GET', '/api/v2/me');
  const learnerUid = me.json<{ data: { uid: number } }>().data.uid;
  const wallet = await learner.send(origin, 'GET', '/api/v2/incentives/shop_info');
  const now = wallet.json<{ data: { points: number } }>().data.points;
  if (o.points !== now) {
    const adjusted = await admin.send(origin, 'POST', '/api/v2/incentives/adjustments', {
      body: { uid: learnerUid, points: o.points - now, note: 'Test balance' },
    });
    if (adjusted.status !== 200) throw new Error(`Adjustment: ${adjusted.status} ${adjusted.body}`);
  }
  return { productId: made.json<{ data: { id: number } }>().data.id, price: o.price, learnerUid };
}

/** An administrator and a learner signed in on one server, and the shop set up between them. */
export interface Shoppers {
  admin: Browser;
  learner: Browser;
  shop: ShopSetup;
}

/** Signs `admin` and `learner` in on `origin` and sets up a shop (see {@link setUpShop}). */
export async function signInShoppers(
  origin: string,
  o: { price: number; points: number; title: string },
): Promise<Shoppers> {
  const admin = new Browser();
  const learner = new Browser();
  await admin.login(origin, 'admin');
  await learner.login(origin, 'learner');
  return { admin, learner, shop: await setUpShop(origin, admin, learner, o) };
}

/** One suite's store and the server processes started on it. */
export interface StoreSuite {
  /** The store's label: `pglite` or `postgres`. */
  label: string;
  /** Starts a server on the suite's store, creating the store the first time. */
  start(): Promise<ServerProcess>;
  /** The store, once {@link StoreSuite.start} has created it. */
  store(): Store;
}

/**
 * Registers `fn` once per store kind (PGlite, and PostgreSQL when ATRIUM_TEST_DATABASE_URL is
 * set); after each, every server it started is killed and its store removed.
 */
export function describeEachStore(name: string, fn: (suite: StoreSuite) => void): void {
  for (const kind of storeKinds()) {
    describe(`${name} [${kind.label}]`, () => {
      let store: Store | undefined;
      const servers: ServerProcess[] = [];
      afterAll(async () => {
        for (const s of servers) await s.stop('SIGKILL');
        await store?.remove();
      });
      fn({
        label: kind.label,
        async start() {
          store ??= await kind.create();
          const server = await startServer(store);
          servers.push(server);
          return server;
        },
        store() {
          if (!store) throw new Error('Start a server first: the store is made with it.');
          return store;
        },
      });
    });
  }
}

/** The learner's points as the shop shows them. */
export async function pointsOf(origin: string, learner: Browser): Promise<number> {
  const res = await learner.send(origin, 'GET', '/api/v2/incentives/shop_info');
  if (res.status !== 200) throw new Error(`shop_info: ${res.status} ${res.body}`);
  return res.json<{ data: { points: number } }>().data.points;
}

/**
 * Everything that would be wrong with one user's points and orders: balance, sum of deltas and
 * sum of the lots' remaining points differ; a ledger row below zero; an order without exactly
 * one charge of its total, or without items, or whose items do not add up; a checkout charge
 * without its order; a sold count of the given products that their order items do not explain.
 * Empty when consistent.
 */
export async function ledgerProblems(
  db: Db,
  uid: number,
  productIds: readonly number[],
): Promise<string[]> {
  const problems: string[] = [];
  const totals = (
    await db.query<{ balance: number; deltas: number; remaining: number; negative: number }>(
      `SELECT (SELECT points FROM point_balances WHERE uid = $1) AS balance,
         (SELECT coalesce(sum(delta), 0)::int FROM points_ledger WHERE uid = $1) AS deltas,
         (SELECT coalesce(sum(remaining), 0)::int FROM points_ledger WHERE uid = $1) AS remaining,
         (SELECT count(*)::int FROM points_ledger WHERE uid = $1 AND balance_after < 0) AS negative`,
      [uid],
    )
  ).rows[0]!;
  if (totals.balance !== totals.deltas || totals.balance !== totals.remaining)
    problems.push(`balance ${totals.balance}, deltas ${totals.deltas}, lots ${totals.remaining}`);
  if (totals.negative) problems.push(`${totals.negative} ledger rows below zero`);
  const orders = await db.query<{ id: number; problem: string }>(
    `SELECT o.id, CASE
         WHEN (SELECT count(*) FROM points_ledger l WHERE l.order_id = o.id AND l.kind = 'redeem') <> 1
           THEN 'charges'
         WHEN (SELECT l.delta FROM points_ledger l WHERE l.order_id = o.id AND l.kind = 'redeem') <> -o.total
           THEN 'charge differs from total'
         WHEN NOT EXISTS (SELECT 1 FROM incentive_order_items i WHERE i.order_id = o.id)
           THEN 'no items'
         WHEN o.total <> (SELECT sum(i.price * i.quantity) FROM incentive_order_items i WHERE i.order_id = o.id)
           THEN 'items do not add up'
       END AS problem
       FROM incentive_orders o WHERE o.uid = $1`,
    [uid],
  );
  for (const o of orders.rows) if (o.problem) problems.push(`order ${o.id}: ${o.problem}`);
  const orphans = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM points_ledger l
      WHERE l.uid = $1 AND l.kind = 'redeem' AND l.source = 'checkout'
        AND NOT EXISTS (SELECT 1 FROM incentive_orders o WHERE o.id = l.order_id)`,
    [uid],
  );
  if (orphans.rows[0]!.n) problems.push(`${orphans.rows[0]!.n} charges without an order`);
  const sold = await db.query<{ id: number; sold: number; items: number }>(
    `SELECT p.id,
       (SELECT coalesce(sum(s.sold), 0)::int FROM incentive_product_stock s WHERE s.product_id = p.id) AS sold,
       coalesce((SELECT sum(i.quantity) FROM incentive_order_items i
         JOIN incentive_orders o ON o.id = i.order_id
        WHERE i.product_id = p.id AND o.status = 'completed'), 0)::int AS items
       FROM incentive_products p WHERE p.id = ANY($1::int[])`,
    [[...productIds]],
  );
  for (const p of sold.rows)
    if (p.sold !== p.items) problems.push(`product ${p.id}: sold ${p.sold}, items ${p.items}`);
  return problems;
}

/** A TCP proxy between a server and PostgreSQL that a test can cut or silence. */
export interface DatabaseProxy {
  port: number;
  /** Closes the listener and every connection: the database is refused. */
  refuse(): Promise<void>;
  /** Keeps connections open but passes nothing, new or old: the database is silent. */
  silence(): Promise<void>;
  /** Passes traffic again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a TCP proxy to `target` (host and port of a PostgreSQL URL) on a free port. */
export async function databaseProxy(target: {
  host: string;
  port: number;
}): Promise<DatabaseProxy> {
  let mode: 'pass' | 'silent' = 'pass';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const onConnection = (client: net.Socket) => {
    if (mode === 'silent') {
      // Accepted and never answered, like a database behind a dead network path.
      client.on('error', () => undefined);
      pairs.add({ client, upstream: client });
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk) => {
      if (mode === 'pass') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'pass') client.write(chunk);
    });
  };
  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  const closeListener = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    async refuse() {
      const closed = closeListener();
      destroyAll();
      await closed;
    },
    async silence() {
      mode = 'silent';
      if (!server.listening) {
        server = net.createServer(onConnection);
        await listen(port);
      }
    },
    async restore() {
      mode = 'pass';
      // Connections silenced half-way carry a broken protocol stream: drop them.
      destroyAll();
      if (!server.listening) {
        server = net.createServer(onConnection);
        await listen(port);
      }
    },
    async close() {
      const closed = closeListener();
      destroyAll();
      await closed;
    },
  };
}
