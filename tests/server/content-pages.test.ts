import { beforeAll, expect, it } from 'vitest';
import routesConfig from '../../routes.config.json';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { flattenRoutes } from '@engine/core';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

/** The content pages routes.config.json declares: key and address. */
const declared = flattenRoutes(routesConfig as RoutesConfig).flatMap((r) =>
  r.content ? [{ key: r.content, path: r.path }] : [],
);

interface Page {
  key: string;
  language: string;
  title: string;
  body: string;
}

describeEachDb('content pages', (server) => {
  let admin: Agent;
  let learner: Agent;

  beforeAll(async () => {
    admin = await signedIn(server, 'admin');
    learner = await signedIn(server, 'learner');
  });

  const read = async (key: string, headers: Record<string, string> = {}, query = '') => {
    const res = await agent(server).get(`/api/v2/content-pages/${key}${query}`, { headers });
    return { status: res.statusCode, page: res.json<{ data: Page }>().data };
  };

  it('declares a page for each link of the demo footer, and the version link', async () => {
    const footer = (await agent(server).get('/api/v2/settings?type=footer')).json<{
      data: Record<string, { url: string } | string>;
    }>().data;
    const links = [
      ...['about', 'contact', 'privacy_policy', 'terms_of_use'].map(
        (k) => (footer[k] as { url: string }).url,
      ),
      footer.version_url as string,
    ];
    expect(declared.map((p) => p.path).sort()).toEqual([...links].sort());
  });

  it('serves every declared page with seeded text in English and Arabic', async () => {
    for (const { key } of declared) {
      const en = await read(key, { 'accept-language': 'en' });
      expect(en.status, key).toBe(200);
      expect(en.page.language).toBe('en');
      expect(en.page.title.length).toBeGreaterThan(0);
      expect(en.page.body).toMatch(/<(p|h2|ul)>/);
      const ar = await read(key, { 'accept-language': 'ar' });
      expect(ar.page.language, key).toBe('ar');
      expect(ar.page.title).toMatch(/[\u0600-\u06ff]/);
      expect(ar.page.body).toMatch(/[\u0600-\u06ff]/);
      // The language asked for wins over the browser's.
      expect((await read(key, { 'accept-language': 'ar' }, '?language=en')).page.language).toBe(
        'en',
      );
    }
  });

  it('answers 404 for a key no route declares', async () => {
    expect((await read('nothing_here')).status).toBe(404);
  });

  it('lets only site administrators list, read and write pages', async () => {
    const key = declared[0]!.key;
    for (const who of [learner, agent(server)]) {
      const expected = who === learner ? 403 : 401;
      expect((await who.get('/api/v2/settings/content-pages')).statusCode).toBe(expected);
      expect((await who.get(`/api/v2/settings/content-pages/${key}`)).statusCode).toBe(expected);
      const put = await who.put(`/api/v2/settings/content-pages/${key}/en`, {
        title: 'Taken over',
        body: '<p>x</p>',
      });
      expect(put.statusCode).toBe(expected);
    }
    expect((await read(key, { 'accept-language': 'en' })).page.title).not.toBe('Taken over');
    const list = await admin.get('/api/v2/settings/content-pages');
    expect(list.statusCode).toBe(200);
    const pages = list.json<{ data: { key: string; versions: { langcode: string }[] }[] }>().data;
    expect(pages.map((p) => p.key)).toEqual(declared.map((p) => p.key));
    for (const page of pages)
      expect(page.versions.map((v) => v.langcode).sort()).toEqual(['ar', 'en']);
  });

  it('sanitizes what an administrator writes, audits it, and serves it in that language', async () => {
    const key = declared.at(-1)!.key;
    const res = await admin.put(`/api/v2/settings/content-pages/${key}/ar`, {
      title: '  عنوان جديد  ',
      body: '<h2 class="x">قسم</h2><p onclick="steal()">مرحبا <a href="javascript:alert(1)">x</a><script>alert(1)</script></p><h1>عنوان ثان</h1>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ data: { title: string; body: string } }>().data;
    expect(saved.title).toBe('عنوان جديد');
    expect(saved.body).not.toMatch(/onclick|javascript:|<script/);
    expect(saved.body).toContain('مرحبا');
    // Sections keep their headings; a second page title does not survive.
    expect(saved.body).toContain('<h2>قسم</h2>');
    expect(saved.body).not.toContain('<h1>');
    const page = await read(key, { 'accept-language': 'ar' });
    expect(page.page).toMatchObject({ language: 'ar', title: 'عنوان جديد', body: saved.body });
    const log = await admin.get('/api/v2/admin/audit?action=settings.content_page');
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json<{ data: { action: string; target: string }[] }>().data;
    expect(entries[0]).toMatchObject({
      action: 'settings.content_page',
      target: `content_page:${key}:ar`,
    });
  });

  it('falls back to the default language for a language the page is not written in', async () => {
    const key = declared[0]!.key;
    await server().db.query(`DELETE FROM content_pages WHERE key = $1 AND langcode = 'ar'`, [key]);
    const page = await read(key, { 'accept-language': 'ar' });
    expect(page.status).toBe(200);
    expect(page.page.language).toBe('en');
  });

  it('refuses a blank title, an unknown language or page, with nothing written', async () => {
    const key = declared[0]!.key;
    const before = await read(key, { 'accept-language': 'en' });
    const blank = await admin.put(`/api/v2/settings/content-pages/${key}/en`, {
      title: '   ',
      body: '<p>x</p>',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ messages: { path: string }[] }>().messages.map((m) => m.path)).toContain(
      'title',
    );
    const language = await admin.put(`/api/v2/settings/content-pages/${key}/xx`, {
      title: 'T',
      body: '',
    });
    expect(language.statusCode).toBe(404);
    const page = await admin.put('/api/v2/settings/content-pages/nothing_here/en', {
      title: 'T',
      body: '',
    });
    expect(page.statusCode).toBe(404);
    expect((await read(key, { 'accept-language': 'en' })).page).toEqual(before.page);
  });

  it('refuses a write without the XSRF token', async () => {
    const res = await admin.put(
      `/api/v2/settings/content-pages/${declared[0]!.key}/en`,
      { title: 'T', body: '' },
      { noXsrf: true },
    );
    expect(res.statusCode).toBe(403);
  });
});
