import type { StorefrontLayout, StorefrontPatch } from '@schemas/entities/storefront.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

type Layout = { data: StorefrontLayout };

/*
 * A layout exists only once a manager saves it. Opening the editor on a language that has no
 * layout yet (a GET, which a link from another site can make the manager's browser send) shows an
 * unsaved draft and writes nothing, so the visitors of that language keep seeing the English
 * storefront until someone saves theirs.
 */
describeEachDb('storefront drafts', (server) => {
  const layoutRows = async () =>
    (
      await server().db.query<{ audience: string; language: string }>(
        'SELECT audience, language FROM storefront_layouts ORDER BY audience, language',
      )
    ).rows;
  const sectionCount = async () =>
    (await server().db.query<{ n: number }>('SELECT count(*)::int AS n FROM storefront_sections'))
      .rows[0]!.n;

  async function addLanguage(admin: Agent, langcode: string, name: string): Promise<void> {
    const res = await admin.post('/api/v2/languages', {
      langcode,
      name,
      native_name: name,
      direction: 0,
      weight: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  const heroSection = (heading: string): StorefrontPatch['sections'][number] => ({
    id: null,
    type: 'hero',
    weight: 0,
    data: {
      content: { heading },
      settings: {},
      appearance: {},
      restrictions: [],
    },
  });

  it('GET storefront/manage on a language without a layout answers a draft and writes nothing', async () => {
    const admin = await signedIn(server, 'admin');
    await addLanguage(admin, 'fr', 'Français');
    const layoutsBefore = await layoutRows();
    const sectionsBefore = await sectionCount();

    const drafts: [string, StorefrontLayout][] = [];
    for (const type of ['unregistered', 'registered'] as const) {
      for (const query of ['', '&preview=true', '&preview=true&audience_language=fr']) {
        const res = await admin.get(`/api/v2/storefront/manage?type=${type}&language=fr${query}`);
        expect(res.statusCode, `${type}${query}`).toBe(200);
        drafts.push([`${type}${query}`, res.json<Layout>().data]);
      }
    }
    expect(await layoutRows()).toEqual(layoutsBefore);
    expect(await sectionCount()).toBe(sectionsBefore);
    for (const [query, draft] of drafts) {
      expect(draft, query).toMatchObject({
        id: null,
        audience: query.split('&')[0],
        language: 'fr',
        enabled: true,
        sections: [],
      });
      // The editor still gets its target audience dialog.
      expect(draft.restrictions!.map((r) => r.type)).toContain('language');
    }

    // French visitors still see the English storefront, not an empty one.
    const french = (await agent(server).get('/api/v2/storefront?language=fr')).json<Layout>().data;
    expect(french.language).toBe('en');
    expect(french.sections.length).toBeGreaterThan(0);
  });

  it("the first save creates the layout, and the language's visitors see it from then on", async () => {
    const admin = await signedIn(server, 'admin');
    await addLanguage(admin, 'de', 'Deutsch');
    const visitor = agent(server);
    const draft = (
      await admin.get('/api/v2/storefront/manage?type=unregistered&language=de')
    ).json<Layout>().data;
    expect(draft.id).toBeNull();

    // Only storefront managers save, and a bad section saves nothing.
    const body = { type: 'unregistered', language: 'de', sections: [heroSection('Willkommen')] };
    expect((await agent(server).post('/api/v2/storefront/manage', body)).statusCode).toBe(401);
    const learner = await signedIn(server, 'learner');
    expect((await learner.post('/api/v2/storefront/manage', body)).statusCode).toBe(403);
    const broken = await admin.post('/api/v2/storefront/manage', {
      ...body,
      sections: [{ ...heroSection(''), type: 'nonsense' }],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      messages: [{ path: 'sections[0][type]', text: 'Unknown section type' }],
    });
    const unknown = await admin.post('/api/v2/storefront/manage', { ...body, language: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ messages: [{ path: 'language' }] });
    expect((await layoutRows()).filter((l) => l.language === 'de')).toEqual([]);
    expect((await visitor.get('/api/v2/storefront?language=de')).json<Layout>().data.language).toBe(
      'en',
    );

    const created = await admin.post('/api/v2/storefront/manage', body);
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json<Layout>().data;
    expect(saved).toMatchObject({ audience: 'unregistered', language: 'de', enabled: true });
    expect(saved.id).toEqual(expect.any(Number));
    expect(saved.sections.map((s) => s.data.content.heading)).toEqual(['Willkommen']);
    expect(saved.restrictions!.length).toBeGreaterThan(0);

    const german = (await visitor.get('/api/v2/storefront?language=de')).json<Layout>().data;
    expect(german).toMatchObject({ id: saved.id, language: 'de' });
    expect(german.sections.map((s) => s.data.content.heading)).toEqual(['Willkommen']);

    // From now on the editor gets the saved layout, and saves go to it.
    const managed = (
      await admin.get('/api/v2/storefront/manage?type=unregistered&language=de')
    ).json<Layout>().data;
    expect(managed.id).toBe(saved.id);
    const again = await admin.patch(`/api/v2/storefront/manage/${saved.id}`, {
      sections: [
        ...managed.sections.map(({ id, type, weight, data }) => ({ id, type, weight, data })),
        { ...heroSection('Noch mehr'), weight: 1 },
      ],
    });
    expect(again.statusCode).toBe(200);
    expect(
      (await visitor.get('/api/v2/storefront?language=de'))
        .json<Layout>()
        .data.sections.map((s) => s.data.content.heading),
    ).toEqual(['Willkommen', 'Noch mehr']);

    // The save is in the audit log as the creation of that layout.
    const { rows } = await server().db.query<{ action: string; target: string }>(
      `SELECT action, target FROM audit_log WHERE target = $1 ORDER BY id`,
      [`storefront:${saved.id}`],
    );
    expect(rows.map((r) => r.action)).toEqual(['storefront.create', 'storefront.update']);
  });

  it('first saves of one draft at the same time make one layout: one creates it, the others save into it', async () => {
    const admin = await signedIn(server, 'admin');
    await addLanguage(admin, 'nl', 'Nederlands');
    const headings = ['Een', 'Twee', 'Drie', 'Vier', 'Vijf', 'Zes'];
    const answers = await Promise.all(
      headings.map((heading) =>
        admin.post('/api/v2/storefront/manage', {
          type: 'registered',
          language: 'nl',
          sections: [heroSection(heading)],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200,
      ...Array<number>(headings.length - 2).fill(200),
      201,
    ]);
    const ids = new Set(answers.map((a) => a.json<Layout>().data.id));
    expect(ids.size).toBe(1);
    expect((await layoutRows()).filter((l) => l.language === 'nl')).toHaveLength(1);
    // The layout holds one whole save: one of the headings, once.
    const saved = (
      await admin.get('/api/v2/storefront/manage?type=registered&language=nl')
    ).json<Layout>().data;
    expect(saved.sections).toHaveLength(1);
    expect(headings).toContain(saved.sections[0]!.data.content.heading);
  });
});
