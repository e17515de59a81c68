import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openPglite } from '../../src/server/db/pglite';
import { hashPassword } from '../../src/server/lib/password';
import { seed } from '../../src/server/seed/seed';
import { describeEachDb, PASSWORD, signedIn, type TestServer } from './helpers';

const shipped = async (langcode: string) =>
  JSON.parse(
    await readFile(
      path.resolve(import.meta.dirname, `../../translations/interface-${langcode}.json`),
      'utf8',
    ),
  ) as Record<string, string>;

async function translationsOf(server: () => TestServer, langcode: string) {
  const res = await server().app.inject({
    url: `/api/v2/translations?language=${langcode}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(
    res
      .json<{ data: { source: string; translation: string }[] }>()
      .data.map((t) => [t.source, t.translation]),
  );
}

describeEachDb('the shipped interface translations', (server) => {
  it('reach an existing site on its next start, without undoing what administrators saved', async () => {
    const arabic = await shipped('ar');
    const [added, edited] = Object.keys(arabic);
    // A string this version ships that the site has no translation for yet, and one an
    // administrator has worded their own way.
    await server().db.query(
      `DELETE FROM translations WHERE langcode = 'ar' AND context = 'interface' AND source = $1`,
      [added],
    );
    const admin = await signedIn(server, 'admin');
    const saved = await admin.put('/api/v2/translations/ar', {
      translations: [{ source: edited, translation: 'صياغة المسؤول' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await translationsOf(server, 'ar')).has(added!)).toBe(false);

    await seed(server().db, 'none');

    const after = await translationsOf(server, 'ar');
    expect(after.get(added!)).toBe(arabic[added!]);
    expect(after.get(edited!)).toBe('صياغة المسؤول');
    expect(after.size).toBe(Object.keys(arabic).length);
  });
});

describe('the shipped interface translations of a new site [pglite]', () => {
  let site: TestServer | undefined;
  beforeAll(async () => {
    // A site started without the demo: English only, and an administrator made by hand.
    const db = await openPglite();
    const app = await buildApp({ db, seed: 'none' });
    await db.query(
      `WITH admin AS (INSERT INTO users (name, pass) VALUES ('admin', $1) RETURNING uid)
       INSERT INTO user_roles (uid, role) SELECT uid, 'administrator' FROM admin`,
      [await hashPassword(PASSWORD)],
    );
    site = { app, db, kind: 'pglite', dataDir: '' };
  });
  afterAll(async () => {
    await site?.app.close();
    await site?.db.close();
  });

  it('come with a language as an administrator adds it', async () => {
    const server = () => site!;
    const admin = await signedIn(server, 'admin');
    const res = await admin.post('/api/v2/languages', {
      langcode: 'ar',
      name: 'Arabic',
      native_name: 'العربية',
      direction: 1,
      weight: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const arabic = await shipped('ar');
    const served = await translationsOf(server, 'ar');
    expect(served.size).toBe(Object.keys(arabic).length);
    for (const [source, translation] of Object.entries(arabic))
      expect(served.get(source)).toBe(translation);
  });
});
