import type { ListMeta } from '@schemas/entities/common.schema';
import type { UserListItem } from '@schemas/entities/user.schema';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn, type Agent } from './helpers';

type List = { data: UserListItem[]; meta: ListMeta };

/** The user administration's list at size: search by any fragment of a name, paged by cursor. */
describeEachDb('the list of users', (server) => {
  const list = async (admin: Agent, query: string) => {
    const res = await admin.get(`/api/v2/users?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<List>();
  };
  const names = (l: List) => l.data.map((u) => u.name);

  it('finds a fragment anywhere in the account, first or last name, in any case', async () => {
    const admin = await signedIn(server, 'admin');
    await server().db.query(
      `INSERT INTO users (name, pass, first_name, last_name)
       VALUES ('qzx.one', 'x', 'Noor', 'Al-Qzxari'), ('qzx.two', 'x', 'Sam', 'Qzx_Ortiz'),
              ('plain', 'x', 'Maria', 'Plainfield%')`,
    );
    expect(names(await list(admin, 'search=QZX'))).toEqual(['qzx.one', 'qzx.two']);
    expect(names(await list(admin, 'search=zxar'))).toEqual(['qzx.one']);
    expect(names(await list(admin, `search=${encodeURIComponent('noor al-q')}`))).toEqual([
      'qzx.one',
    ]);
    // Wildcards are plain characters: "_" and "%" match only themselves.
    expect(names(await list(admin, 'search=qzx_'))).toEqual(['qzx.two']);
    expect(names(await list(admin, `search=${encodeURIComponent('field%')}`))).toEqual(['plain']);
    expect(names(await list(admin, `search=${encodeURIComponent('%')}`))).toEqual(['plain']);
  });

  it('a search is served by the trigram index, not by reading every user', async () => {
    const plan = await server().db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT uid FROM users u
          WHERE atrium_user_search_text(u.name, u.first_name, u.last_name) LIKE '%liam%'`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_search_trgm_idx');
  });

  it('pages a filtered list by cursor, every member once, in account order', async () => {
    const admin = await signedIn(server, 'admin');
    await server().db.query(
      `INSERT INTO users (name, pass) SELECT 'pager' || g, 'x' FROM generate_series(1, 12) g`,
    );
    await server().db.query(
      `INSERT INTO user_roles (uid, role) SELECT uid, 'trainer' FROM users WHERE name LIKE 'pager%'`,
    );
    const { rows } = await server().db.query<{ uid: number }>(
      `SELECT u.uid FROM users u JOIN user_roles r ON r.uid = u.uid AND r.role = 'trainer'
        ORDER BY u.uid`,
    );
    let page = await list(admin, 'role=trainer&limit=5');
    const seen = page.data.map((u) => u.uid);
    while (page.meta.next) {
      page = await list(
        admin,
        `role=trainer&limit=5&page=${page.meta.page + 1}&after=${page.meta.next}`,
      );
      seen.push(...page.data.map((u) => u.uid));
    }
    expect(seen).toEqual(rows.map((r) => r.uid));
    const last = page.meta.page;
    const back = await list(
      admin,
      `role=trainer&limit=5&page=${last - 1}&before=${page.meta.prev}`,
    );
    expect(back.data.map((u) => u.uid)).toEqual(
      rows.slice((last - 1) * 5, last * 5).map((r) => r.uid),
    );
    expect(
      (await admin.get(`/api/v2/users?role=trainer&limit=5&page=${page.meta.totalPages}`))
        .statusCode,
    ).toBe(400);
  });
});
