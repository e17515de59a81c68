import type { ListMeta } from '@schemas/entities/common.schema';
import type { AuditActor, AuditEntry } from '@schemas/entities/site-admin.schema';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn, type Agent } from './helpers';

type List = { data: AuditEntry[]; meta: ListMeta };

/** The audit log at size: its filters and its actors read indexes, its pages go by cursor. */
describeEachDb('the audit log', (server) => {
  const list = async (admin: Agent, query: string) => {
    const res = await admin.get(`/api/v2/admin/audit?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<List>();
  };
  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;

  it('filters by an area or a prefix within one, and pages every entry once', async () => {
    const admin = await signedIn(server, 'admin');
    const actor = await uidOf('admin');
    await server().db.query(
      `INSERT INTO audit_log (actor_uid, action, target, details)
       SELECT $1, (ARRAY['incentives.product.update', 'incentives.refund', 'user.update',
                         'incentivesx.other'])[1 + g % 4], 'test:' || g, '{}'
         FROM generate_series(1, 40) g`,
      [actor],
    );
    const expected = async (where: string) =>
      (
        await server().db.query<{ key: string }>(
          `SELECT id::text AS key FROM audit_log WHERE ${where} ORDER BY created_at DESC, id DESC`,
        )
      ).rows.map((r) => Number(r.key));
    for (const [action, where] of [
      ['incentives', "action LIKE 'incentives.%'"],
      ['incentives.product', "action LIKE 'incentives.product%'"],
      ['user', "action LIKE 'user.%'"],
    ] as const) {
      let page = await list(admin, `action=${action}&limit=7`);
      const seen = page.data.map((e) => e.id);
      while (page.meta.next) {
        page = await list(
          admin,
          `action=${action}&limit=7&page=${page.meta.page + 1}&after=${page.meta.next}`,
        );
        seen.push(...page.data.map((e) => e.id));
      }
      expect(seen).toEqual(await expected(where));
    }
  });

  it('lists each actor once, by name, whoever else has never changed anything', async () => {
    const admin = await signedIn(server, 'admin');
    const others = ['courseadmin', 'learner'];
    for (const name of others)
      await server().db.query(
        `INSERT INTO audit_log (actor_uid, action, target, details) VALUES ($1, 'user.update', 'x', '{}')`,
        [await uidOf(name)],
      );
    const actors = (await admin.get('/api/v2/admin/audit/actors')).json<{ data: AuditActor[] }>()
      .data;
    const { rows } = await server().db.query<{ uid: number }>(
      `SELECT DISTINCT actor_uid AS uid FROM audit_log WHERE actor_uid IS NOT NULL`,
    );
    expect(actors.map((a) => a.uid).sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.uid).sort((a, b) => a - b),
    );
    const byName = actors.map((a) => a.full_name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    expect(actors.map((a) => a.uid)).toContain(await uidOf('learner'));
  });
});
