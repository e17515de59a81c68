import type { LearningOverview } from '@schemas/entities/learning-overview.schema';
import { expect, it } from 'vitest';
import {
  agent,
  describeEachDb,
  expectWeeklyCounts,
  getData,
  insertPastSubscriptions,
  periodStartSql,
  signedIn,
  uidOf,
} from './helpers';

const OVERVIEW = '/api/v2/learning/overview';
const HOUR = 60 * 60 * 1000;

/**
 * The learning overview reads totals the database keeps as subscriptions change. Whatever
 * happened (subscribing, completing, unsubscribing, subscriptions long ago, rows changed in
 * bulk, a training's topics changing, a user or a training deleted, many learners at once), its
 * figures must say what counting the subscriptions themselves says.
 */
describeEachDb('learning overview', (server) => {
  const db = () => server().db;
  const repos = () => server().app.repos;
  const tag = Math.random().toString(36).slice(2, 8);
  let made = 0;

  const newUser = async () =>
    repos().users.create({ name: `learning-${tag}-${(made += 1)}`, pass: 'x', roles: ['learner'] });
  /** The first term of each vocabulary that has terms. */
  const firstTerms = async () =>
    (
      await db().query<{ tid: number }>(
        `SELECT DISTINCT ON (vocabulary) tid FROM taxonomy_terms ORDER BY vocabulary, weight, tid`,
      )
    ).rows.map((r) => r.tid);
  const newTraining = async (title: string, tags: number[]) =>
    repos().trainings.create({
      title: `${title} ${tag}`,
      summary: '',
      body: '',
      image_url: '',
      image_alt: '',
      language: 'en',
      price: null,
      tags,
      videos: [1, 2].map((n) => ({ title: `Part ${n}`, url: `/v/${n}.mp4`, duration_seconds: 60 })),
    });

  /** The overview's figures counted from the subscriptions themselves. */
  async function fromTheSubscriptions(months: number) {
    const weeks = await db().query<{ week: string; subscriptions: number; completions: number }>(
      `SELECT to_char(week, 'YYYY-MM-DD') AS week, sum(s)::int AS subscriptions,
              sum(c)::int AS completions
         FROM (SELECT date_trunc('week', subscribed_at AT TIME ZONE 'UTC') AS week, 1 AS s, 0 AS c
                 FROM subscriptions WHERE subscribed_at >= ${periodStartSql(months)}
               UNION ALL
               SELECT date_trunc('week', completed_at AT TIME ZONE 'UTC'), 0, 1
                 FROM subscriptions WHERE completed_at >= ${periodStartSql(months)}) x
        GROUP BY 1 ORDER BY 1`,
    );
    const allTime = await db().query<{ subscriptions: number; completions: number }>(
      `SELECT count(*)::int AS subscriptions, count(completed_at)::int AS completions
         FROM subscriptions`,
    );
    const top = await db().query<LearningOverview['top_trainings'][number]>(
      `SELECT t.id AS training_id, t.title, t.language, count(*)::int AS subscriptions,
              count(s.completed_at)::int AS completions
         FROM subscriptions s JOIN trainings t ON t.id = s.training_id
        GROUP BY t.id ORDER BY 4 DESC, 5 DESC, t.id LIMIT 5`,
    );
    const topics = await db().query<LearningOverview['topics'][number]>(
      `SELECT term.tid, term.vocabulary, term.name, count(*)::int AS subscriptions,
              count(s.completed_at)::int AS completions
         FROM subscriptions s
         JOIN training_terms tt ON tt.training_id = s.training_id
         JOIN taxonomy_terms term ON term.tid = tt.tid
        GROUP BY term.tid
        ORDER BY count(s.completed_at)::float8 / count(*) DESC, count(*) DESC, term.name, term.tid`,
    );
    return {
      weeks: weeks.rows,
      all_time: allTime.rows[0]!,
      top_trainings: top.rows,
      topics: topics.rows,
    };
  }

  async function expectOverviewToMatch(months: 6 | 12) {
    const courseadmin = await signedIn(server, 'courseadmin');
    const overview = await getData<LearningOverview>(courseadmin, `${OVERVIEW}?months=${months}`);
    const counted = await fromTheSubscriptions(months);
    expect(overview.months).toBe(months);
    expectWeeklyCounts(overview, counted.weeks, ['subscriptions', 'completions']);
    expect(overview.all_time).toEqual(counted.all_time);
    expect(overview.top_trainings).toEqual(counted.top_trainings);
    expect(overview.topics).toEqual(counted.topics);
    const vocabularies = await db().query<{ type: string }>(
      'SELECT machine_name AS type FROM vocabularies ORDER BY weight, machine_name',
    );
    expect(overview.vocabularies.map((v) => v.type)).toEqual(vocabularies.rows.map((r) => r.type));
    return overview;
  }

  it('says what counting the subscriptions says, whatever changes them', async () => {
    const { subscriptions } = repos();
    const [first, second] = await firstTerms();
    const popular = await newTraining('Popular', [first!]);
    const doomed = await newTraining('Doomed', [first!, second!]);
    const learnerUid = await uidOf(server, 'learner');

    // The demo learner subscribes through the interface and completes both videos.
    const learner = await signedIn(server, 'learner');
    const subscribed = await learner.post(`/api/v2/trainings/${popular}/subscription`, {});
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const { videos } = (await repos().trainings.get({ uid: learnerUid, manage: true }, popular))!;
    const start = Date.now() - 4 * HOUR;
    for (const [j, video] of videos.entries()) {
      await subscriptions.open(learnerUid, popular, video.id, new Date(start + j * HOUR));
      await subscriptions.watch(learnerUid, popular, video.id, new Date(start + (j + 1) * HOUR));
    }

    // Others subscribe; one of them unsubscribes again.
    const [a, b, c, d, e, f] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
    ];
    for (const uid of [a, b, c]) await subscriptions.subscribe(uid, popular);
    await subscriptions.subscribe(d, doomed);
    await subscriptions.subscribe(a, doomed);
    expect(await subscriptions.unsubscribe(b, popular)).toBe(true);

    // Subscriptions made long ago, in one statement: within the last 12 months only, and before
    // both periods; then moved and completed in bulk.
    await insertPastSubscriptions(server, [
      { uid: e, training: popular, daysAgo: { subscribed: 250, active: 240, completed: 240 } },
      { uid: f, training: popular, daysAgo: { subscribed: 400, active: 400, completed: null } },
      { uid: e, training: doomed, daysAgo: { subscribed: 300, active: 300, completed: null } },
    ]);
    await db().query(
      `UPDATE subscriptions SET subscribed_at = subscribed_at - interval '3 days',
              completed_at = coalesce(completed_at, now() - interval '20 days')
        WHERE uid IN ($1, $2) AND subscribed_at < now() - interval '200 days'`,
      [e, f],
    );
    const before = await expectOverviewToMatch(12);
    expect(before.top_trainings.find((t) => t.training_id === popular)).toMatchObject({
      subscriptions: 5,
      completions: 3,
    });

    // A training's topics change: its subscriptions count for its new topic, not the old one.
    await db().query('DELETE FROM training_terms WHERE training_id = $1', [popular]);
    await db().query('INSERT INTO training_terms (training_id, tid) VALUES ($1, $2)', [
      popular,
      second,
    ]);
    // A user and a training are deleted, with their subscriptions.
    await db().query('DELETE FROM users WHERE uid = $1', [c]);
    await db().query('DELETE FROM trainings WHERE id = $1', [doomed]);

    for (const months of [6, 12] as const) await expectOverviewToMatch(months);
    const after = await expectOverviewToMatch(12);
    expect(after.top_trainings.find((t) => t.training_id === popular)).toMatchObject({
      subscriptions: 4,
      completions: 3,
    });
    expect(after.top_trainings.some((t) => t.training_id === doomed)).toBe(false);
    const keptRows = await db().query('SELECT 1 FROM training_learning WHERE training_id = $1', [
      doomed,
    ]);
    expect(keptRows.rows).toHaveLength(0);
    // The subscription 250 days ago is in the 12 months only.
    const courseadmin = await signedIn(server, 'courseadmin');
    const six = await getData<LearningOverview>(courseadmin, `${OVERVIEW}?months=6`);
    const twelve = await getData<LearningOverview>(courseadmin, `${OVERVIEW}?months=12`);
    expect(twelve.totals.subscriptions - six.totals.subscriptions).toBeGreaterThanOrEqual(1);
  });

  it('counts learners subscribing and unsubscribing at the same time', async () => {
    const { subscriptions } = repos();
    const [first] = await firstTerms();
    const trainings = [await newTraining('Busy one', [first!]), await newTraining('Busy two', [])];
    const uids = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    await Promise.all(
      uids.flatMap((uid) => trainings.map((id) => subscriptions.subscribe(uid, id))),
    );
    await Promise.all(
      uids
        .filter((_, i) => i % 3 === 0)
        .map((uid) => subscriptions.unsubscribe(uid, trainings[0]!)),
    );
    const overview = await expectOverviewToMatch(6);
    const busy = (id: number) => overview.top_trainings.find((t) => t.training_id === id);
    expect(busy(trainings[1]!)?.subscriptions).toBe(12);
    expect(busy(trainings[0]!)?.subscriptions).toBe(8);
  });

  it('counts the subscriptions made before its migration', async () => {
    // The migration counts what was there with its rebuild function: run it on emptied totals.
    const learner = await uidOf(server, 'learner');
    const [first] = await firstTerms();
    const training = await newTraining('Earlier', [first!]);
    await insertPastSubscriptions(server, [
      { uid: learner, training, daysAgo: { subscribed: 30, active: 2, completed: 2 } },
    ]);
    await db().transaction(async (tx) => {
      await tx.query('DELETE FROM learning_weekly');
      await tx.query('DELETE FROM training_learning');
      await tx.query('DELETE FROM term_learning');
      await tx.query('SELECT atrium_learning_overview_rebuild()');
    });
    for (const months of [6, 12] as const) await expectOverviewToMatch(months);
  });

  it('forgets a deleted topic and keeps counting the others', async () => {
    const [first] = await firstTerms();
    const topic = await db().query<{ tid: number }>(
      `INSERT INTO taxonomy_terms (vocabulary, name, weight)
       SELECT vocabulary, 'Short-lived topic', 99 FROM taxonomy_terms WHERE tid = $1
       RETURNING tid`,
      [first],
    );
    const tid = topic.rows[0]!.tid;
    const training = await newTraining('Tagged', [first!, tid]);
    await repos().subscriptions.subscribe(await newUser(), training);
    const before = await expectOverviewToMatch(12);
    expect(before.topics.find((t) => t.tid === tid)).toMatchObject({ subscriptions: 1 });
    await db().query('DELETE FROM taxonomy_terms WHERE tid = $1', [tid]);
    const after = await expectOverviewToMatch(12);
    expect(after.topics.find((t) => t.tid === tid)).toBeUndefined();
  });

  it('is for course administrators only, for 6 or 12 months', async () => {
    expect((await agent(server).get(OVERVIEW)).statusCode).toBe(401);
    const learner = await signedIn(server, 'learner');
    expect((await learner.get(OVERVIEW)).statusCode).toBe(403);
    const trainer = await signedIn(server, 'trainer');
    expect((await trainer.get(OVERVIEW)).statusCode).toBe(403);
    const courseadmin = await signedIn(server, 'courseadmin');
    expect((await courseadmin.get(`${OVERVIEW}?months=7`)).statusCode).toBe(400);
    expect((await getData<LearningOverview>(courseadmin, OVERVIEW)).months).toBe(6);
  });
});
