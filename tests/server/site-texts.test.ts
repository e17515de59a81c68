import type { AuditEntry } from '@schemas/entities/site-admin.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

describeEachDb('site texts and languages', (server) => {
  async function lastAudit(admin: Agent, action: string): Promise<AuditEntry | undefined> {
    const res = await admin.get(`/api/v2/admin/audit?action=${encodeURIComponent(action)}&limit=1`);
    return res.json<{ data: AuditEntry[] }>().data[0];
  }

  it('footer: only the fields sent change, audited', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.post('/api/v2/settings/footer', {
      footer_text: 'Learn together.',
      about: { title: 'About Atrium', url: '/about' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const footer = (await agent(server).get('/api/v2/settings?type=footer')).json().data;
    expect(footer).toMatchObject({
      footer_text: 'Learn together.',
      about: { title: 'About Atrium', url: '/about' },
      contact: { title: 'Contact', url: '/contact' },
    });
    expect(await lastAudit(admin, 'settings.footer')).toMatchObject({
      target: 'settings:footer',
      details: {
        footer_text: { new: 'Learn together.' },
        about: { old: { title: 'About us', url: '/about' }, new: { title: 'About Atrium' } },
      },
    });
    const bad = await admin.post('/api/v2/settings/footer', { about: { title: 'x' }, nope: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(
      expect.arrayContaining([
        { path: 'about[url]', text: 'Required' },
        { path: 'nope', text: 'Unrecognized field' },
      ]),
    );
    expect((await admin.post('/api/v2/settings/footer', {})).statusCode).toBe(400);
  });

  it('cookie disclaimer: sanitized, and a new text asks everyone again', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    await learner.post('/system/ajax/cookies-disclaimer/agree', { ajax: true });
    const agreed = async () =>
      (await learner.get('/api/v2/settings/cookies-disclaimer')).json().data.agreed as boolean;
    expect(await agreed()).toBe(true);

    const current = (await admin.get('/api/v2/settings/cookies-disclaimer')).json().data
      .disclaimer_text as string;
    const same = await admin.post('/api/v2/settings/cookies-disclaimer', {
      disclaimer_text: current,
    });
    expect(same.statusCode).toBe(200);
    expect(await agreed()).toBe(true);

    const res = await admin.post('/api/v2/settings/cookies-disclaimer', {
      disclaimer_text: '<p onclick="x()">New <b>cookies</b><script>alert(1)</script></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as { disclaimer_text: string; version: number };
    expect(saved.disclaimer_text).toBe('<p>New <b>cookies</b></p>');
    expect(await agreed()).toBe(false);
    expect((await learner.get('/api/v2/settings/cookies-disclaimer')).json().data).toEqual({
      disclaimer_text: '<p>New <b>cookies</b></p>',
      agreed: false,
    });
    await learner.post('/system/ajax/cookies-disclaimer/agree', { ajax: true });
    expect(await agreed()).toBe(true);
    expect(await lastAudit(admin, 'settings.cookies_disclaimer')).toMatchObject({
      details: {
        text: { new: '<p>New <b>cookies</b></p>' },
        version: { old: saved.version - 1, new: saved.version },
      },
    });
  });

  it('languages: add, 409 for an existing code, change', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.post('/api/v2/languages', {
      langcode: 'fr',
      name: 'French',
      native_name: 'Français',
      direction: 0,
      weight: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({
      langcode: 'fr',
      name: 'French',
      native_name: 'Français',
      direction: 0,
      weight: 2,
    });
    const again = await admin.post('/api/v2/languages', {
      langcode: 'fr',
      name: 'French',
      direction: 0,
      weight: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual([
      { path: 'langcode', text: 'This language exists already.' },
    ]);
    const bad = await admin.post('/api/v2/languages', {
      langcode: 'French!',
      name: '',
      direction: 2,
      weight: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ messages: { path: string }[] }>().messages.map((m) => m.path)).toEqual(
      expect.arrayContaining(['langcode', 'name', 'direction']),
    );
    expect(await lastAudit(admin, 'language.create')).toMatchObject({
      target: 'language:fr',
      details: { name: { old: null, new: 'French' } },
    });

    const patched = await admin.patch('/api/v2/languages/fr', { weight: -1, direction: 1 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ name: 'French', weight: -1, direction: 1 });
    const list = (await agent(server).get('/api/v2/languages')).json().data as {
      langcode: string;
    }[];
    expect(list[0]!.langcode).toBe('fr');
    expect(await lastAudit(admin, 'language.update')).toMatchObject({
      details: { weight: { old: 2, new: -1 }, direction: { old: 0, new: 1 } },
    });
    expect((await admin.patch('/api/v2/languages/de', { weight: 1 })).statusCode).toBe(404);
    await admin.patch('/api/v2/languages/fr', { weight: 5, direction: 0 });
  });

  it('translations: save, delete with an empty text, and list what is untranslated', async () => {
    const admin = await signedIn(server, 'admin');
    await admin.post('/api/v2/languages', {
      langcode: 'nl',
      name: 'Dutch',
      direction: 0,
      weight: 3,
    });
    const before = (await admin.get('/api/v2/translations/nl/untranslated')).json()
      .data as string[];
    expect(before).toContain('Log in');
    expect(before).toContain('Loading');

    const res = await admin.put('/api/v2/translations/nl', {
      translations: [
        { source: 'Log in', translation: 'Inloggen' },
        { source: 'Loading', translation: 'Laden' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ saved: 2, deleted: 0 });
    const after = (await admin.get('/api/v2/translations/nl/untranslated')).json().data as string[];
    expect(after).toHaveLength(before.length - 2);
    expect(after).not.toContain('Log in');
    expect((await agent(server).get('/api/v2/translations?language=nl')).json().data).toEqual([
      { source: 'Loading', translation: 'Laden' },
      { source: 'Log in', translation: 'Inloggen' },
    ]);

    const removed = await admin.put('/api/v2/translations/nl', {
      translations: [
        { source: 'Loading', translation: '' },
        { source: 'Log in', translation: 'Inloggen' },
      ],
    });
    expect(removed.json().data).toEqual({ saved: 0, deleted: 1 });
    expect((await agent(server).get('/api/v2/translations?language=nl')).json().data).toEqual([
      { source: 'Log in', translation: 'Inloggen' },
    ]);
    expect(await lastAudit(admin, 'translations.update')).toMatchObject({
      target: 'language:nl',
      details: { Loading: { old: 'Laden', new: null } },
    });

    const twice = await admin.put('/api/v2/translations/nl', {
      translations: [
        { source: 'Save', translation: 'Opslaan' },
        { source: 'Save', translation: 'Bewaren' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().messages).toEqual([
      { path: 'translations[1][source]', text: 'This source string is listed twice' },
    ]);
    const empty = await admin.put('/api/v2/translations/nl', {
      translations: [{ source: '', translation: 'x' }],
    });
    expect(empty.json().messages).toEqual([{ path: 'translations[0][source]', text: 'Required' }]);
    expect(
      (
        await admin.put('/api/v2/translations/de', {
          translations: [{ source: 'Save', translation: 'Speichern' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin.get('/api/v2/translations/de/untranslated')).statusCode).toBe(404);
  });
});
