import type { ListMeta } from '@schemas/entities/common.schema';
import type { Transaction } from '@schemas/entities/incentives.schema';
import { EXACT_COUNT_LIMIT, MAX_SKIPPED_ROWS } from '../../src/server/repositories/seek-paging';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn, type Agent } from './helpers';

const TRANSACTIONS = '/api/v2/incentives/transactions';
type List = { data: Transaction[]; meta: ListMeta };

/**
 * Long lists page by cursor: every row shows exactly once going forwards and backwards, rows
 * written in one statement (same instant) included, whatever the filters; deep page numbers and
 * made-up cursors are refused with the field named.
 */
describeEachDb('paging by cursor: the transactions list', (server) => {
  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;
  const list = async (admin: Agent, query: string) => {
    const res = await admin.get(`${TRANSACTIONS}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<List>();
  };
  /** The ids the database has for a filter, in the list's order. */
  const expected = async (where = 'TRUE', params: unknown[] = []) =>
    (
      await server().db.query<{ key: string }>(
        `SELECT id::text AS key FROM points_ledger WHERE ${where} ORDER BY created_at DESC, id DESC`,
        params,
      )
    ).rows.map((r) => Number(r.key));

  it('walks every row once forwards and back, those written at the same instant included', async () => {
    const admin = await signedIn(server, 'admin');
    const uid = await uidOf('learner');
    // 23 rows in one statement share their created_at: only the id tells them apart.
    await server().db.query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, balance_after)
       SELECT $1, g, 'adjust', 'same instant', 'test', 0, 0 FROM generate_series(1, 23) g`,
      [uid],
    );
    for (const filter of ['', `&uid=${uid}`, '&kind=adjust']) {
      const forwards: number[] = [];
      let page = await list(admin, `limit=5${filter}`);
      const pages = [page];
      forwards.push(...page.data.map((t) => t.id));
      while (page.meta.next) {
        page = await list(
          admin,
          `limit=5&page=${page.meta.page + 1}&after=${page.meta.next}${filter}`,
        );
        pages.push(page);
        forwards.push(...page.data.map((t) => t.id));
      }
      const where = filter.includes('uid')
        ? ['uid = $1', [uid]]
        : filter.includes('kind')
          ? ["kind = 'adjust'", []]
          : ['TRUE', []];
      expect(forwards).toEqual(await expected(where[0] as string, where[1] as unknown[]));
      expect(pages.length).toBe(page.meta.totalPages);

      // Back from the last page by `prev`, each page as it was going forwards.
      for (let i = pages.length - 1; i > 0; i--) {
        const back = await list(
          admin,
          `limit=5&page=${i - 1}&before=${pages[i]!.meta.prev}${filter}`,
        );
        expect(back.data.map((t) => t.id)).toEqual(pages[i - 1]!.data.map((t) => t.id));
        expect(back.meta.next).toBeDefined();
      }
      expect(pages[0]!.meta.prev).toBeUndefined();
    }
  });

  it('refuses a page past the last, a page too deep to open by number, and a made-up cursor', async () => {
    const admin = await signedIn(server, 'admin');
    const first = await list(admin, 'limit=10');
    const past = await admin.get(`${TRANSACTIONS}?limit=10&page=${first.meta.totalPages}`);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      messages: [{ path: 'page', text: expect.stringContaining(`has ${first.meta.totalPages}`) }],
    });
    for (const cursor of ['nonsense', Buffer.from('["x"]').toString('base64url')]) {
      const bad = await admin.get(`${TRANSACTIONS}?after=${cursor}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ messages: [{ path: 'after' }] });
    }
  });

  it('estimates the total of a long list instead of counting it, and still pages it exactly', async () => {
    const admin = await signedIn(server, 'admin');
    const uid = await uidOf('trainer');
    await server().db.query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, remaining, balance_after, created_at)
       SELECT $1, 1, 'award', 'many', 'test', 0, 0, now() - g * interval '1 second'
         FROM generate_series(1, $2::int) g`,
      [uid, EXACT_COUNT_LIMIT + 500],
    );
    await server().db.query('ANALYZE points_ledger');
    const first = await list(admin, `limit=100&uid=${uid}`);
    expect(first.meta.estimated).toBe(true);
    expect(first.meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const deep = Math.floor(MAX_SKIPPED_ROWS / 100) + 1;
    const tooDeep = await admin.get(`${TRANSACTIONS}?limit=100&page=${deep}&uid=${uid}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({
      messages: [{ path: 'page', text: expect.stringContaining('too far in') }],
    });
    // Deeper than a page number may open: reached by cursor, page after page.
    let page = first;
    const seen = new Set(first.data.map((t) => t.id));
    while (page.meta.next) {
      page = await list(
        admin,
        `limit=100&page=${page.meta.page + 1}&after=${page.meta.next}&uid=${uid}`,
      );
      for (const t of page.data) seen.add(t.id);
    }
    expect(seen.size).toBe((await expected('uid = $1', [uid])).length);
    const { total } = (await list(admin, `limit=10&uid=${await uidOf('learner')}`)).meta;
    expect(total).toBe((await expected('uid = $1', [await uidOf('learner')])).length);
  });
});
