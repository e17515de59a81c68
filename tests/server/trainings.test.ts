import type { ListMeta } from '@schemas/entities/common.schema';
import type { Subscription, Training, TrainingListItem } from '@schemas/entities/training.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

type TrainingList = { data: TrainingListItem[]; meta: ListMeta };

describeEachDb('trainings', (server) => {
  const idOf = async (title: string) =>
    (await server().db.query<{ id: number }>('SELECT id FROM trainings WHERE title = $1', [title]))
      .rows[0]!.id;
  const count = async (sql: string) => (await server().db.query<{ n: number }>(sql)).rows[0]!.n;
  const termOf = async (name: string) =>
    (
      await server().db.query<{ tid: number }>('SELECT tid FROM taxonomy_terms WHERE name = $1', [
        name,
      ])
    ).rows[0]!.tid;
  const allPages = async (a: Agent, query: string, limit: number) => {
    const ids: number[] = [];
    for (let page = 0; ; page++) {
      const res = (
        await a.get(`/api/v2/trainings?${query}&limit=${limit}&page=${page}`)
      ).json<TrainingList>();
      ids.push(...res.data.map((t) => t.id));
      if (page >= res.meta.totalPages - 1) return { ids, meta: res.meta };
    }
  };

  it('the demo catalogue has 60+ trainings in both languages with 2-6 videos each', async () => {
    expect(
      await count('SELECT count(*)::int AS n FROM trainings WHERE published'),
    ).toBeGreaterThanOrEqual(60);
    expect(
      await count(`SELECT count(*)::int AS n FROM trainings WHERE language = 'ar'`),
    ).toBeGreaterThanOrEqual(20);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM (SELECT training_id, count(*) AS c FROM training_videos GROUP BY training_id) v WHERE c NOT BETWEEN 2 AND 6`,
      ),
    ).toBe(0);
  });

  it('pages the catalogue in a stable order for every sort', async () => {
    const admin = await signedIn(server, 'admin');
    for (const sort of ['newest', 'title', 'personalized']) {
      const all = (
        await admin.get(`/api/v2/trainings?sort=${sort}&limit=100`)
      ).json<TrainingList>();
      const paged = await allPages(admin, `sort=${sort}`, 7);
      expect(paged.ids, sort).toEqual(all.data.map((t) => t.id));
      expect(new Set(paged.ids).size).toBe(paged.ids.length);
      expect(paged.meta).toMatchObject({
        limit: 7,
        total: all.meta.total,
        totalPages: Math.ceil(all.meta.total / 7),
      });
    }
    const newest = (await admin.get('/api/v2/trainings?limit=100')).json<TrainingList>().data;
    const times = newest.map((t) => Date.parse(t.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by tags, language, free and ids', async () => {
    const visitor = agent(server);
    const leadership = await termOf('Leadership');
    const beginner = await termOf('Beginner');
    const communication = await termOf('Communication');
    const one = (
      await visitor.get(`/api/v2/trainings?tags[]=${leadership}&limit=100`)
    ).json<TrainingList>();
    expect(one.data.length).toBeGreaterThan(2);
    for (const t of one.data) expect(t.tags.map((x) => x.tid)).toContain(leadership);
    // Terms of one vocabulary widen, terms of different vocabularies narrow.
    const either = (
      await visitor.get(`/api/v2/trainings?tags[]=${leadership}&tags[]=${communication}&limit=100`)
    ).json<TrainingList>();
    expect(either.meta.total).toBeGreaterThan(one.meta.total);
    const both = (
      await visitor.get(`/api/v2/trainings?tags[]=${leadership}&tags[]=${beginner}&limit=100`)
    ).json<TrainingList>();
    expect(both.meta.total).toBeGreaterThan(0);
    expect(both.meta.total).toBeLessThan(one.meta.total);
    for (const t of both.data)
      expect(t.tags.map((x) => x.tid)).toEqual(expect.arrayContaining([leadership, beginner]));

    const arabic = (
      await visitor.get('/api/v2/trainings?language=ar&limit=100')
    ).json<TrainingList>();
    expect(arabic.meta.total).toBeGreaterThanOrEqual(18);
    expect(arabic.data.every((t) => t.language === 'ar')).toBe(true);

    const free = (await visitor.get('/api/v2/trainings?free=true&limit=100')).json<TrainingList>();
    expect(free.data.every((t) => t.free && t.price === null)).toBe(true);
    const paid = (await visitor.get('/api/v2/trainings?free=false&limit=100')).json<TrainingList>();
    expect(paid.data.every((t) => !t.free && typeof t.price === 'number')).toBe(true);
    const everything = (await visitor.get('/api/v2/trainings?limit=100')).json<TrainingList>();
    expect(free.meta.total + paid.meta.total).toBe(everything.meta.total);

    const ids = everything.data.slice(3, 6).map((t) => t.id);
    const hidden = await idOf('Clinical Data Privacy');
    const picked = (
      await visitor.get(
        `/api/v2/trainings?${[...ids, hidden].map((id) => `ids[]=${id}`).join('&')}`,
      )
    ).json<TrainingList>();
    expect(picked.data.map((t) => t.id).sort()).toEqual([...ids].sort());

    expect((await visitor.get('/api/v2/trainings?sort=random')).statusCode).toBe(400);
    expect((await visitor.get('/api/v2/trainings?limit=101')).statusCode).toBe(400);
  });

  it('shows each caller only the trainings they may see', async () => {
    const visitor = agent(server);
    const learner = await signedIn(server, 'learner');
    const trainer = await signedIn(server, 'trainer');
    const admin = await signedIn(server, 'admin');
    const open = await count(
      `SELECT count(*)::int AS n FROM trainings t WHERE published AND NOT EXISTS (SELECT 1 FROM training_organizations o WHERE o.training_id = t.id)`,
    );
    const published = await count('SELECT count(*)::int AS n FROM trainings WHERE published');
    const totalOf = async (a: Agent) =>
      (await a.get('/api/v2/trainings?limit=1')).json<TrainingList>().meta.total;
    expect(await totalOf(visitor)).toBe(open);
    expect(await totalOf(learner)).toBeGreaterThan(open);
    expect(await totalOf(learner)).toBeLessThan(published);
    expect(await totalOf(admin)).toBe(published);

    const ownOrg = await idOf('Warehouse Safety and Forklift Awareness');
    const foreignOrg = await idOf('Clinical Data Privacy');
    const draft = await idOf('Quarterly Strategy Preview');
    const status = async (a: Agent, id: number) =>
      (await a.get(`/api/v2/trainings/${id}`)).statusCode;
    expect(await status(visitor, ownOrg)).toBe(404);
    expect(await status(learner, ownOrg)).toBe(200);
    expect(await status(trainer, ownOrg)).toBe(404);
    expect(await status(learner, foreignOrg)).toBe(404);
    expect(await status(trainer, foreignOrg)).toBe(200);
    expect(await status(admin, foreignOrg)).toBe(200);
    for (const a of [visitor, learner, admin]) expect(await status(a, draft)).toBe(404);
    expect(await status(admin, 999999)).toBe(404);

    const detail = (await learner.get(`/api/v2/trainings/${ownOrg}`)).json<{ data: Training }>()
      .data;
    expect(detail.organizations.map((o) => o.name)).toEqual(['Blue Harbor Logistics']);
    expect(detail.videos.length).toBeGreaterThanOrEqual(2);
    expect(detail.videos.map((v) => v.position)).toEqual(detail.videos.map((_, i) => i));
    expect(detail.body).toMatch(/^<p>/);
    expect(detail.image.url).toMatch(/^\/images\/trainings\/cover-\d\d\.svg$/);
    expect(detail.image.alt).toContain(detail.title);

    // A subscription to a training one may not see is refused too.
    expect((await learner.post(`/api/v2/trainings/${foreignOrg}/subscription`)).statusCode).toBe(
      404,
    );
  });

  it('subscribes idempotently, records progress, completes and archives', async () => {
    const learner = await signedIn(server, 'learner');
    const id = await idOf('Writing Clear Business Emails');
    const first = await learner.post(`/api/v2/trainings/${id}/subscription`);
    expect(first.statusCode).toBe(200);
    const subscription = first.json<{ data: Subscription }>().data;
    expect(subscription).toMatchObject({
      status: 'in_progress',
      progress: 0,
      completed_at: null,
      watched_videos: [],
    });
    const again = await learner.post(`/api/v2/trainings/${id}/subscription`);
    expect(again.json()).toEqual(first.json());
    expect(
      await count(`SELECT count(*)::int AS n FROM subscriptions WHERE training_id = ${id}`),
    ).toBe(1);

    const training = (await learner.get(`/api/v2/trainings/${id}`)).json<{ data: Training }>().data;
    expect(training.subscription).toEqual(subscription);
    const videos = training.videos;
    // The learner opened every video an hour ago: long enough to have seen them all.
    for (const video of videos)
      await learner.post(`/api/v2/trainings/${id}/opened_videos`, { video_id: video.id });
    await server().db.query(
      `UPDATE video_opens SET opened_at = opened_at - interval '1 hour'
        WHERE uid = (SELECT uid FROM users WHERE name = 'learner')`,
    );
    let last: Subscription | undefined;
    for (const [i, video] of videos.entries()) {
      const res = await learner.post(`/api/v2/trainings/${id}/progress`, { video_id: video.id });
      expect(res.statusCode).toBe(200);
      last = res.json<{ data: Subscription }>().data;
      expect(last.progress).toBe(Math.floor(((i + 1) * 100) / videos.length));
      expect(last.status).toBe(i === videos.length - 1 ? 'completed' : 'in_progress');
    }
    expect(last!.completed_at).not.toBeNull();
    // Watching again keeps the first completion time.
    const rewatch = await learner.post(`/api/v2/trainings/${id}/progress`, {
      video_id: videos[0]!.id,
    });
    expect(rewatch.json<{ data: Subscription }>().data).toMatchObject({
      status: 'completed',
      progress: 100,
      completed_at: last!.completed_at,
    });

    const archive = (
      await learner.get('/api/v2/me/trainings?status=completed')
    ).json<TrainingList>();
    expect(archive.data[0]!.id).toBe(id);
    expect(archive.data.every((t) => t.subscription?.status === 'completed')).toBe(true);
    const inProgress = (
      await learner.get('/api/v2/me/trainings?status=in_progress')
    ).json<TrainingList>();
    expect(inProgress.data.map((t) => t.id)).not.toContain(id);
    expect(inProgress.data.every((t) => t.subscription?.status === 'in_progress')).toBe(true);

    const removed = await learner.delete(`/api/v2/trainings/${id}/subscription`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { subscribed: false } });
    expect((await learner.delete(`/api/v2/trainings/${id}/subscription`)).statusCode).toBe(404);
    const after = (await learner.get(`/api/v2/trainings/${id}`)).json<{ data: Training }>().data;
    expect(after.subscription).toBeNull();
    expect(
      (await learner.get('/api/v2/me/trainings?status=completed'))
        .json<TrainingList>()
        .data.map((t) => t.id),
    ).not.toContain(id);
  });

  it('refuses progress without a subscription (409) and for another training’s video (400), writing nothing', async () => {
    const learner = await signedIn(server, 'learner');
    const id = await idOf('Running Effective Meetings');
    const other = await idOf('Inclusive Leadership');
    const video = (await learner.get(`/api/v2/trainings/${id}`)).json<{ data: Training }>().data
      .videos[0]!;
    const otherVideo = (await learner.get(`/api/v2/trainings/${other}`)).json<{ data: Training }>()
      .data.videos[0]!;
    const watched = () =>
      count(
        `SELECT count(*)::int AS n FROM watched_videos WHERE video_id IN (${video.id}, ${otherVideo.id})`,
      );

    const res = await learner.post(`/api/v2/trainings/${id}/progress`, { video_id: video.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Subscribe to this training first.' });
    expect(await watched()).toBe(0);

    await learner.post(`/api/v2/trainings/${id}/subscription`);
    const wrong = await learner.post(`/api/v2/trainings/${id}/progress`, {
      video_id: otherVideo.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await watched()).toBe(0);
    expect((await learner.post(`/api/v2/trainings/${id}/progress`, { video: 1 })).statusCode).toBe(
      400,
    );
    expect(
      await count(
        `SELECT count(*)::int AS n FROM subscriptions s JOIN users u ON u.uid = s.uid WHERE u.name = 'learner' AND s.training_id = ${id} AND s.completed_at IS NULL`,
      ),
    ).toBe(1);
    await learner.delete(`/api/v2/trainings/${id}/subscription`);
  });

  it('needs a signed-in user for subscriptions, progress, recommendations and my trainings', async () => {
    const visitor = agent(server);
    const id = await idOf('Running Effective Meetings');
    expect((await visitor.post(`/api/v2/trainings/${id}/subscription`)).statusCode).toBe(401);
    expect((await visitor.delete(`/api/v2/trainings/${id}/subscription`)).statusCode).toBe(401);
    expect(
      (await visitor.post(`/api/v2/trainings/${id}/progress`, { video_id: 1 })).statusCode,
    ).toBe(401);
    expect((await visitor.get('/api/v2/trainings/recommended')).statusCode).toBe(401);
    expect((await visitor.get('/api/v2/me/trainings?status=completed')).statusCode).toBe(401);
  });

  it('seeds the demo learner with three trainings in progress and two completed', async () => {
    const learner = await signedIn(server, 'learner');
    const inProgress = (
      await learner.get('/api/v2/me/trainings?status=in_progress')
    ).json<TrainingList>();
    const completed = (
      await learner.get('/api/v2/me/trainings?status=completed')
    ).json<TrainingList>();
    expect(inProgress.meta.total).toBe(3);
    expect(completed.meta.total).toBe(2);
    for (const t of inProgress.data) {
      expect(t.subscription!.progress).toBeGreaterThan(0);
      expect(t.subscription!.progress).toBeLessThan(100);
    }
    const activity = inProgress.data.map((t) => t.subscription!.subscribed_at);
    expect(activity).toEqual([...activity].sort().reverse());
  });

  it('recommends visible trainings not yet subscribed, sharing tags first', async () => {
    const learner = await signedIn(server, 'learner');
    const mine = [
      ...(
        await learner.get('/api/v2/me/trainings?status=in_progress&limit=100')
      ).json<TrainingList>().data,
      ...(await learner.get('/api/v2/me/trainings?status=completed&limit=100')).json<TrainingList>()
        .data,
    ];
    const res = await learner.get('/api/v2/trainings/recommended');
    expect(res.statusCode).toBe(200);
    const recommended = res.json<{ data: TrainingListItem[] }>().data;
    expect(recommended).toHaveLength(6);
    const subscribed = new Set(mine.map((t) => t.id));
    expect(recommended.some((t) => subscribed.has(t.id))).toBe(false);
    expect(recommended.every((t) => t.subscription === null)).toBe(true);
    const myTags = new Set(mine.flatMap((t) => t.tags.map((x) => x.tid)));
    const shared = recommended.map((t) => t.tags.filter((x) => myTags.has(x.tid)).length);
    expect(shared).toEqual([...shared].sort((a, b) => b - a));

    const many = (await learner.get('/api/v2/trainings/recommended?limit=24')).json<{
      data: TrainingListItem[];
    }>().data;
    expect(many).toHaveLength(24);
    const foreign = new Set([
      await idOf('Clinical Data Privacy'),
      await idOf('Patient Communication Skills'),
    ]);
    expect(many.some((t) => foreign.has(t.id))).toBe(false);
    expect((await learner.get('/api/v2/trainings/recommended?limit=25')).statusCode).toBe(400);

    // Subscribing removes a training from the recommendations.
    const top = recommended[0]!.id;
    await learner.post(`/api/v2/trainings/${top}/subscription`);
    const next = (await learner.get('/api/v2/trainings/recommended')).json<{
      data: TrainingListItem[];
    }>().data;
    expect(next.map((t) => t.id)).not.toContain(top);
    await learner.delete(`/api/v2/trainings/${top}/subscription`);
  });

  it('follows a training’s organizations and tags as they change', async () => {
    const visitor = agent(server);
    const learner = await signedIn(server, 'learner');
    const db = server().db;
    const [first, second] = (
      await db.query<{ tid: number }>('SELECT tid FROM taxonomy_terms ORDER BY tid LIMIT 2')
    ).rows.map((r) => r.tid);
    const org = (
      await db.query<{ organization_id: number }>(
        `SELECT organization_id FROM user_organizations
          WHERE uid = (SELECT uid FROM users WHERE name = 'learner') LIMIT 1`,
      )
    ).rows[0]!.organization_id;
    const id = await server().app.repos.trainings.create({
      title: 'Changing Audiences Workshop',
      summary: 'A workshop whose audience and tags change.',
      body: '<p>Changing audiences.</p>',
      image_url: '/images/trainings/cover-01.svg',
      image_alt: 'Changing Audiences Workshop',
      language: 'en',
      price: null,
      organizations: [org],
      tags: [first!],
    });
    const seen = async (a: Agent, query = '') =>
      (await a.get(`/api/v2/trainings?limit=100&ids=${id}${query}`))
        .json<TrainingList>()
        .data.map((t) => t.id);
    const found = async (a: Agent) =>
      (await a.get('/api/v2/search?s=changing+audiences'))
        .json<{ data: { training: TrainingListItem }[] }>()
        .data.map((r) => r.training.id);

    expect(await seen(visitor)).toEqual([]);
    expect(await found(visitor)).toEqual([]);
    expect(await seen(learner)).toEqual([id]);
    expect(await found(learner)).toEqual([id]);

    // Without organizations it is open to everyone; with one again, kept to its members.
    await db.query('DELETE FROM training_organizations WHERE training_id = $1', [id]);
    expect(await seen(visitor)).toEqual([id]);
    expect(await found(visitor)).toEqual([id]);
    await db.query(
      'INSERT INTO training_organizations (training_id, organization_id) VALUES ($1, $2)',
      [id, org],
    );
    expect(await seen(visitor)).toEqual([]);
    expect(await found(visitor)).toEqual([]);

    // The tag filters follow its tags.
    expect(await seen(learner, `&tags=${first}`)).toEqual([id]);
    await db.query('UPDATE training_terms SET tid = $2 WHERE training_id = $1', [id, second]);
    expect(await seen(learner, `&tags=${first}`)).toEqual([]);
    expect(await seen(learner, `&tags=${second}`)).toEqual([id]);
    await db.query('DELETE FROM training_terms WHERE training_id = $1', [id]);
    expect(await seen(learner, `&tags=${second}`)).toEqual([]);
    expect(await seen(learner)).toEqual([id]);
  });
});
