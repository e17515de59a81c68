import { afterAll, describe, expect, it } from 'vitest';
import {
  Browser,
  postgresStore,
  startServer,
  PROCESS_TEST_TIMEOUT_MS,
  type Answer,
  type ServerProcess,
  type Store,
} from './server-process';

const ADMIN_URL = process.env.ATRIUM_TEST_DATABASE_URL;

const tally = (answers: readonly Answer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

// Two processes share a database only on PostgreSQL: PGlite is embedded in one process.
describe.skipIf(!ADMIN_URL)(
  'the login limit across two server processes behind a load balancer [postgres]',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    let store: Store | undefined;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    const caller = new Browser();

    afterAll(async () => {
      await a?.stop('SIGKILL');
      await b?.stop('SIGKILL');
      await store?.remove();
    });

    /** Sends every attempt at once, alternately to each process, as the balancer would. */
    const burst = (attempts: { name: string; forwardedFor: string }[]) =>
      Promise.all(
        attempts.map((attempt, i) =>
          caller.send(i % 2 ? a!.origin : b!.origin, 'POST', '/api/v2/auth/login', {
            body: { name: attempt.name, password: `wrong-${i}` },
            headers: { 'x-forwarded-for': attempt.forwardedFor },
          }),
        ),
      );

    it('300 wrong passwords at once for one account, split over both: exactly 10 are checked', async () => {
      store = await postgresStore(ADMIN_URL!);
      [a, b] = await Promise.all([
        startServer(store, { TRUST_PROXY: '1' }),
        startServer(store, { TRUST_PROXY: '1' }),
      ]);
      await caller.send(a.origin, 'GET', '/api/v2/health');
      const answers = await burst(
        Array.from({ length: 300 }, (_, i) => ({
          name: 'learner',
          forwardedFor: `198.51.${i >> 8}.${i & 255}`,
        })),
      );
      const counts = tally(answers);
      console.info(
        `[figures] login burst over 2 processes [postgres]: 300 concurrent wrong passwords for one account: ` +
          `${counts[400] ?? 0} checked, ${counts[429] ?? 0} x 429`,
      );
      expect(counts).toEqual({ 400: 10, 429: 290 });
      // The account stays shut in both processes, for the right password too.
      const right = await new Browser().send(a.origin, 'POST', '/api/v2/auth/login', {
        body: { name: 'learner', password: 'atrium-demo' },
        headers: { 'x-forwarded-for': '198.51.200.1' },
      });
      expect(right.status).toBe(429);
    });

    it('100 at once from one client over many accounts, whatever it puts in front of its address: exactly 10 are checked', async () => {
      const answers = await burst(
        Array.from({ length: 100 }, (_, i) => ({
          name: `ghost-${i}`,
          forwardedFor: `192.0.2.${i}, 203.0.113.9`,
        })),
      );
      expect(tally(answers)).toEqual({ 400: 10, 429: 90 });
    });
  },
);
