import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchMeta, SearchResult } from '@schemas/entities/training.schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import { COUNTED_HITS, RANKED_HITS } from '../../src/server/repositories/search';
import { agent, describeEachDb, signedIn, type Agent, type TestServer } from './helpers';

// The server's page renderer is built with the server's own sanitizer in place of the browser's
// (vite.config.ts); rendering from the sources here needs the same.
vi.mock('../../src/lib/admin-html', () => import('../../src/server/lib/sanitize'));
vi.mock('../../src/features/catalogue/html', () => import('../../src/server/lib/sanitize'));

type Search = { data: SearchResult[]; meta: SearchMeta };

const search = async (a: Agent, query: string) => {
  const res = await a.get(`/api/v2/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Search>();
};
const s = (words: string) => `s=${encodeURIComponent(words)}`;
/** The snippet without its <mark> tags has no markup left. */
const onlyMarks = (snippet: string) => !/[<>]/.test(snippet.replace(/<\/?mark>/g, ''));
/** The text a browser shows for escaped HTML with <mark> tags. */
const shownText = (html: string) =>
  html
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const ids = (res: Search) => res.data.map((r) => r.training.id);

const createTraining = (
  server: () => TestServer,
  over: { title: string; summary?: string; language?: string },
) =>
  server().app.repos.trainings.create({
    summary: '',
    body: '',
    image_url: '/images/trainings/cover-01.svg',
    image_alt: over.title,
    language: 'en',
    price: null,
    videos: [{ title: 'Intro', url: '/videos/intro.mp4', duration_seconds: 60 }],
    ...over,
  });

describeEachDb('search', (server) => {
  it('ranks the training whose title has the word first and highlights matches', async () => {
    const res = await search(agent(server), s('negotiation'));
    expect(res.data[0]!.training.title).toBe('Negotiation Masterclass: Winning Agreements');
    expect(res.data[0]!.snippet).toContain('<mark>');
    expect(res.data.every((r) => onlyMarks(r.snippet))).toBe(true);
    const ranks = res.data.map((r) => r.rank);
    expect(ranks.every((r) => r > 0)).toBe(true);
  });

  it('ranks title hits before summary and body hits', async () => {
    const res = await search(agent(server), `${s('data')}&limit=50`);
    const titleHit = res.data.map((r) => /\bdata\b/i.test(r.training.title));
    const firstMiss = titleHit.indexOf(false);
    expect(firstMiss).toBeGreaterThan(0);
    expect(titleHit.slice(firstMiss).includes(true)).toBe(false);
  });

  it('marks with an ellipsis where a snippet leaves text out, and only there', async () => {
    const { app } = server();
    const create = (title: string, summary: string) =>
      app.repos.trainings.create({
        title,
        summary,
        body: '',
        image_url: '/images/trainings/cover-01.svg',
        image_alt: title,
        language: 'en',
        price: null,
        videos: [{ title: 'Intro', url: '/videos/intro.mp4', duration_seconds: 60 }],
      });
    const filler = (word: string) => Array.from({ length: 60 }, () => word).join(' ');
    await create('Paper crafts', 'Fold origami cranes at home.');
    await create('Long reading', `${filler('alpha')} marzipan ${filler('omega')}`);

    const short = (await search(agent(server), s('origami'))).data[0]!.snippet;
    expect(short).toBe('Fold <mark>origami</mark> cranes at home.');

    const long = (await search(agent(server), s('marzipan'))).data[0]!.snippet;
    expect(long).toMatch(/^… .*<mark>marzipan<\/mark>.* …$/);
  });

  it('escapes everything in snippets except <mark>', async () => {
    const { app } = server();
    await app.repos.trainings.create({
      title: 'Aquarium care',
      summary:
        'Zebrafish <script>alert("x")</script> & friends: a < b > c, "quoted" and \u0001odd\u0002.',
      body: '<p>More zebrafish facts &lt;script&gt;alert(1)&lt;/script&gt;</p><script>alert(2)</script><img src=x onerror=alert(3)>',
      image_url: '/images/trainings/cover-01.svg',
      image_alt: 'Fish',
      language: 'en',
      price: null,
      videos: [{ title: 'Intro', url: '/videos/fish.mp4', duration_seconds: 60 }],
    });
    const res = await search(agent(server), s('zebrafish'));
    expect(res.data).toHaveLength(1);
    const { snippet } = res.data[0]!;
    expect(snippet).toContain('<mark>Zebrafish</mark>');
    expect(onlyMarks(snippet)).toBe(true);
    expect(snippet).toContain('&amp;');
    expect(snippet).not.toMatch(/<script|<img/);
    expect(snippet.includes('\u0001') || snippet.includes('\u0002')).toBe(false);
    const detail = (await agent(server).get(`/api/v2/trainings/${res.data[0]!.training.id}`)).json<{
      data: { body: string };
    }>().data;
    expect(detail.body).not.toMatch(/<script|<img/);
  });

  it('counts facets over all hits, each before its own filter', async () => {
    const visitor = agent(server);
    const all = await search(visitor, `${s('security')}&limit=50`);
    expect(all.meta.total).toBeGreaterThan(2);
    const byVocabulary = new Map<string, number>();
    for (const f of all.meta.facets.tags)
      byVocabulary.set(f.vocabulary, (byVocabulary.get(f.vocabulary) ?? 0) + f.count);
    // Every demo training has one term of each vocabulary.
    for (const vocabulary of ['topics', 'levels', 'formats'])
      expect(byVocabulary.get(vocabulary), vocabulary).toBe(all.meta.total);
    const freeCounts = Object.fromEntries(
      all.meta.facets.free.map((f) => [String(f.value), f.count]),
    );
    expect(freeCounts.true! + freeCounts.false!).toBe(all.meta.total);
    expect(all.meta.facets.free.find((f) => f.value)?.label).toBe('Free');

    const free = await search(visitor, `${s('security')}&free=true&limit=50`);
    expect(free.meta.total).toBe(freeCounts.true);
    expect(free.data.every((r) => r.training.free)).toBe(true);
    expect(free.meta.facets.free).toEqual(all.meta.facets.free);
    const tagTotal = free.meta.facets.tags
      .filter((f) => f.vocabulary === 'levels')
      .reduce((n, f) => n + f.count, 0);
    expect(tagTotal).toBe(free.meta.total);

    const level = all.meta.facets.tags.find((f) => f.vocabulary === 'levels')!;
    const byLevel = await search(visitor, `${s('security')}&tags[]=${level.value}&limit=50`);
    expect(byLevel.meta.total).toBe(level.count);
    expect(byLevel.meta.facets.tags.filter((f) => f.vocabulary === 'levels')).toEqual(
      all.meta.facets.tags.filter((f) => f.vocabulary === 'levels'),
    );
  });

  it('pages results in a stable order', async () => {
    const visitor = agent(server);
    const query = s('team or data or leadership or skills');
    const all = await search(visitor, `${query}&limit=50`);
    expect(all.meta.total).toBeGreaterThan(6);
    const ids: number[] = [];
    for (let page = 0; page < Math.ceil(all.meta.total / 4); page++) {
      const res = await search(visitor, `${query}&limit=4&page=${page}`);
      expect(res.meta).toMatchObject({ page, limit: 4, total: all.meta.total });
      ids.push(...res.data.map((r) => r.training.id));
    }
    expect(ids).toEqual(all.data.map((r) => r.training.id));
  });

  it('filters by language and finds Arabic trainings with Arabic words', async () => {
    const visitor = agent(server);
    const arabic = await search(visitor, s('القيادة'));
    expect(arabic.data.map((r) => r.training.title)).toContain('أساسيات القيادة الفعالة');
    expect(arabic.data.every((r) => r.training.language === 'ar')).toBe(true);
    expect(arabic.data.some((r) => r.snippet.includes('<mark>'))).toBe(true);
    expect(arabic.meta.facets.language).toEqual([
      { value: 'ar', label: 'Arabic', count: arabic.meta.total },
    ]);

    const both = await search(visitor, `${s('leadership or القيادة')}&limit=50`);
    const languages = new Set(both.data.map((r) => r.training.language));
    expect(languages).toEqual(new Set(['en', 'ar']));
    const onlyEnglish = await search(visitor, `${s('leadership or القيادة')}&language=en&limit=50`);
    expect(onlyEnglish.data.every((r) => r.training.language === 'en')).toBe(true);
    expect(onlyEnglish.meta.facets.language).toEqual(both.meta.facets.language);
  });

  it('respects visibility: organizations, drafts and administrators', async () => {
    const titles = async (a: Agent, words: string) =>
      (await search(a, `${s(words)}&limit=50`)).data.map((r) => r.training.title);
    const visitor = agent(server);
    const learner = await signedIn(server, 'learner');
    const admin = await signedIn(server, 'admin');
    expect(await titles(visitor, 'warehouse')).not.toContain(
      'Warehouse Safety and Forklift Awareness',
    );
    expect(await titles(learner, 'warehouse')).toContain('Warehouse Safety and Forklift Awareness');
    expect(await titles(learner, 'clinical')).not.toContain('Clinical Data Privacy');
    expect(await titles(admin, 'clinical')).toContain('Clinical Data Privacy');
    expect(await titles(admin, 'quarterly strategy preview')).not.toContain(
      'Quarterly Strategy Preview',
    );
  });

  it('finds a training by its words, tags and visibility as they are now', async () => {
    const { db } = server();
    const learner = await signedIn(server, 'learner');
    const found = async (words: string) => ids(await search(learner, s(words)));
    const { rows: terms } = await db.query<{ tid: number }>(
      `INSERT INTO taxonomy_terms (vocabulary, name)
       SELECT machine_name, 'Marinequirk' FROM vocabularies ORDER BY weight LIMIT 1 RETURNING tid`,
    );
    const tid = terms[0]!.tid;
    const id = await server().app.repos.trainings.create({
      title: 'Zebrafish husbandry',
      summary: 'Tanks and feeding.',
      body: '<p>Water quality.</p>',
      image_url: '/images/trainings/cover-01.svg',
      image_alt: 'Zebrafish',
      language: 'en',
      price: null,
      tags: [tid],
      videos: [{ title: 'Intro', url: '/videos/intro.mp4', duration_seconds: 60 }],
    });
    for (const words of ['zebrafish', 'feeding', 'water quality', 'marinequirk'])
      expect(await found(words), words).toContain(id);

    await db.query(`UPDATE taxonomy_terms SET name = 'Aquaquirk' WHERE tid = $1`, [tid]);
    expect(await found('aquaquirk')).toContain(id);
    expect(await found('marinequirk')).not.toContain(id);

    // Its tag changed for another, then taken off.
    await db.query(`UPDATE taxonomy_terms SET name = 'Reefquirk' WHERE tid = $1`, [tid]);
    const { rows: others } = await db.query<{ tid: number }>(
      `INSERT INTO taxonomy_terms (vocabulary, name)
       SELECT vocabulary, 'Lagoonquirk' FROM taxonomy_terms WHERE tid = $1 RETURNING tid`,
      [tid],
    );
    await db.query('UPDATE training_terms SET tid = $2 WHERE training_id = $1', [
      id,
      others[0]!.tid,
    ]);
    expect(await found('lagoonquirk')).toContain(id);
    expect(await found('reefquirk')).not.toContain(id);
    await db.query('DELETE FROM training_terms WHERE training_id = $1', [id]);
    expect(await found('lagoonquirk')).not.toContain(id);

    await db.query(`UPDATE trainings SET title = 'Okapi husbandry' WHERE id = $1`, [id]);
    expect(await found('okapi')).toContain(id);
    expect(await found('zebrafish')).not.toContain(id);

    await db.query('UPDATE trainings SET published = false WHERE id = $1', [id]);
    expect(await found('okapi')).not.toContain(id);
    await db.query('UPDATE trainings SET published = true WHERE id = $1', [id]);
    expect(await found('okapi')).toContain(id);

    // Kept to an organization the learner is not in.
    await db.query(
      `INSERT INTO training_organizations (training_id, organization_id)
       SELECT $1, o.id FROM organizations o
        WHERE o.id NOT IN (SELECT organization_id FROM user_organizations u
                            JOIN users ON users.uid = u.uid WHERE users.name = 'learner')
        LIMIT 1`,
      [id],
    );
    expect(await found('okapi')).not.toContain(id);
    expect(ids(await search(await signedIn(server, 'admin'), s('okapi')))).toContain(id);

    await db.query('DELETE FROM trainings WHERE id = $1', [id]);
    expect(ids(await search(await signedIn(server, 'admin'), s('okapi')))).not.toContain(id);
  });

  it('names tags in the reader’s language, in the facets and on each training', async () => {
    const { rows } = await server().db.query<{ entity_id: string; value: string }>(
      `SELECT entity_id, value FROM content_translations
        WHERE entity = 'taxonomy_term' AND field = 'name' AND langcode = 'ar'`,
    );
    const arabic = new Map(rows.map((r) => [Number(r.entity_id), r.value]));
    const res = await agent(server).get(`/api/v2/search?${s('negotiation')}`, {
      headers: { 'accept-language': 'ar' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json<Search>();
    expect(meta.facets.tags.length).toBeGreaterThan(0);
    for (const tag of meta.facets.tags) expect(tag.label).toBe(arabic.get(tag.value));
    const tags = data.flatMap((r) => r.training.tags);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag.name).toBe(arabic.get(tag.tid));
    // In the site's language, the names as written.
    const english = await search(agent(server), s('negotiation'));
    expect(english.meta.facets.tags.map((t) => t.label)).not.toContain(
      arabic.get(english.meta.facets.tags[0]!.value),
    );
  });

  it('matches the last word as a prefix: "leader" finds what "leadership" finds', async () => {
    const visitor = agent(server);
    const leadership = await search(visitor, `${s('leadership')}&limit=50`);
    const leader = await search(visitor, `${s('leader')}&limit=50`);
    expect(leadership.meta.total).toBeGreaterThan(1);
    expect(leader.meta.total).toBeGreaterThanOrEqual(leadership.meta.total);
    expect(ids(leader)).toEqual(expect.arrayContaining(ids(leadership)));
    expect(leader.data.map((r) => r.training.title)).toContain(
      'Strategic Thinking for New Leaders',
    );
    // Only the word being typed: a finished (quoted) word or one before it matches whole.
    const whole = await search(visitor, `${s('"leader"')}&limit=50`);
    expect(whole.data.map((r) => r.training.title)).not.toContain('Inclusive Leadership');
    expect(whole.meta.total).toBeLessThan(leader.meta.total);
    const before = await search(visitor, `${s('leader thinking')}&limit=50`);
    expect(before.data.map((r) => r.training.title)).toEqual([
      'Strategic Thinking for New Leaders',
    ]);
    // An excluded last word stays whole too: "-leader" keeps the Leadership trainings.
    const excluded = await search(visitor, `${s('inclusive -leader')}&limit=50`);
    expect(excluded.data.map((r) => r.training.title)).toContain('Inclusive Leadership');
    // Arabic: the beginning of "القيادة" (leadership) finds it.
    const arabic = await search(visitor, s('القيا'));
    expect(arabic.data.map((r) => r.training.title)).toContain('أساسيات القيادة الفعالة');
  });

  it('stems words: plurals and verb forms find each other, in English and Arabic', async () => {
    const visitor = agent(server);
    const herding = await createTraining(server, {
      title: 'Herding with a shepherd',
      summary: 'One pony, many walks.',
    });
    const teachers = await createTraining(server, {
      title: 'دليل المعلم',
      summary: 'خطوات عملية للتدريس.',
      language: 'ar',
    });
    // Quoted, so that each word matches whole: only stemming can find these.
    for (const words of ['"shepherds"', '"herded"', '"herds"', '"ponies" "walked"'])
      expect(ids(await search(visitor, s(words))), words).toEqual([herding]);
    // "المعلمون" (the teachers) finds a title with "المعلم" (the teacher).
    for (const words of ['"المعلمون"', '"معلمين"'])
      expect(ids(await search(visitor, s(words))), words).toEqual([teachers]);
  });

  it('marks the matched words in titles as in snippets, escaping everything else', async () => {
    const visitor = agent(server);
    const leader = await search(visitor, `${s('leader')}&limit=50`);
    for (const r of leader.data) {
      expect(shownText(r.title_html)).toBe(r.training.title);
      expect(onlyMarks(r.title_html)).toBe(true);
    }
    const inclusive = leader.data.find((r) => r.training.title === 'Inclusive Leadership')!;
    expect(inclusive.title_html).toBe('Inclusive <mark>Leadership</mark>');
    const thinking = await search(visitor, s('new leader'));
    expect(thinking.data[0]!.title_html).toBe(
      'Strategic Thinking for <mark>New</mark> <mark>Leaders</mark>',
    );

    const hostile = 'Quillwort <script>alert("x")</script> & <img src=x onerror=alert(1)> care';
    await createTraining(server, { title: hostile, summary: 'Quillwort in ponds.' });
    const res = await search(visitor, s('quillwort'));
    expect(res.data).toHaveLength(1);
    const { title_html, snippet } = res.data[0]!;
    expect(title_html).toBe(
      '<mark>Quillwort</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; care',
    );
    expect(snippet).toBe('<mark>Quillwort</mark> in ponds.');
    expect(shownText(title_html)).toBe(hostile);

    const arabic = await search(visitor, s('القيادة'));
    const basics = arabic.data.find((r) => r.training.title === 'أساسيات القيادة الفعالة')!;
    expect(basics.title_html).toBe('أساسيات <mark>القيادة</mark> الفعالة');
  });

  describe('the search page rendered by the server', () => {
    let dir: string;
    let rendering: AtriumApp;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'atrium-client-'));
      await writeFile(
        path.join(dir, 'index.html'),
        '<!doctype html><html lang="en" dir="ltr"><head><title>Atrium</title>' +
          '<script type="module" src="/assets/index-1a2b3c4d.js"></script></head>' +
          '<body><div id="root"></div></body></html>',
      );
      rendering = await buildApp({
        db: server().db,
        seed: 'none',
        dataDir: dir,
        clientDir: dir,
        rendererFile: path.resolve('src/app/server-render.tsx'),
      });
    });
    afterAll(async () => {
      await rendering.close();
      await rm(dir, { recursive: true, force: true });
    });

    const page = async (back: string, host = 'atrium.example.org') => {
      const res = await rendering.inject({
        method: 'GET',
        url: `/search?s=leader&search_back_url=${encodeURIComponent(back)}`,
        headers: { host },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body, 'the page is rendered').toContain('Search results');
      return res.body;
    };
    /** The href of the page's Back link. */
    const backHref = (html: string) =>
      /<a [^>]*href="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*Back/.exec(html)?.[1];

    it('links back to a full address on this site as its path, and refuses other sites', async () => {
      const same = await page('http://atrium.example.org/trainings?tags=11&x=1#list');
      expect(backHref(same)).toBe('/trainings?tags=11&amp;x=1#list');
      expect(backHref(await page('/trainings?x=1'))).toBe('/trainings?x=1');
      for (const other of [
        'http://evil.example.org/trainings',
        'https://atrium.example.org/trainings',
        'http://atrium.example.org.evil.example.org/',
        '//evil.example.org/',
      ])
        expect(backHref(await page(other)), other).toBe('/');
    });

    it('shows the titles with their matched words marked', async () => {
      const html = await page('/');
      expect(html).toContain('Inclusive <mark>Leadership</mark>');
    });
  });

  it('validates the query', async () => {
    const visitor = agent(server);
    expect((await visitor.get('/api/v2/search')).statusCode).toBe(400);
    expect((await visitor.get('/api/v2/search?s=')).statusCode).toBe(400);
    expect((await visitor.get('/api/v2/search?s=x&limit=51')).statusCode).toBe(400);
    const nothing = await search(visitor, s('xylophonequartz'));
    expect(nothing.data).toEqual([]);
    expect(nothing.meta).toMatchObject({
      total: 0,
      totalPages: 0,
      facets: { tags: [], language: [], free: [] },
    });
  });

  it('ranks the first hits of a common word and estimates beyond the hits it counts', async () => {
    const db = server().db;
    const bulk = (from: number, to: number, title: string, summary: string) =>
      db.query(
        `INSERT INTO trainings (title, summary, language, created, updated)
         SELECT $3 || ' ' || g, $4, 'en', now() - g * interval '1 minute', now() - g * interval '1 minute'
           FROM generate_series($1::int, $2::int) g`,
        [from, to, title, summary],
      );
    // The hits ranked first are the newest: an older hit with more of the word comes after them.
    await bulk(1, RANKED_HITS, 'Quokka basics', 'A quokka.');
    await bulk(RANKED_HITS + 1, RANKED_HITS + 1, 'Quokka habitats', 'Quokka quokka quokka quokka.');
    const learner = await signedIn(server, 'learner');
    const first = await search(learner, `${s('quokka')}&limit=50`);
    expect(first.meta).toMatchObject({ total: RANKED_HITS + 1, page: 0 });
    expect(first.meta.estimated).toBeUndefined();
    const ranks = first.data.map((r) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const pages = [first.data];
    for (let page = 1; page < first.meta.totalPages; page++)
      pages.push((await search(learner, `${s('quokka')}&limit=50&page=${page}`)).data);
    const titles = pages.flat().map((r) => r.training.title);
    expect(new Set(titles).size).toBe(RANKED_HITS + 1);
    expect(titles.at(-1)).toBe(`Quokka habitats ${RANKED_HITS + 1}`);

    // More hits than it counts: the total and the facets are counted over the hits counted.
    await bulk(RANKED_HITS + 2, COUNTED_HITS + 10, 'Quokka more', '');
    const many = await search(learner, s('quokka'));
    expect(many.meta).toMatchObject({ estimated: true, total: COUNTED_HITS + 1 });
    expect(many.meta.facets.language).toEqual([
      { value: 'en', label: 'English', count: COUNTED_HITS + 1 },
    ]);
    expect(many.data).toHaveLength(10);
  });
});
