import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../src/server/db/db';
import { openPostgres } from '../../../src/server/db/postgres';
import {
  Browser,
  proxyFor,
  throughProxy,
  ledgerProblems,
  postgresStore,
  setUpShop,
  sleep,
  startServer,
  withDb,
  type Answer,
  type DatabaseProxy,
  PROCESS_TEST_TIMEOUT_MS,
  type ServerProcess,
  type Store,
} from './server-process';

const ADMIN_URL = process.env.ATRIUM_TEST_DATABASE_URL;
/** The server's bounds for this test, in the DATABASE_URL: 2 s to connect, 3 s per query. */
const CONNECT_TIMEOUT_S = 2;
const QUERY_TIMEOUT_MS = 3_000;
/** Longer than either bound with room to spare: an answer later than this is a hang. */
const HANG_MS = 15_000;
const UNAVAILABLE = 'The database is not reachable. Please try again in a moment.';

// Only PostgreSQL runs in another process whose connections can be refused, silenced or killed;
// PGlite lives inside the server and has no such outage.
describe.skipIf(!ADMIN_URL)(
  'a failing database [postgres]',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    let store: Store | undefined;
    let proxy: DatabaseProxy | undefined;
    let server: ServerProcess | undefined;
    const learner = new Browser();
    const admin = new Browser();
    let productId = 0;
    let learnerUid = 0;
    const latencies: number[] = [];

    afterAll(async () => {
      await server?.stop('SIGKILL');
      await proxy?.close();
      await store?.remove();
    });

    const origin = () => server!.origin;
    const get = (url: string, who = learner) =>
      who.send(origin(), 'GET', url, { timeoutMs: HANG_MS });
    const checkout = (key: string) =>
      learner.send(origin(), 'POST', '/api/v2/incentives/shop_checkout', {
        body: { products: [productId] },
        headers: { 'idempotency-key': key },
        timeoutMs: HANG_MS,
      });
    const expectUnavailable = (res: Answer, message = UNAVAILABLE) => {
      latencies.push(res.ms);
      expect(res.status, res.error ?? res.body).toBe(503);
      expect(res.json()).toEqual({ message });
      expect(res.headers['retry-after']).toBe('5');
    };
    const untilReady = async () => {
      for (let i = 0; i < 100; i++) {
        if ((await get('/api/v2/ready')).status === 200) return;
        await sleep(100);
      }
      throw new Error('The server did not become ready again within 10 s of the database.');
    };

    it('starts through a proxy to PostgreSQL', async () => {
      store = await postgresStore(ADMIN_URL!);
      proxy = await proxyFor(store);
      server = await startServer(store, {
        DATABASE_URL: throughProxy(store, proxy, {
          connectTimeoutS: CONNECT_TIMEOUT_S,
          queryTimeoutMs: QUERY_TIMEOUT_MS,
        }),
      });
      await admin.login(origin(), 'admin');
      await learner.login(origin(), 'learner');
      const shop = await setUpShop(origin(), admin, learner, {
        price: 10,
        points: 1000,
        title: 'Outage pen',
      });
      productId = shop.productId;
      learnerUid = shop.learnerUid;
      expect((await get('/api/v2/ready')).status).toBe(200);
    });

    it('a refused database: 503 with a message at once, /ready 503, /health 200, and back when it returns', async () => {
      // Checkouts in flight when the connections drop fail as 503; the process survives them.
      const inFlight = Array.from({ length: 10 }, (_, i) => checkout(`refused-${i}`));
      await proxy!.refuse();
      const dropped = await Promise.all(inFlight);
      for (const res of dropped) expect([200, 503], res.error ?? res.body).toContain(res.status);
      for (const res of dropped.filter((r) => r.status === 503)) expectUnavailable(res);

      expect((await get('/api/v2/health')).status).toBe(200);
      expectUnavailable(await get('/api/v2/ready'), 'The database is not reachable.');
      expectUnavailable(await get('/api/v2/me'));
      expectUnavailable(await checkout('refused-late'));
      expect(server!.child.exitCode).toBeNull();

      await proxy!.restore();
      await untilReady();
      expect((await get('/api/v2/me')).status).toBe(200);
      expect((await checkout('refused-late')).status).toBe(200);
      console.info(
        `[figures] refused database: ${dropped.filter((r) => r.status === 503).length}/10 checkouts ` +
          `in flight answered 503, ${dropped.filter((r) => r.status === 200).length} 200, 0 hangs`,
      );
    });

    it('a silent database: 503 within the connect and query bounds, not a hang, then recovery', async () => {
      await proxy!.silence();
      // More requests at once than the pool has connections: the rest wait, boundedly, too.
      const answers = await Promise.all([
        get('/api/v2/ready'),
        ...Array.from({ length: 15 }, () => get('/api/v2/me')),
        ...Array.from({ length: 5 }, (_, i) => checkout(`silent-${i}`)),
      ]);
      expect((await get('/api/v2/health')).status).toBe(200);
      expectUnavailable(answers[0], 'The database is not reachable.');
      for (const res of answers.slice(1)) expectUnavailable(res);
      const slowest = Math.max(...answers.map((a) => a.ms));

      await proxy!.restore();
      await untilReady();
      expect((await get('/api/v2/me')).status).toBe(200);
      console.info(
        `[figures] silent database: ${answers.length} requests, all 503, slowest ${slowest} ms ` +
          `(bounds: connect ${CONNECT_TIMEOUT_S * 1000} ms, query ${QUERY_TIMEOUT_MS} ms; hang limit ${HANG_MS} ms)`,
      );
    });

    it('terminated backends: requests answer 200 or 503, never 500, and the next ones succeed', async () => {
      const dbName = new URL(store!.databaseUrl!).pathname.slice(1);
      const killer = new pg.Client({ connectionString: ADMIN_URL });
      await killer.connect();
      try {
        const during = Array.from({ length: 20 }, (_, i) =>
          i % 2 ? get('/api/v2/me') : checkout(`terminated-${i}`),
        );
        await killer.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [dbName],
        );
        const answers = await Promise.all(during);
        for (const res of answers) expect([200, 503], res.error ?? res.body).toContain(res.status);
        expect(server!.child.exitCode).toBeNull();
        await untilReady();
        const after = await Promise.all(Array.from({ length: 10 }, () => get('/api/v2/me')));
        expect(after.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
        console.info(
          `[figures] terminated backends: 20 requests, ${answers.filter((r) => r.status === 200).length} 200, ` +
            `${answers.filter((r) => r.status === 503).length} 503, 0 5xx other than 503`,
        );
      } finally {
        await killer.end();
      }
    });

    it('a connection lost between two queries of a transaction fails it as unavailable, and the process lives on', async () => {
      const db = openPostgres(store!.databaseUrl!, { max: 1 });
      const killer = new pg.Client({ connectionString: ADMIN_URL });
      await killer.connect();
      try {
        const failed = await db
          .transaction(async (tx) => {
            const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
            await killer.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
            // No query is running while the connection goes: the driver reports it as an event.
            await sleep(300);
            await tx.query('SELECT 1');
          })
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
        // The lost connection was dropped, not handed to the next caller.
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await killer.end();
        await db.close();
      }
    });

    it('nothing half-written: the ledger is whole after every outage', async () => {
      expect(await withDb(store!, (db) => ledgerProblems(db, learnerUid, [productId]))).toEqual([]);
      console.info(
        `[figures] database outage: ${latencies.length} answers 503, slowest ${Math.max(...latencies)} ms`,
      );
    });
  },
);
