import { expect, it } from 'vitest';
import {
  connectionRefused,
  ledgerProblems,
  pointsOf,
  sleep,
  withDb,
  type Answer,
  PROCESS_TEST_TIMEOUT_MS,
  describeEachStore,
  signInShoppers,
} from './server-process';

/** Checkouts sent whole just before SIGTERM (still queued or running when it arrives). */
const RUNNING = 24;
/** Checkouts whose body is only half sent at SIGTERM and finished after it. */
const HELD = 12;
const PRICE = 5;
const START_POINTS = 1000;

describeEachStore('graceful shutdown', (suite) => {
  it(
    'SIGTERM lets every request in flight finish, refuses new connections, exits 0 and keeps the data',
    async () => {
      const first = await suite.start();
      const { learner, shop } = await signInShoppers(first.origin, {
        price: PRICE,
        points: START_POINTS,
        title: 'Shutdown sticker',
      });
      const checkout = (key: string) => ({
        body: { products: [shop.productId] },
        headers: { 'idempotency-key': key },
      });

      // Every request is begun with half its body: the server has read the headers and routed
      // it, so at SIGTERM none of these connections is idle.
      const flights = Array.from({ length: RUNNING + HELD }, (_, i) =>
        learner.hold(
          first.origin,
          'POST',
          '/api/v2/incentives/shop_checkout',
          checkout(`flight-${i}`),
        ),
      );
      await Promise.all(flights.map((h) => h.sent));
      // One full round trip on a later connection: the server has read the earlier ones.
      expect((await learner.send(first.origin, 'GET', '/api/v2/health')).status).toBe(200);
      // These complete now and are queued or running when the signal arrives; the rest are
      // finished only once the server refuses new connections.
      const running = flights.slice(0, RUNNING).map((h) => h.finish());
      const held = flights.slice(RUNNING);

      first.child.kill('SIGTERM');

      // New connections are refused while the held requests are still open.
      let refused = false;
      for (let i = 0; i < 500 && !refused; i++) {
        refused = await connectionRefused(first.port);
        if (!refused) await sleep(20);
      }
      expect(refused, 'new connections are refused after SIGTERM').toBe(true);
      expect(first.child.exitCode, 'the process waits for the requests in flight').toBeNull();

      const finished: Answer[] = await Promise.all(held.map((h) => h.finish()));
      const ran: Answer[] = await Promise.all(running);
      const answers = [...finished, ...ran];
      const statuses = answers.map((a) => a.status);
      expect(statuses, answers.find((a) => a.status !== 200)?.body).toEqual(
        Array.from({ length: HELD + RUNNING }, () => 200),
      );
      const orders = new Set(answers.map((a) => a.json<{ data: { id: number } }>().data.id));
      expect(orders.size).toBe(HELD + RUNNING);

      expect(await first.exited, first.output()).toEqual({ code: 0, signal: null });
      expect(first.output()).toContain('shutting down');

      // The database was closed cleanly: the data is all there, the ledger whole.
      const expected = START_POINTS - (HELD + RUNNING) * PRICE;
      expect(
        await withDb(suite.store(), (db) => ledgerProblems(db, shop.learnerUid, [shop.productId])),
      ).toEqual([]);
      const second = await suite.start();
      // Sessions live in the database: the learner's cookie still works after the restart.
      expect(await pointsOf(second.origin, learner)).toBe(expected);
      const replay = await learner.send(
        second.origin,
        'POST',
        '/api/v2/incentives/shop_checkout',
        checkout(`flight-${RUNNING}`),
      );
      expect(replay.status).toBe(200);
      expect(replay.json()).toEqual(finished[0]!.json());
      expect(await pointsOf(second.origin, learner)).toBe(expected);
      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });

      console.info(
        `[figures] graceful shutdown ${suite.label}: ${HELD + RUNNING} requests in flight at SIGTERM ` +
          `(${HELD} half-sent, ${RUNNING} running), ${statuses.filter((s) => s === 200).length} completed 200, ` +
          `${statuses.filter((s) => s >= 500).length} 5xx, exit code 0, balance ${expected} after restart`,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
