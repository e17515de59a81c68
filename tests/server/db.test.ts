import { expect, it } from 'vitest';
import { describeEachDb } from './helpers';

describeEachDb('database handle', (server) => {
  it('runs a statement prepared by name again and again, in and out of transactions', async () => {
    const { db, kind } = server();
    const sql = 'SELECT $1::int + 1 AS n';
    const prepare = { prepare: 'atrium_test_plus_one' };
    for (let i = 0; i < 8; i++)
      expect((await db.query<{ n: number }>(sql, [i], prepare)).rows).toEqual([{ n: i + 1 }]);

    const names = await db.transaction(async (tx) => {
      expect((await tx.query<{ n: number }>(sql, [41], prepare)).rows).toEqual([{ n: 42 }]);
      const { rows } = await tx.query<{ name: string }>(
        'SELECT name FROM pg_prepared_statements ORDER BY name',
      );
      return rows.map((r) => r.name);
    });
    // PostgreSQL keeps it in the session, parsed and planned once; PGlite runs it as usual.
    if (kind === 'postgres') expect(names).toContain('atrium_test_plus_one');
  });
});
