import { describe, expect, it } from 'vitest';
import {
  HEAVY_APPLICATION_NAME,
  HEAVY_POOL_SIZE,
  HEAVY_STATEMENT_TIMEOUT_MS,
} from '../../src/server/db/db';
import { describeOneDb, signedIn } from './helpers';

/**
 * Long administration lists read on connections of their own: however many run at once, they
 * hold at most a few, their statements time out, and learners' requests keep being answered.
 * (A PostgreSQL matter: PGlite is one connection, in the server's own process.)
 */
const postgres = Boolean(process.env.ATRIUM_TEST_DATABASE_URL);
describe.skipIf(!postgres)('long lists beside learners (PostgreSQL)', () => {
  describeOneDb('heavy reads', (server) => {
    it('hold at most their own few connections, and the wallet is answered meanwhile', async () => {
      const admin = await signedIn(server, 'admin');
      const learner = await signedIn(server, 'learner');
      const heavy = server().db.heavy!;
      const { rows } = await heavy.query<{ statement_timeout: string }>('SHOW statement_timeout');
      expect(rows[0]!.statement_timeout).toBe(`${HEAVY_STATEMENT_TIMEOUT_MS / 1000}s`);

      let sampling = true;
      const seen: number[] = [];
      const sampler = (async () => {
        while (sampling) {
          const { rows: active } = await server().db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND application_name = $1`,
            [HEAVY_APPLICATION_NAME],
          );
          seen.push(active[0]!.n);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      const lists = Array.from({ length: 30 }, (_, i) =>
        admin.get(`/api/v2/incentives/transactions?kind=award&limit=${1 + (i % 50)}`),
      );
      const wallets = Array.from({ length: 10 }, () => learner.get('/api/v2/incentives/wallet'));
      const answers = await Promise.all([...lists, ...wallets]);
      sampling = false;
      await sampler;
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect(Math.max(...seen)).toBeGreaterThan(0);
      expect(Math.max(...seen)).toBeLessThanOrEqual(HEAVY_POOL_SIZE);
    });
  });
});
