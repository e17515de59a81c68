import type { ApiError } from '@schemas/entities/common.schema';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';
import { beforeEach, expect, it } from 'vitest';
import { agent, describeEachDb, refuseAuditWrites, signedIn, type TestServer } from './helpers';

const URL = '/api/v2/settings/documents/badges';

interface Badges {
  enabled: boolean;
  title: string;
  levels: { name: string; points: number }[];
}

const saved: Badges = {
  enabled: true,
  title: 'Your rank',
  levels: [
    { name: 'Starter', points: 0 },
    { name: 'Expert', points: 2500 },
  ],
};

async function storedRow(server: TestServer): Promise<unknown> {
  const { rows } = await server.db.query<{ value: unknown }>(
    `SELECT value FROM settings WHERE key = 'document:badges'`,
  );
  return rows[0]?.value;
}

async function auditEntries(server: TestServer) {
  const { rows } = await server.db.query<{ action: string; details: Record<string, unknown> }>(
    `SELECT action, details FROM audit_log WHERE target = 'settings:document:badges' ORDER BY id`,
  );
  return rows;
}

describeEachDb('settings documents', (server) => {
  beforeEach(async () => {
    await server().db.query(`DELETE FROM settings WHERE key = 'document:badges'`);
  });

  it('answers the declared defaults while nothing is saved', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Badges }>().data).toEqual({
      enabled: false,
      title: 'Your badge',
      levels: [
        { name: 'Bronze', points: 100 },
        { name: 'Silver', points: 500 },
        { name: 'Gold', points: 1000 },
      ],
    });
  });

  it('saves the whole document, answers it, reads it back and audits what changed', async () => {
    const admin = await signedIn(server, 'admin');
    const put = await admin.put(URL, saved);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: Badges }>().data).toEqual(saved);
    expect((await admin.get(URL)).json<{ data: Badges }>().data).toEqual(saved);

    const [entry, ...more] = (await auditEntries(server())).slice(-1);
    expect(more).toEqual([]);
    expect(entry?.action).toBe('settings.document.update');
    // Only the changed fields, each with its value before and after.
    expect(entry?.details).toEqual({
      enabled: { old: false, new: true },
      title: { old: 'Your badge', new: 'Your rank' },
      levels: {
        old: [
          { name: 'Bronze', points: 100 },
          { name: 'Silver', points: 500 },
          { name: 'Gold', points: 1000 },
        ],
        new: saved.levels,
      },
    });
  });

  it('refuses an invalid document with a message per field and writes nothing', async () => {
    const admin = await signedIn(server, 'admin');
    await admin.put(URL, saved);
    const audited = (await auditEntries(server())).length;
    const res = await admin.put(URL, {
      enabled: 'sometimes',
      title: '',
      levels: [{ name: '', points: -5 }, { points: 10 }],
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json<ApiError>().messages!.map((m) => m.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'enabled',
        'title',
        'levels[0][name]',
        'levels[0][points]',
        'levels[1][name]',
        'colour',
      ]),
    );
    expect(await storedRow(server())).toEqual(saved);
    expect(await auditEntries(server())).toHaveLength(audited);
  });

  it('checks the declared flags itself: 401 for visitors, 403 without the flag', async () => {
    const visitor = agent(server);
    const learner = await signedIn(server, 'learner');
    const audited = (await auditEntries(server())).length;
    for (const { key, access } of settingsDocuments) {
      const url = `/api/v2/settings/documents/${key}`;
      expect((await visitor.get(url)).statusCode).toBe(401);
      expect((await visitor.put(url, saved)).statusCode).toBe(401);
      const general = (await learner.get('/api/v2/settings?type=general')).json<{
        data: Record<string, boolean>;
      }>().data;
      // The learner of the demo holds none of the flags an administrator's document needs.
      expect([...access.read, ...access.change].some((flag) => general[flag] !== true)).toBe(true);
      expect((await learner.get(url)).statusCode).toBe(403);
      expect((await learner.put(url, saved)).statusCode).toBe(403);
    }
    expect(await storedRow(server())).toBeUndefined();
    expect(await auditEntries(server())).toHaveLength(audited);
  });

  it('answers 404 for a document nobody declared', async () => {
    const admin = await signedIn(server, 'admin');
    expect((await admin.get('/api/v2/settings/documents/nonexistent')).statusCode).toBe(404);
    expect((await admin.put('/api/v2/settings/documents/nonexistent', saved)).statusCode).toBe(404);
  });

  it('saves nothing when the audit entry cannot be written', async () => {
    const admin = await signedIn(server, 'admin');
    const accept = await refuseAuditWrites(server().db);
    try {
      expect((await admin.put(URL, saved)).statusCode).toBe(500);
    } finally {
      await accept();
    }
    expect(await storedRow(server())).toBeUndefined();
    expect((await admin.get(URL)).json<{ data: Badges }>().data.title).toBe('Your badge');
  });

  it('lists each document in the OpenAPI description with its schema', async () => {
    const doc = (await agent(server).get('/api/v2/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const { key } of settingsDocuments) {
      const path = doc.paths[`/api/v2/settings/documents/${key}`];
      expect(Object.keys(path ?? {}).sort()).toEqual(['get', 'put']);
    }
  });
});
