import type { ListMeta } from '@schemas/entities/common.schema';
import type {
  StorefrontLayout,
  StorefrontPatch,
  StorefrontSection,
  StorefrontSettings,
} from '@schemas/entities/storefront.schema';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn } from './helpers';

type Layout = { data: StorefrontLayout };

describeEachDb('storefront', (server) => {
  const orgId = async (name: string) =>
    (
      await server().db.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
        name,
      ])
    ).rows[0]!.id;
  const types = (layout: StorefrontLayout) => layout.sections.map((s) => s.type);
  const toPatch = (sections: StorefrontSection[]): StorefrontPatch['sections'] =>
    structuredClone(sections).map(({ id, type, weight, data }) => ({ id, type, weight, data }));

  it('visitors get the unregistered layout of their language with free trainings resolved', async () => {
    const visitor = agent(server);
    const res = await visitor.get('/api/v2/storefront');
    expect(res.statusCode).toBe(200);
    const layout = res.json<Layout>().data;
    expect(layout).toMatchObject({ audience: 'unregistered', language: 'en', enabled: true });
    expect(layout.restrictions).toBeUndefined();
    expect(types(layout)).toEqual([
      'hero',
      'trainings',
      'categories',
      'rich_text',
      'testimonial',
      'call_to_action',
    ]);
    expect(layout.sections.map((s) => s.weight)).toEqual([0, 1, 2, 3, 4, 5]);
    const trainings = layout.sections[1]!;
    expect(trainings.trainings!.length).toBeGreaterThan(0);
    expect(trainings.trainings!.length).toBeLessThanOrEqual(8);
    for (const t of trainings.trainings!) {
      expect(t.free).toBe(true);
      expect(t.organizations).toEqual([]);
    }
    const created = trainings.trainings!.map((t) => Date.parse(t.created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(trainings.trainings_meta!.total).toBeGreaterThanOrEqual(trainings.trainings!.length);
    expect(layout.sections[0]!.data.content).toMatchObject({
      heading: 'Learn something new every week',
    });

    const arabic = (await visitor.get('/api/v2/storefront?language=ar')).json<Layout>().data;
    expect(arabic).toMatchObject({ audience: 'unregistered', language: 'ar' });
    // A language without a layout falls back to English.
    await server().db.query(
      `INSERT INTO languages (langcode, name) VALUES ('fr', 'French') ON CONFLICT DO NOTHING`,
    );
    const french = (await visitor.get('/api/v2/storefront?language=fr')).json<Layout>().data;
    expect(french.language).toBe('en');
    expect((await visitor.get('/api/v2/storefront?audience=registered')).statusCode).toBe(401);
  });

  it('signed-in users get the registered layout with its restrictions applied', async () => {
    const learner = await signedIn(server, 'learner');
    const layout = (await learner.get('/api/v2/storefront')).json<Layout>().data;
    expect(layout).toMatchObject({ audience: 'registered', language: 'en' });
    // Blue Harbor Logistics sees its call to action; the Arabic-speakers text is not for them.
    expect(types(layout)).toEqual(['hero', 'trainings', 'categories', 'call_to_action']);

    const trainer = await signedIn(server, 'trainer');
    const other = (await trainer.get('/api/v2/storefront')).json<Layout>().data;
    expect(types(other)).toEqual(['hero', 'trainings', 'categories']);

    // The language restriction follows the user's language, whatever layout they browse.
    const { uid } = (await learner.get('/api/v2/me')).json<{ data: { uid: number } }>().data;
    await server().db.query(`UPDATE users SET language = 'ar' WHERE uid = $1`, [uid]);
    try {
      const own = (await learner.get('/api/v2/storefront')).json<Layout>().data;
      expect(own.language).toBe('ar');
      const english = (await learner.get('/api/v2/storefront?language=en')).json<Layout>().data;
      expect(types(english)).toEqual([
        'hero',
        'trainings',
        'categories',
        'rich_text',
        'call_to_action',
      ]);
    } finally {
      await server().db.query('UPDATE users SET language = NULL WHERE uid = $1', [uid]);
    }
  });

  it('a visitor matches only language restrictions', async () => {
    const admin = await signedIn(server, 'admin');
    const managed = (
      await admin.get('/api/v2/storefront/manage?type=unregistered&language=en')
    ).json<Layout>().data;
    const sections = toPatch(managed.sections);
    sections[0]!.data.restrictions = [{ rule: 'and', type: 'language', value: ['en'] }];
    sections[2]!.data.restrictions = [{ rule: 'and', type: 'country', value: 'NL' }];
    sections[3]!.data.restrictions = [{ rule: 'and', type: 'language', value: 'ar' }];
    const saved = await admin.patch(`/api/v2/storefront/manage/${managed.id}`, { sections });
    expect(saved.statusCode).toBe(200);
    try {
      const layout = (await agent(server).get('/api/v2/storefront')).json<Layout>().data;
      expect(types(layout)).toEqual(['hero', 'trainings', 'testimonial', 'call_to_action']);
    } finally {
      const restored = toPatch(managed.sections);
      expect(
        (await admin.patch(`/api/v2/storefront/manage/${managed.id}`, { sections: restored }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('settings: a reward manager who does not manage the storefront gets the registered users’ dialog only', async () => {
    const admin = await signedIn(server, 'admin');
    const access = await admin.get('/api/v2/admin/access');
    expect(access.statusCode, access.body).toBe(200);
    const before = access
      .json<{ data: { roles: { name: string; flags: string[] }[] } }>()
      .data.roles.find((r) => r.name === 'course_admin')!.flags;
    expect(before).not.toContain('storefront_manage');
    const grant = (flags: string[]) => admin.put('/api/v2/admin/access/course_admin', { flags });
    expect((await grant([...before, 'incentives_shop_settings_available'])).statusCode).toBe(200);
    try {
      const manager = await signedIn(server, 'courseadmin');
      const { restrictions } = (await manager.get('/api/v2/storefront/settings')).json<{
        data: StorefrontSettings;
      }>().data;
      expect(restrictions.registered.map((r) => r.type)).toEqual(
        restrictionTypeDeclarations.filter((d) => 'registered' in d.dialog).map((d) => d.type),
      );
      expect(restrictions.registered.every((r) => r.options.length > 0)).toBe(true);
      expect(restrictions.unregistered).toEqual([]);
    } finally {
      expect((await grant(before)).statusCode).toBe(200);
    }
  });

  it('settings: the switches for everyone, the audience dialog for managers', async () => {
    const visitor = (await agent(server).get('/api/v2/storefront/settings')).json<{
      data: StorefrontSettings;
    }>().data;
    expect(visitor).toEqual({ enabled: true, restrictions: { registered: [], unregistered: [] } });

    const admin = await signedIn(server, 'admin');
    const { restrictions } = (await admin.get('/api/v2/storefront/settings')).json<{
      data: StorefrontSettings;
    }>().data;
    expect(restrictions.registered.map((r) => [r.type, r.multiple])).toEqual([
      ['language', false],
      ['country', false],
      ['title', false],
      ['organizations', false],
      ['roles', true],
    ]);
    expect(restrictions.unregistered.map((r) => [r.type, r.multiple])).toEqual([
      ['language', false],
      ['organizations', true],
    ]);
    const options = Object.fromEntries(restrictions.registered.map((r) => [r.type, r.options]));
    expect(options.language).toEqual(
      expect.arrayContaining([
        { value: 'en', label: 'English' },
        { value: 'ar', label: 'Arabic' },
      ]),
    );
    expect(options.organizations).toContainEqual({
      value: await orgId('Blue Harbor Logistics'),
      label: 'Blue Harbor Logistics',
    });
    expect(options.title).toContainEqual({ value: 'Senior trainer', label: 'Senior trainer' });
    expect(options.country).toContainEqual({ value: 'NL', label: 'Netherlands' });
    expect(options.roles!.map((o) => o.value)).toContain('learner');
  });

  it('manage: the whole layout for managers, a preview for an audience', async () => {
    expect((await agent(server).get('/api/v2/storefront/manage')).statusCode).toBe(401);
    const learner = await signedIn(server, 'learner');
    expect((await learner.get('/api/v2/storefront/manage')).statusCode).toBe(403);

    const admin = await signedIn(server, 'admin');
    const layout = (
      await admin.get('/api/v2/storefront/manage?type=registered&language=en')
    ).json<Layout>().data;
    expect(types(layout)).toEqual([
      'hero',
      'trainings',
      'categories',
      'rich_text',
      'call_to_action',
    ]);
    expect(layout.sections[1]!.trainings).toBeUndefined();
    expect(layout.restrictions!.map((r) => r.type)).toContain('roles');

    const blueHarbor = await orgId('Blue Harbor Logistics');
    const preview = (
      await admin.get(
        `/api/v2/storefront/manage?type=registered&language=en&preview=true&organizations[]=${blueHarbor}`,
      )
    ).json<Layout>().data;
    expect(types(preview)).toEqual(['hero', 'trainings', 'categories', 'call_to_action']);
    expect(preview.sections[1]!.trainings!.length).toBeGreaterThan(0);

    const northwind = await orgId('Northwind Health');
    const others = (
      await admin.get(
        `/api/v2/storefront/manage?type=registered&language=en&preview=true&organizations[]=${northwind}&country[]=NL`,
      )
    ).json<Layout>().data;
    expect(types(others)).toEqual(['hero', 'trainings', 'categories']);

    expect(
      (await admin.get('/api/v2/storefront/manage?type=registered&language=xx')).statusCode,
    ).toBe(400);
  });

  it('preview: the audience language filters sections of the layout shown', async () => {
    const admin = await signedIn(server, 'admin');
    const layout = (await admin.get('/api/v2/storefront/manage?type=registered')).json<Layout>()
      .data;
    const sections = toPatch(layout.sections);
    sections[0]!.data.restrictions = [{ rule: 'and', type: 'language', value: 'ar' }];
    const saved = await admin.patch(`/api/v2/storefront/manage/${layout.id}`, { sections });
    expect(saved.statusCode).toBe(200);

    const preview = async (query: string) =>
      types(
        (
          await admin.get(`/api/v2/storefront/manage?type=registered&preview=true${query}`)
        ).json<Layout>().data,
      );
    expect(await preview('')).not.toContain('hero');
    expect(await preview('&audience_language=ar')).toContain('hero');
    expect(await preview('&audience_language=en')).not.toContain('hero');
    expect(
      (await admin.get('/api/v2/storefront/manage?preview=true&audience_language=%3Cx%3E'))
        .statusCode,
    ).toBe(400);
  });

  it('PATCH: 401 for visitors and 403 without storefront_manage', async () => {
    const admin = await signedIn(server, 'admin');
    const layout = (await admin.get('/api/v2/storefront/manage')).json<Layout>().data;
    const body = { sections: toPatch(layout.sections) };
    expect(
      (await agent(server).patch(`/api/v2/storefront/manage/${layout.id}`, body)).statusCode,
    ).toBe(401);
    for (const name of ['learner', 'trainer', 'courseadmin']) {
      const user = await signedIn(server, name);
      expect(
        (await user.patch(`/api/v2/storefront/manage/${layout.id}`, body)).statusCode,
        name,
      ).toBe(403);
    }
    expect((await admin.patch('/api/v2/storefront/manage/999999', body)).statusCode).toBe(404);
  });

  it('PATCH: an invalid section answers 400 with bracket paths and changes nothing', async () => {
    const admin = await signedIn(server, 'admin');
    const url = '/api/v2/storefront/manage?type=registered&language=en';
    const before = (await admin.get(url)).json<Layout>().data;
    const sections = toPatch(before.sections);
    sections[0]!.data.content = { ...sections[0]!.data.content, heading: '' };
    sections[1]!.data.content = { ...sections[1]!.data.content, size: 30, source: 'some' };
    sections[2]!.data.appearance = { text_align: 'left' };
    sections[3]!.type = 'carousel_of_doom';
    sections[4]!.data.restrictions = [{ rule: 'and', type: 'shoe_size', value: 44 }];
    sections.push({
      id: null,
      type: 'call_to_action',
      weight: 5,
      data: { content: { text: 'x' }, settings: {}, appearance: {}, restrictions: [] },
    });
    const res = await admin.patch(`/api/v2/storefront/manage/${before.id}`, { sections });
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ messages: { path: string; text: string }[] }>().messages;
    expect(paths).toEqual(
      expect.arrayContaining([
        { path: 'sections[0][data][content][heading]', text: 'Required' },
        { path: 'sections[1][data][content][size]', text: 'Must be less than or equal to 24' },
        expect.objectContaining({ path: 'sections[1][data][content][source]' }),
        expect.objectContaining({ path: 'sections[2][data][appearance][text_align]' }),
        { path: 'sections[3][type]', text: 'Unknown section type' },
        expect.objectContaining({ path: 'sections[4][data][restrictions][0][type]' }),
        { path: 'sections[5][data][content][heading]', text: 'Required' },
        { path: 'sections[5][data][content][button]', text: 'Required' },
      ]),
    );
    // The envelope is checked first: a missing part is a 400 too.
    const broken = await admin.patch(`/api/v2/storefront/manage/${before.id}`, {
      sections: [{ id: null, type: 'hero', weight: 0, data: { content: {} } }],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ messages: { path: string }[] }>().messages.map((m) => m.path)).toContain(
      'sections[0][data][settings]',
    );
    // Ids of another layout are refused.
    const other = (
      await admin.get('/api/v2/storefront/manage?type=unregistered&language=en')
    ).json<Layout>().data;
    const foreign = toPatch([...before.sections, other.sections[0]!]);
    const refused = await admin.patch(`/api/v2/storefront/manage/${before.id}`, {
      sections: foreign,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ messages: { path: string }[] }>().messages).toEqual([
      { path: `sections[5][id]`, text: 'Unknown section' },
    ]);
    expect((await admin.get(url)).json<Layout>().data).toEqual(before);
  });

  it('PATCH: adds, reorders and removes sections and renumbers weights', async () => {
    const admin = await signedIn(server, 'admin');
    const url = '/api/v2/storefront/manage?type=unregistered&language=ar';
    const before = (await admin.get(url)).json<Layout>().data;
    const [hero, trainings, categories, richText, testimonial, cta] = toPatch(before.sections);
    const sections: StorefrontPatch['sections'] = [
      { ...cta!, weight: 0 },
      {
        id: null,
        type: 'rich_text',
        weight: 1,
        data: {
          content: {
            html: '<p onclick="x()">Hi <script>alert(1)</script><strong>there</strong></p>',
          },
          settings: {},
          appearance: {},
          restrictions: [],
        },
      },
      { ...hero!, weight: 5 },
      {
        ...trainings!,
        weight: 7,
        data: { ...trainings!.data, content: { source: 'custom', training_ids: [3, 1, 2] } },
      },
    ];
    void categories;
    void richText;
    const res = await admin.patch(`/api/v2/storefront/manage/${before.id}`, {
      sections,
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<Layout>().data;
    expect(types(saved)).toEqual(['call_to_action', 'rich_text', 'hero', 'trainings']);
    expect(saved.sections.map((s) => s.weight)).toEqual([0, 1, 2, 3]);
    expect(saved.sections[0]!.id).toBe(cta!.id);
    expect(saved.sections[2]!.id).toBe(hero!.id);
    expect(saved.sections[3]!.id).toBe(trainings!.id);
    expect(saved.sections[1]!.id).toBeGreaterThan(0);
    expect(saved.sections[1]!.data.content).toEqual({ html: '<p>Hi <strong>there</strong></p>' });
    // Defaults of the type are filled in.
    expect(saved.sections[1]!.data.settings).toMatchObject({ show_title: true, full_width: false });
    expect(saved.sections[3]!.data.content).toMatchObject({ size: 8, sorting: 'newest' });
    const left = await server().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM storefront_sections WHERE id = ANY($1::int[])',
      [[categories!.id, richText!.id, testimonial!.id]],
    );
    expect(left.rows[0]!.n).toBe(0);
    expect((await admin.get(url)).json<Layout>().data).toEqual(saved);

    // The visitor's Arabic page shows the new order; a custom list in its own order when personalized.
    const served = (await agent(server).get('/api/v2/storefront?language=ar')).json<Layout>().data;
    expect(types(served)).toEqual(['call_to_action', 'rich_text', 'hero', 'trainings']);
    const custom = toPatch(saved.sections);
    custom[3]!.data.content = { ...custom[3]!.data.content, sorting: 'personalized' };
    await admin.patch(`/api/v2/storefront/manage/${before.id}`, { sections: custom });
    const visible = (
      await server().db.query<{ id: number }>(
        `SELECT id FROM trainings t WHERE id = ANY('{1,2,3}') AND published
           AND NOT EXISTS (SELECT 1 FROM training_organizations o WHERE o.training_id = t.id)`,
      )
    ).rows.map((r) => r.id);
    const personalized = (await agent(server).get('/api/v2/storefront?language=ar')).json<Layout>()
      .data;
    expect(personalized.sections[3]!.trainings!.map((t) => t.id)).toEqual(
      [3, 1, 2].filter((id) => visible.includes(id)),
    );
  });

  it('storefront_sections/{id}: one section with its trainings 24 a page', async () => {
    const visitor = agent(server);
    const layout = (await visitor.get('/api/v2/storefront')).json<Layout>().data;
    const section = layout.sections.find((s) => s.type === 'trainings')!;
    const first = await visitor.get(`/api/v2/storefront_sections/${section.id}`);
    expect(first.statusCode).toBe(200);
    const page0 = first.json<{ data: StorefrontSection }>().data;
    const meta = page0.trainings_meta as ListMeta;
    expect(meta).toMatchObject({ page: 0, limit: 24, total: section.trainings_meta!.total });
    expect(page0.trainings!.length).toBe(Math.min(24, meta.total));
    const ids = page0.trainings!.map((t) => t.id);
    for (let page = 1; page < meta.totalPages; page++) {
      const next = (
        await visitor.get(`/api/v2/storefront_sections/${section.id}?page=${page}`)
      ).json<{ data: StorefrontSection }>().data;
      ids.push(...next.trainings!.map((t) => t.id));
    }
    expect(ids.length).toBe(meta.total);
    expect(new Set(ids).size).toBe(ids.length);

    // Registered sections are not for visitors, restricted ones only for their audience.
    const learner = await signedIn(server, 'learner');
    const registered = (await learner.get('/api/v2/storefront')).json<Layout>().data;
    const cta = registered.sections.find((s) => s.type === 'call_to_action')!;
    expect((await learner.get(`/api/v2/storefront_sections/${cta.id}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/v2/storefront_sections/${cta.id}`)).statusCode).toBe(404);
    const trainer = await signedIn(server, 'trainer');
    expect((await trainer.get(`/api/v2/storefront_sections/${cta.id}`)).statusCode).toBe(404);
    expect((await visitor.get('/api/v2/storefront_sections/999999')).statusCode).toBe(404);
  });

  it('a switched-off storefront page is not found', async () => {
    const admin = await signedIn(server, 'admin');
    expect(
      (await admin.post('/api/v2/settings/site', { storefront_page_enabled: false })).statusCode,
    ).toBe(200);
    try {
      expect((await agent(server).get('/api/v2/storefront')).statusCode).toBe(404);
      const settings = (await agent(server).get('/api/v2/storefront/settings')).json<{
        data: StorefrontSettings;
      }>().data;
      expect(settings.enabled).toBe(false);
    } finally {
      await admin.post('/api/v2/settings/site', { storefront_page_enabled: true });
    }
  });
});
