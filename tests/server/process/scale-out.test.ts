import { afterAll, describe, expect, it } from 'vitest';
import {
  Browser,
  ledgerProblems,
  pointsOf,
  postgresStore,
  setUpShop,
  startServer,
  withDb,
  PROCESS_TEST_TIMEOUT_MS,
  type ServerProcess,
  type Store,
} from './server-process';

const ADMIN_URL = process.env.ATRIUM_TEST_DATABASE_URL;
const CHECKOUTS = 100;
/** The balance affords exactly this many checkouts. */
const AFFORDABLE = 37;
const PRICE = 10;

type Order = { id: number; balance_after: number };

// Two server processes can share a database only when it is PostgreSQL: PGlite is embedded in
// one process and opens its directory alone.
describe.skipIf(!ADMIN_URL)(
  'two server processes on one database [postgres]',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    let store: Store | undefined;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;

    afterAll(async () => {
      await a?.stop('SIGKILL');
      await b?.stop('SIGKILL');
      await store?.remove();
    });

    it('both start at once on an empty database: one migrates and seeds, both serve', async () => {
      store = await postgresStore(ADMIN_URL!);
      [a, b] = await Promise.all([startServer(store), startServer(store)]);
      for (const s of [a, b]) {
        const visitor = new Browser();
        expect((await visitor.send(s.origin, 'GET', '/api/v2/ready')).status).toBe(200);
      }
      const counts = await withDb(store, async (db) => {
        const { rows } = await db.query<{ users: number; migrations: number; admins: number }>(
          `SELECT (SELECT count(*)::int FROM users) AS users,
           (SELECT count(*)::int FROM schema_migrations) AS migrations,
           (SELECT count(*)::int FROM users WHERE name = 'admin') AS admins`,
        );
        return rows[0]!;
      });
      expect(counts.admins).toBe(1);
      expect(counts.migrations).toBeGreaterThan(0);
    });

    it('V7.2.1, V7.4.1 a session made by one process is verified by the other, and a logout through one ends it in both', async () => {
      const learner = new Browser();
      await learner.login(a!.origin, 'learner');
      const onA = await learner.send(a!.origin, 'GET', '/api/v2/me');
      const onB = await learner.send(b!.origin, 'GET', '/api/v2/me');
      expect(onB.status).toBe(200);
      expect(onB.json()).toEqual(onA.json());

      const out = await learner.send(b!.origin, 'POST', '/api/v2/auth/logout');
      expect(out.status, out.body).toBe(200);
      // The cookie the browser no longer holds is refused by the other process too.
      const stale = new Browser();
      await stale.login(a!.origin, 'learner');
      const cookies = new Map(stale.jar);
      await stale.send(b!.origin, 'POST', '/api/v2/auth/logout');
      for (const [name, value] of cookies) stale.jar.set(name, value);
      const after = await stale.send(a!.origin, 'GET', '/api/v2/me');
      expect(after.json()).toEqual({ data: { uid: 0 } });
    });

    it(`${CHECKOUTS} checkouts split over both processes, the balance affording ${AFFORDABLE}: exactly ${AFFORDABLE} succeed, no overspend`, async () => {
      const admin = new Browser();
      const learner = new Browser();
      await admin.login(a!.origin, 'admin');
      await learner.login(b!.origin, 'learner');
      const shop = await setUpShop(a!.origin, admin, learner, {
        price: PRICE,
        points: AFFORDABLE * PRICE,
        title: 'Scale-out badge',
      });
      const answers = await Promise.all(
        Array.from({ length: CHECKOUTS }, (_, i) =>
          learner.send(i % 2 ? a!.origin : b!.origin, 'POST', '/api/v2/incentives/shop_checkout', {
            body: { products: [shop.productId] },
            headers: { 'idempotency-key': `scale-${i}` },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      const ok = answers.filter((r) => r.status === 200);
      const refused = answers.filter((r) => r.status === 409);
      expect(ok.length + refused.length, statuses.join(',')).toBe(CHECKOUTS);
      expect(ok).toHaveLength(AFFORDABLE);
      for (const r of refused)
        expect(r.json<{ message: string }>().message).toBe('Not enough points.');
      const balances = ok
        .map((r) => r.json<{ data: Order }>().data.balance_after)
        .sort((x, y) => x - y);
      expect(balances).toEqual(Array.from({ length: AFFORDABLE }, (_, i) => i * PRICE));
      expect(await pointsOf(a!.origin, learner)).toBe(0);
      expect(await pointsOf(b!.origin, learner)).toBe(0);
      expect(
        await withDb(store!, (db) => ledgerProblems(db, shop.learnerUid, [shop.productId])),
      ).toEqual([]);
      const perProcess = [0, 1].map(
        (side) => answers.filter((r, i) => i % 2 === side && r.status === 200).length,
      );
      console.info(
        `[figures] scale-out: ${CHECKOUTS} checkouts over 2 processes, balance for k=${AFFORDABLE}: ` +
          `${ok.length} succeeded (${perProcess[1]} via A, ${perProcess[0]} via B), ${refused.length} refused 409, ` +
          `${statuses.filter((s) => s >= 500).length} 5xx, overspend ${Math.max(0, ok.length - AFFORDABLE) * PRICE} points`,
      );
    });
  },
);
