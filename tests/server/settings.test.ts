import type { Appearance } from '@schemas/entities/appearance.schema';
import type { TaxonomyTerm, Vocabulary } from '@schemas/entities/taxonomy.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn } from './helpers';

describeEachDb('settings and reference data', (server) => {
  it('footer and countries settings are public', async () => {
    const visitor = agent(server);
    const footer = (await visitor.get('/api/v2/settings?type=footer')).json().data;
    expect(footer).toMatchObject({ about: { title: 'About us', url: '/about' }, version: '0.1.0' });
    const countries = (await visitor.get('/api/v2/settings?type=countries')).json().data;
    expect(countries.countries.length).toBeGreaterThanOrEqual(20);
    expect(countries.countries).toContainEqual({ code: 'NL', name: 'Netherlands' });
    expect((await visitor.get('/api/v2/settings?type=nope')).statusCode).toBe(400);
  });

  it('branding exposes the public site settings', async () => {
    const res = await agent(server).get('/api/v2/settings/branding');
    expect(res.json().data).toMatchObject({
      site_name: 'Atrium Academy',
      login_url: '/user/login',
      signup_url: '/user/register',
      incentives_leaderboard: true,
      incentives_shop_enabled: true,
      breadcrumbs_enabled: true,
    });
  });

  it('POST settings/site changes only the fields sent', async () => {
    const admin = await signedIn(server, 'admin');
    const before = (await admin.get('/api/v2/settings/site')).json().data;
    const res = await admin.post(
      '/api/v2/settings/site',
      'site_name=Atrium+Campus&breadcrumbs_enabled=false',
      { form: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...before,
      site_name: 'Atrium Campus',
      breadcrumbs_enabled: false,
    });
    expect((await admin.get('/api/v2/settings/site')).json().data).toEqual({
      ...before,
      site_name: 'Atrium Campus',
      breadcrumbs_enabled: false,
    });
    await admin.post('/api/v2/settings/site', {
      site_name: before.site_name,
      breadcrumbs_enabled: true,
    });
  });

  it('a partial change leaves switches with defaults alone', async () => {
    const admin = await signedIn(server, 'admin');
    await admin.post('/api/v2/settings/site', { catalog_enabled: false });
    const res = await admin.post('/api/v2/settings/site', { site_name: 'Atrium Academy' });
    expect(res.json().data.catalog_enabled).toBe(false);
    await admin.post('/api/v2/settings/site', { catalog_enabled: true });
  });

  it('POST settings/site refuses an empty change and bad values, writing nothing', async () => {
    const admin = await signedIn(server, 'admin');
    const before = (await admin.get('/api/v2/settings/site')).json().data;
    const empty = await admin.post('/api/v2/settings/site', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages).toEqual([{ path: '', text: 'Provide at least one field' }]);
    const bad = await admin.post('/api/v2/settings/site', {
      site_name: 'Fine',
      incentives_leaderboard: 'perhaps',
      unknown: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(
      expect.arrayContaining([
        { path: 'incentives_leaderboard', text: 'Expected boolean, received string' },
        { path: 'unknown', text: 'Unrecognized field' },
      ]),
    );
    expect((await admin.get('/api/v2/settings/site')).json().data).toEqual(before);
  });

  it('appearance answers the attributes asked for and merges changes', async () => {
    const visitor = agent(server);
    const partial = (
      await visitor.get('/api/v2/appearance?attributes[]=colors&attributes[]=roundness')
    ).json<{ data: Appearance }>().data;
    expect(Object.keys(partial).sort()).toEqual(['colors', 'roundness']);
    expect(partial.colors).toMatchObject({ primary: '#3754db', header: '#ffffff' });
    expect(partial.roundness).toMatchObject({ small: 4, medium: 8, large: 16 });
    const full = (await visitor.get('/api/v2/appearance')).json<{ data: Appearance }>().data;
    expect(Object.keys(full).sort()).toEqual([
      'colors',
      'favicon',
      'fonts',
      'logo',
      'roundness',
      'site_background',
    ]);

    const admin = await signedIn(server, 'admin');
    const res = await admin.post(
      '/api/v2/settings/storefront/appearance',
      'colors[primary]=%23112233&colors[secondary]=%230f9d8a&colors[header]=%23ffffff&colors[sidebar_menu]=%2316213e&roundness[small]=2',
      { form: true },
    );
    expect(res.statusCode).toBe(200);
    const merged = res.json().data;
    expect(merged.colors).toMatchObject({ primary: '#112233', text: '#1f2937' });
    expect(merged.roundness).toEqual({ ...full.roundness, small: 2 });
    expect(merged.fonts).toEqual(full.fonts);
    const bad = await admin.post('/api/v2/settings/storefront/appearance', {
      colors: { primary: 'blue' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(
      expect.arrayContaining([{ path: 'colors[primary]', text: 'Invalid format' }]),
    );
  });

  it('languages are sorted by weight', async () => {
    const res = await agent(server).get('/api/v2/languages');
    expect(res.json().data).toEqual([
      { langcode: 'en', name: 'English', native_name: 'English', direction: 0, weight: 0 },
      { langcode: 'ar', name: 'Arabic', native_name: 'العربية', direction: 1, weight: 1 },
    ]);
  });

  it('Arabic interface translations are served', async () => {
    const res = await agent(server).get('/api/v2/translations?context=interface&language=ar');
    expect(res.statusCode).toBe(200);
    const lookup = new Map(
      res
        .json<{ data: { source: string; translation: string }[] }>()
        .data.map((t) => [t.source, t.translation]),
    );
    expect(lookup.get('Log in')).toBe('تسجيل الدخول');
    expect(lookup.get('Skip to main content')).toBeTruthy();
    expect(lookup.get('@count point\u0003@count points')).toMatch(/^\{count, plural,/);
    expect((await agent(server).get('/api/v2/translations?language=en')).json().data).toEqual([]);
    expect((await agent(server).get('/api/v2/translations')).statusCode).toBe(400);
  });

  it('organizations are paged', async () => {
    const visitor = agent(server);
    const first = (await visitor.get('/api/v2/organizations?limit=2&page=0')).json();
    expect(first.meta).toEqual({ page: 0, totalPages: 3, total: 5, limit: 2 });
    expect(first.data).toHaveLength(2);
    const last = (await visitor.get('/api/v2/organizations?limit=2&page=2')).json();
    expect(last.data).toHaveLength(1);
    const all = (await visitor.get('/api/v2/organizations?limit=100')).json();
    expect(all.data).toHaveLength(5);
    expect(new Set([...first.data, ...last.data].map((o: { id: number }) => o.id)).size).toBe(3);
  });

  it('taxonomy terms are paged and filtered by parent', async () => {
    const visitor = agent(server);
    const topics = (await visitor.get('/api/v2/taxonomy_terms?machine_name=topics&limit=3')).json();
    expect(topics.meta).toEqual({ page: 0, totalPages: 3, total: 8, limit: 3 });
    const top = (await visitor.get('/api/v2/taxonomy_terms?machine_name=topics&parent=0')).json<{
      data: TaxonomyTerm[];
    }>();
    expect(top.data.map((t) => t.name)).toEqual([
      'Leadership',
      'Communication',
      'Digital skills',
      'Compliance',
      'Wellbeing',
    ]);
    const digital = top.data.find((t) => t.name === 'Digital skills')!;
    const children = (
      await visitor.get(`/api/v2/taxonomy_terms?machine_name=topics&parent=${digital.tid}`)
    ).json<{ data: TaxonomyTerm[] }>();
    expect(children.data.map((t) => t.parent)).toEqual([digital.tid, digital.tid, digital.tid]);
    expect((await visitor.get('/api/v2/taxonomy_terms')).json().messages).toEqual([
      { path: 'machine_name', text: 'Required' },
    ]);
  });

  it('vocabularies list their terms', async () => {
    const res = (await agent(server).get('/api/v2/vocabularies')).json<{ data: Vocabulary[] }>();
    expect(res.data.map((v) => v.type)).toEqual(['topics', 'levels', 'formats']);
    expect(res.data[1]!.taxonomy.map((t) => t.name)).toEqual([
      'Beginner',
      'Intermediate',
      'Advanced',
    ]);
  });

  it('cookie agreement: per browser by cookie, per user in the database', async () => {
    const visitor = agent(server);
    const first = (await visitor.get('/api/v2/settings/cookies-disclaimer')).json().data;
    expect(first.agreed).toBe(false);
    expect(first.disclaimer_text).toContain('<a href="/privacy-policy">');
    const agree = await visitor.post('/system/ajax/cookies-disclaimer/agree', 'ajax=true', {
      form: true,
    });
    expect(agree.statusCode).toBe(200);
    expect(agree.json()).toEqual({ data: { agreed: true } });
    expect(visitor.jar.get('atrium_cookies_agreed')).toBe('1');
    expect((await visitor.get('/api/v2/settings/cookies-disclaimer')).json().data.agreed).toBe(
      true,
    );

    const learner = await signedIn(server, 'learner');
    await learner.post('/system/ajax/cookies-disclaimer/agree', 'ajax=true', { form: true });
    const otherBrowser = await signedIn(server, 'learner');
    expect((await otherBrowser.get('/api/v2/settings/cookies-disclaimer')).json().data.agreed).toBe(
      true,
    );
    expect(
      (await (await signedIn(server, 'trainer')).get('/api/v2/settings/cookies-disclaimer')).json()
        .data.agreed,
    ).toBe(false);
  });

  it('sanitizes the disclaimer when it is read', async () => {
    await server().db.query(
      `UPDATE settings SET value = jsonb_set(value, '{text}', $1::jsonb) WHERE key = 'cookie_disclaimer'`,
      [
        JSON.stringify(
          '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
        ),
      ],
    );
    const text = (await agent(server).get('/api/v2/settings/cookies-disclaimer')).json().data
      .disclaimer_text;
    expect(text).toBe('<p>Hi <a>x</a></p>');
  });
});
