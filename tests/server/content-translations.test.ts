import { translatablePaths } from '@engine/core';
import { productInputSchema } from '@schemas/entities/incentives.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

interface Untranslated {
  total: number;
  sources: {
    source: string;
    fields: { field: string; titles: string[] }[];
    untranslated: number;
    edit_path: string;
  }[];
  items: { source: string; id: string; field: string; text: string }[];
}

describeEachDb('texts administrators enter, per site language', (server) => {
  const product = {
    title: 'Desk plant',
    description: '<p>A small plant for your desk.</p>',
    image: { url: '/images/rewards/notebook.svg', alt: 'A green plant in a pot' },
    price: 40,
    stock: null,
    per_user_limit: null,
    published: true,
    restrictions: [],
  };

  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;

  const untranslated = async (admin: Agent, lang = 'ar') => {
    const res = await admin.get(`/api/v2/translations/${lang}/content?limit=500`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Untranslated }>().data;
  };

  it("reads each text in the reader's language, falling back to the default language's", async () => {
    const admin = await signedIn(server, 'admin');
    const arabic = await signedIn(server, 'layla');
    const english = await signedIn(server, 'learner');
    const visitor = agent(server);

    const created = await admin.post('/api/v2/incentives/products', {
      ...product,
      translations: { ar: { title: 'نبتة مكتب', description: '<p onclick="x()">نبتة صغيرة</p>' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, translations } = created.json().data as {
      id: number;
      translations: Record<string, Record<string, string>>;
    };
    // HTML is sanitized in every language, as in the default one.
    expect(translations).toEqual({
      ar: { title: 'نبتة مكتب', description: '<p>نبتة صغيرة</p>' },
    });
    const plain = (await admin.post('/api/v2/incentives/products', product)).json().data as {
      id: number;
    };

    const read = async (who: Agent, pid: number) =>
      (await who.get(`/api/v2/incentives/shop/${pid}`)).json().data as {
        title: string;
        description: string;
      };
    expect(await read(arabic, id)).toMatchObject({
      title: 'نبتة مكتب',
      description: '<p>نبتة صغيرة</p>',
    });
    expect(await read(english, id)).toMatchObject({ title: 'Desk plant' });
    // No Arabic text: the default language's shows.
    expect(await read(arabic, plain.id)).toMatchObject({ title: 'Desk plant' });
    const page = (await arabic.get('/api/v2/incentives/shop?limit=100')).json().data as {
      id: number;
      title: string;
    }[];
    expect(page.find((p) => p.id === id)?.title).toBe('نبتة مكتب');
    // A training's topics and levels are named as the catalogue's filters name them.
    const training = (await arabic.get('/api/v2/trainings/1')).json().data as {
      tags: { tid: number; name: string; vocabulary: string }[];
    };
    expect(training.tags.length).toBeGreaterThan(0);
    for (const tag of training.tags) {
      const terms = (
        await arabic.get(`/api/v2/taxonomy_terms?machine_name=${tag.vocabulary}&limit=100`)
      ).json().data as { tid: number; name: string }[];
      expect(tag.name).toBe(terms.find((t) => t.tid === tag.tid)?.name);
    }
    expect(training.tags.some((tag) => /\p{Script=Arabic}/u.test(tag.name))).toBe(true);
    // The order an Arabic reader gets back names what they bought in Arabic where it can.
    const given = await admin.post('/api/v2/incentives/adjustments', {
      uid: await uidOf('layla'),
      points: 100,
      note: 'For a desk plant',
    });
    expect(given.statusCode, given.body).toBeLessThan(300);
    const order = await arabic.post('/api/v2/incentives/shop_checkout', {
      products: [id, plain.id],
    });
    expect(order.statusCode, order.body).toBe(200);
    const items = (order.json().data as { items: { product_id: number; title: string }[] }).items;
    expect(Object.fromEntries(items.map((i) => [i.product_id, i.title]))).toEqual({
      [id]: 'نبتة مكتب',
      [plain.id]: 'Desk plant',
    });

    // The seeded site texts, read by an Arabic reader and by everyone else.
    const footer = async (who: Agent) =>
      (await who.get('/api/v2/settings?type=footer')).json<{ data: unknown }>().data;
    expect(await footer(arabic)).toMatchObject({ about: { title: 'من نحن', url: '/about' } });
    expect(await footer(visitor)).toMatchObject({ about: { title: 'About us' } });
    const branding = async (who: Agent) =>
      (await who.get('/api/v2/settings/branding')).json().data.site_name as string;
    expect(await branding(arabic)).toBe('أكاديمية أتريوم');
    expect(await branding(visitor)).toBe('Atrium Academy');
    expect((await arabic.get('/api/v2/incentives/shop_info')).json().data.title).toBe(
      'متجر المكافآت',
    );
    const cookies = (await arabic.get('/api/v2/settings/cookies-disclaimer')).json().data;
    expect(cookies.disclaimer_text).toContain('سياسة الخصوصية');
    const vocabularies = (await arabic.get('/api/v2/vocabularies')).json().data as {
      type: string;
      name: string;
      taxonomy: { name: string }[];
    }[];
    const levels = vocabularies.find((v) => v.type === 'levels')!;
    expect(levels.name).toBe('المستويات');
    expect(levels.taxonomy.map((t) => t.name)).toContain('مبتدئ');
    const nav = (await arabic.get('/api/v2/navigation')).json().data as { title: string }[];
    expect(nav.map((n) => n.title)).toContain('لوحة التحكم');

    // A reader who changes their language reads the other language at once (nothing kept
    // from before answers in the old one).
    expect(await branding(english)).toBe('Atrium Academy');
    const uid = await uidOf('learner');
    expect((await english.patch(`/api/v2/users/${uid}`, { language: 'ar' })).statusCode).toBe(200);
    expect(await branding(english)).toBe('أكاديمية أتريوم');
    expect((await english.patch(`/api/v2/users/${uid}`, { language: 'en' })).statusCode).toBe(200);
    expect(await branding(english)).toBe('Atrium Academy');

    // Administrators read and write every language; an empty text removes one.
    const again = await admin.patch(`/api/v2/incentives/products/${id}`, {
      ...product,
      translations: { ar: { description: '' } },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.translations).toEqual({ ar: { title: 'نبتة مكتب' } });
    expect(await read(arabic, id)).toMatchObject({
      title: 'نبتة مكتب',
      description: '<p>A small plant for your desk.</p>',
    });
    expect((await admin.delete(`/api/v2/incentives/products/${id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/v2/incentives/products/${plain.id}`)).statusCode).toBe(200);
  });

  it('reads texts in the language a signed-in reader without a language of their own asks for, as the interface does', async () => {
    // The course administrator chose no language; Layla chose Arabic.
    const chooser = await signedIn(server, 'courseadmin');
    const arabicReader = await signedIn(server, 'layla');
    const asking = (language: string) => ({ headers: { 'accept-language': language } });
    const siteName = async (who: Agent, opts?: { headers: Record<string, string> }) =>
      (await who.get('/api/v2/settings/branding', opts)).json().data.site_name as string;
    const interfaceLanguage = async (who: Agent, opts?: { headers: Record<string, string> }) =>
      (await who.get('/api/v2/settings?type=general', opts)).json().data.current_language as string;

    expect(await interfaceLanguage(chooser, asking('ar-EG,ar;q=0.9'))).toBe('ar');
    expect(await siteName(chooser, asking('ar-EG,ar;q=0.9'))).toBe('أكاديمية أتريوم');
    expect(await interfaceLanguage(chooser)).toBe('en');
    expect(await siteName(chooser)).toBe('Atrium Academy');
    // A language of their own comes first, whatever the browser asks for.
    expect(await interfaceLanguage(arabicReader, asking('en-GB'))).toBe('ar');
    expect(await siteName(arabicReader, asking('en-GB'))).toBe('أكاديمية أتريوم');

    // The incentives overview names its top rewards as the shop names them in that language.
    const admin = await signedIn(server, 'admin');
    const top = async (language: string) =>
      (
        (await admin.get('/api/v2/incentives/overview?months=12', asking(language))).json()
          .data as { top_rewards: { product_id: number; title: string }[] }
      ).top_rewards;
    const arabicTop = await top('ar');
    expect(arabicTop.length).toBeGreaterThan(0);
    for (const reward of arabicTop) {
      const shop = await arabicReader.get(`/api/v2/incentives/shop/${reward.product_id}`);
      expect(reward.title).toBe(shop.json().data.title);
    }
    expect(arabicTop.every((r) => /\p{Script=Arabic}/u.test(r.title))).toBe(true);
    expect((await top('en')).some((r) => /\p{Script=Latin}/u.test(r.title))).toBe(true);
  });

  it("reads a reward's picture description in the reader's language, the default language's where it has none", async () => {
    const admin = await signedIn(server, 'admin');
    const arabic = await signedIn(server, 'layla');
    const english = await signedIn(server, 'learner');
    // A reader of a third language, in which the reward has no texts.
    const added = await admin.post('/api/v2/languages', {
      langcode: 'fr',
      name: 'French',
      direction: 0,
      weight: 4,
    });
    expect([201, 409], added.body).toContain(added.statusCode);
    const french = await signedIn(server, 'trainer');
    const trainerUid = await uidOf('trainer');
    const trainer = (await admin.get(`/api/v2/users/${trainerUid}`)).json().data as {
      language: string | null;
    };
    const switched = await admin.patch(`/api/v2/users/${trainerUid}`, { language: 'fr' });
    expect(switched.statusCode, switched.body).toBe(200);

    const created = await admin.post('/api/v2/incentives/products', {
      ...product,
      translations: { ar: { title: 'نبتة مكتب' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data as { id: number };
    // Saved from the reward form, beside the title: the whole product with its texts.
    const saved = await admin.patch(`/api/v2/incentives/products/${id}`, {
      ...product,
      translations: { ar: { 'image.alt': 'نبتة خضراء في أصيص' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      image: product.image,
      translations: { ar: { title: 'نبتة مكتب', 'image.alt': 'نبتة خضراء في أصيص' } },
    });
    expect((await admin.get(`/api/v2/incentives/products/${id}`)).json().data).toMatchObject({
      image: product.image,
      translations: { ar: { 'image.alt': 'نبتة خضراء في أصيص' } },
    });

    type Picture = { url: string; alt: string };
    const inShop = async (who: Agent) => {
      const list = (await who.get('/api/v2/incentives/shop?limit=100')).json().data as {
        id: number;
        image: Picture;
      }[];
      const one = (await who.get(`/api/v2/incentives/shop/${id}`)).json().data as {
        image: Picture;
      };
      return { list: list.find((p) => p.id === id)?.image, page: one.image };
    };
    const inArabic = { url: product.image.url, alt: 'نبتة خضراء في أصيص' };
    expect(await inShop(arabic)).toEqual({ list: inArabic, page: inArabic });
    expect(await inShop(english)).toEqual({ list: product.image, page: product.image });
    expect(await inShop(french)).toEqual({ list: product.image, page: product.image });

    // The translations admin reads, counts and fills the description like any other text.
    const item = await admin.get(`/api/v2/content-translations/incentive_product/${id}`);
    expect(item.json().data).toMatchObject({
      fields: { title: 'Desk plant', 'image.alt': 'A green plant in a pot' },
      translations: { ar: { 'image.alt': 'نبتة خضراء في أصيص' } },
    });
    const missing = (await untranslated(admin, 'fr')).items.filter(
      (i) => i.source === 'incentive_product' && i.id === String(id),
    );
    expect(missing).toContainEqual({
      source: 'incentive_product',
      id: String(id),
      field: 'image.alt',
      text: 'A green plant in a pot',
    });
    expect(
      (await untranslated(admin, 'ar')).items.filter(
        (i) => i.source === 'incentive_product' && i.id === String(id),
      ),
    ).toEqual([
      {
        source: 'incentive_product',
        id: String(id),
        field: 'description',
        text: product.description,
      },
    ]);
    const filled = await admin.put('/api/v2/translations/fr/content', {
      texts: [
        {
          source: 'incentive_product',
          id: String(id),
          field: 'image.alt',
          text: 'Une plante verte',
        },
      ],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect((await inShop(french)).page).toEqual({
      url: product.image.url,
      alt: 'Une plante verte',
    });

    // Too long in another language: refused at its place, as for the default language's text.
    const tooLong = await admin.patch(`/api/v2/incentives/products/${id}`, {
      ...product,
      translations: { ar: { 'image.alt': 'ن'.repeat(301) } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().messages).toEqual([
      { path: 'translations[ar][image][alt]', text: 'Must be at most 300 characters' },
    ]);
    expect((await inShop(arabic)).page).toEqual(inArabic);

    await admin.patch(`/api/v2/users/${trainerUid}`, { language: trainer.language ?? 'en' });
    expect((await admin.delete(`/api/v2/incentives/products/${id}`)).statusCode).toBe(200);
  });

  it("gives the footer's editor the default language's texts, and saves another language's alone", async () => {
    const admin = await signedIn(server, 'admin');
    const arabic = await signedIn(server, 'layla');
    const item = async () =>
      (await admin.get('/api/v2/content-translations/footer/footer')).json().data as {
        fields: Record<string, string>;
        translations: Record<string, Record<string, string>>;
      };
    const before = await item();
    const english = (await admin.get('/api/v2/settings?type=footer')).json().data as {
      footer_text: string;
    };
    expect(before.fields.footer_text).toBe(english.footer_text);

    const saved = await admin.post('/api/v2/settings/footer', {
      translations: {
        ...before.translations,
        ar: { ...before.translations.ar, footer_text: 'نص' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await item();
    // The default language's text is untouched; the Arabic reader reads the new text.
    expect(after.fields).toEqual(before.fields);
    expect(after.translations.ar?.footer_text).toBe('نص');
    expect((await arabic.get('/api/v2/settings?type=footer')).json().data.footer_text).toBe('نص');
    expect((await admin.get('/api/v2/settings?type=footer')).json().data.footer_text).toBe(
      english.footer_text,
    );
    const restored = await admin.post('/api/v2/settings/footer', {
      translations: before.translations,
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('refuses an unknown language or field with a 400, and writes nothing then', async () => {
    const admin = await signedIn(server, 'admin');
    const { id } = (await admin.post('/api/v2/incentives/products', product)).json().data as {
      id: number;
    };
    const bad = await admin.patch(`/api/v2/incentives/products/${id}`, {
      ...product,
      title: 'Changed',
      translations: {
        xx: { title: 'x' },
        ar: { title: 'ن'.repeat(201), price: '5' },
        en: { title: 'English' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(
      expect.arrayContaining([
        { path: 'translations[xx]', text: 'Not a language of this site' },
        { path: 'translations[ar][price]', text: 'Not a field with a text per language' },
        { path: 'translations[ar][title]', text: 'Must be at most 200 characters' },
        {
          path: 'translations[en]',
          text: "The site's default language has its text in the field itself",
        },
      ]),
    );
    const after = (await admin.get(`/api/v2/incentives/products/${id}`)).json().data;
    expect(after).toMatchObject({ title: 'Desk plant', translations: {} });

    const footerBefore = (await admin.get('/api/v2/settings?type=footer')).json().data;
    const footer = await admin.post('/api/v2/settings/footer', {
      footer_text: 'Changed',
      translations: { zz: { footer_text: 'x' } },
    });
    expect(footer.statusCode).toBe(400);
    expect((await admin.get('/api/v2/settings?type=footer')).json().data).toEqual(footerBefore);

    const generic = await admin.put('/api/v2/content-translations/footer/footer', {
      translations: { xx: { footer_text: 'x' } },
    });
    expect(generic.statusCode).toBe(400);
    expect((await admin.get('/api/v2/translations/xx/content')).statusCode).toBe(400);
    const some = await admin.put('/api/v2/translations/ar/content', {
      texts: [
        { source: 'incentive_product', id: String(id), field: 'title', text: 'عنوان' },
        { source: 'incentive_product', id: String(id), field: 'price', text: '5' },
      ],
    });
    expect(some.statusCode).toBe(400);
    expect(some.json().messages).toEqual([
      { path: 'texts[1][field]', text: 'Not a field with a text per language' },
    ]);
    expect((await admin.get(`/api/v2/incentives/products/${id}`)).json().data.translations).toEqual(
      {},
    );
    await admin.delete(`/api/v2/incentives/products/${id}`);
  });

  it('counts the texts a language lacks, and fills them in', async () => {
    const admin = await signedIn(server, 'admin');
    const arabic = await signedIn(server, 'layla');
    const learner = await signedIn(server, 'learner');
    expect((await learner.get('/api/v2/translations/ar/content')).statusCode).toBe(403);

    const before = await untranslated(admin);
    const { id } = (await admin.post('/api/v2/incentives/products', product)).json().data as {
      id: number;
    };
    // Every translatable field of the new product lacks its Arabic text.
    const fields = translatablePaths(productInputSchema);
    const after = await untranslated(admin);
    expect(after.total).toBe(before.total + fields.length);
    const rewards = (u: Untranslated) => u.sources.find((s) => s.source === 'incentive_product')!;
    expect(rewards(after).untranslated).toBe(rewards(before).untranslated + fields.length);
    expect(rewards(after).edit_path).toBe('/settings/incentives/products/:id/edit');
    // Each field comes with the titles the admin names it by, a nested one with its parent's.
    const image = productInputSchema.properties.image;
    expect(rewards(after).fields).toContainEqual({
      field: 'image.alt',
      titles: [image.title, image.properties.alt.title],
    });
    expect(after.items).toEqual(
      expect.arrayContaining([
        { source: 'incentive_product', id: String(id), field: 'title', text: 'Desk plant' },
      ]),
    );

    const filled = await admin.put('/api/v2/translations/ar/content', {
      texts: [{ source: 'incentive_product', id: String(id), field: 'title', text: 'نبتة مكتب' }],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().data.total).toBe(after.total - 1);
    expect((await arabic.get(`/api/v2/incentives/shop/${id}`)).json().data.title).toBe('نبتة مكتب');

    // The generic reading of one entity: its default texts and every language's.
    const item = await admin.get(`/api/v2/content-translations/incentive_product/${id}`);
    expect(item.json().data).toMatchObject({
      fields: { title: 'Desk plant' },
      translations: { ar: { title: 'نبتة مكتب' } },
    });
    expect((await admin.get('/api/v2/content-translations/incentive_product/abc')).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/v2/content-translations/nothing/1')).statusCode).toBe(404);

    // A removed product takes its texts with it.
    await admin.delete(`/api/v2/incentives/products/${id}`);
    expect((await untranslated(admin)).total).toBe(before.total);
  });
});
