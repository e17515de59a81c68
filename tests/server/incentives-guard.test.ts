import {
  awardGuardDefaults,
  fillGuardMessage,
  guardMessages,
  matchGuardMessage,
  type AwardGuard,
  type Rule,
  type Rules,
  type Transaction,
} from '@schemas/entities/incentives.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import type { Subscription, VideoOpened } from '@schemas/entities/training.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { expect, it } from 'vitest';
import { agent, describeEachDb, sampleLockWaits, signedIn, type Agent } from './helpers';

const RULES = '/api/v2/settings/incentives/rules';
const TRANSACTIONS = '/api/v2/incentives/transactions';
const PASSWORD = 'a-long-enough-password';
/** Every video of the trainings made here is this long. */
const VIDEO_SECONDS = 300;

const defaults = (): Rule[] => ruleTypes.map((r) => ({ type: r.type, ...r.defaults }));
const completedRule = ruleTypes.find((r) => r.type === 'training_completed')!;

/** The minutes a "too soon" answer asks to wait (fails on any other message). */
function waitOf(message: string): number {
  const match = matchGuardMessage(message);
  expect(match?.template).toBe(guardMessages.tooSoon);
  const minutes = Number(match!.values.minutes);
  expect(minutes).toBeGreaterThanOrEqual(1);
  return minutes;
}

/*
 * The cheat guard: per-person limits over a rolling time frame, a least time between two awards
 * of one rule, held-back awards listed with their reason, and a viewing time before a video
 * counts as watched. The burst is the attack seen on the demo: a learner marking every video of
 * 100 trainings watched at once.
 */
describeEachDb('incentives: the cheat guard', (server) => {
  let serial = 0;
  const db = () => server().db;
  const count = async (sql: string, params: unknown[] = []) =>
    (await db().query<{ n: number }>(sql, params)).rows[0]!.n;
  const wallet = async (uid: number) => (await server().app.repos.points.wallet(uid)).points;

  /** Saves the default rules with some changed and the guard given (defaults when left out). */
  const setRules = async (
    changes: Partial<Record<string, Partial<Rule>>> = {},
    guard?: Partial<AwardGuard>,
  ) => {
    const admin = await signedIn(server, 'admin');
    const rules = defaults().map((r) => ({ ...r, ...changes[r.type] }));
    const res = await admin.post(RULES, {
      rules,
      expiry_schedule_id: null,
      ...(guard ? { guard: { ...awardGuardDefaults, ...guard } } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return admin;
  };

  /** A new learner with no points and no history, signed in. */
  const newLearner = async (admin: Agent): Promise<{ uid: number; learner: Agent }> => {
    serial += 1;
    const name = `guard-${serial}-${Date.now().toString(36)}`;
    const created = await admin.post('/api/v2/users', {
      name,
      mail: `${name}@example.com`,
      password: PASSWORD,
      roles: ['learner'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const learner = agent(server);
    expect((await learner.login(name, PASSWORD)).statusCode).toBe(200);
    return { uid: created.json<{ data: { uid: number } }>().data.uid, learner };
  };

  /** Published trainings open to everyone, with `videosOf(i)` videos of VIDEO_SECONDS each. */
  const makeTrainings = async (n: number, videosOf: (i: number) => number) => {
    serial += 1;
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1)
      ids.push(
        await server().app.repos.trainings.create({
          title: `Guard ${serial} training ${i + 1}`,
          summary: '',
          body: '',
          image_url: '',
          image_alt: '',
          language: 'en',
          price: null,
          videos: Array.from({ length: videosOf(i) }, (_, j) => ({
            title: `Part ${j + 1}`,
            url: `/videos/guard-${serial}-${i}-${j}.mp4`,
            duration_seconds: VIDEO_SECONDS,
          })),
        }),
      );
    const { rows } = await db().query<{ id: number; training_id: number }>(
      `SELECT id, training_id FROM training_videos WHERE training_id = ANY($1::int[])
        ORDER BY training_id, position`,
      [ids],
    );
    return { ids, videos: rows };
  };

  const claim = (learner: Agent, video: { id: number; training_id: number }) =>
    learner.post(`/api/v2/trainings/${video.training_id}/progress`, { video_id: video.id });
  const open = (learner: Agent, video: { id: number; training_id: number }) =>
    learner.post(`/api/v2/trainings/${video.training_id}/opened_videos`, { video_id: video.id });
  /** As if the learner had opened their videos `seconds` earlier. */
  const openedEarlier = (uid: number, seconds: number) =>
    db().query(
      `UPDATE video_opens SET opened_at = opened_at - make_interval(secs => $2) WHERE uid = $1`,
      [uid, seconds],
    );
  const completions = (uid: number) =>
    count(
      'SELECT count(*)::int AS n FROM subscriptions WHERE uid = $1 AND completed_at IS NOT NULL',
      [uid],
    );
  const paidAwards = (uid: number) =>
    count('SELECT count(*)::int AS n FROM incentive_awards WHERE uid = $1 AND points > 0', [uid]);
  const heldList = async (admin: Agent, uid: number) => {
    const res = await admin.get(`${TRANSACTIONS}?uid=${uid}&kind=held&limit=100`);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Transaction[]; meta: ListMeta }>();
  };

  it('a burst of one learner’s claims waits its turn in memory: no connection waits for their rows', async () => {
    const admin = await setRules();
    const { uid, learner } = await newLearner(admin);
    const { ids, videos } = await makeTrainings(100, () => 3);
    const subscribed = await Promise.all(
      ids.map((id) => learner.post(`/api/v2/trainings/${id}/subscription`)),
    );
    expect(subscribed.every((r) => r.statusCode === 200)).toBe(true);
    const opened = await Promise.all(videos.map((v) => open(learner, v)));
    expect(opened.every((r) => r.statusCode === 200)).toBe(true);
    await openedEarlier(uid, 7 * 86_400);
    // Each claim locks the learner's viewing clock, and each completion their balance; at once,
    // they would each hold a connection of the pool while waiting for them.
    const waits = sampleLockWaits(db());
    const claims = await Promise.all(videos.map((v) => claim(learner, v)));
    const { most, samples } = await waits.stop();
    expect(claims.map((r) => r.statusCode)).toEqual(videos.map(() => 200));
    expect(await completions(uid)).toBe(100);
    expect(samples).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(1);
  });

  it('holds back a burst of 100 completed trainings beyond the default limits, and lists every held award', async () => {
    // Only completions pay here, so the figures are the guard's alone.
    const admin = await setRules({ training_subscribed: { enabled: false } });
    const guard = (await admin.get(RULES)).json<{ data: Rules }>().data.guard;
    expect(guard).toEqual(awardGuardDefaults);
    const { uid, learner } = await newLearner(admin);
    // 20 trainings with 4 videos and 80 with 3: 320 claims, as in the attack.
    const { ids, videos } = await makeTrainings(100, (i) => (i < 20 ? 4 : 3));
    expect(videos).toHaveLength(320);
    const subscribed = await Promise.all(
      ids.map((id) => learner.post(`/api/v2/trainings/${id}/subscription`)),
    );
    expect(subscribed.every((r) => r.statusCode === 200)).toBe(true);
    const opened = await Promise.all(videos.map((v) => open(learner, v)));
    expect(opened.map((r) => r.statusCode)).toEqual(videos.map(() => 200));

    // Every claim at once, right after opening: none is plausible, nothing completes or pays.
    const early = await Promise.all(videos.map((v) => claim(learner, v)));
    expect(early.map((r) => r.statusCode)).toEqual(videos.map(() => 409));
    expect(waitOf(early[0]!.json<{ message: string }>().message)).toBeLessThanOrEqual(
      Math.ceil((VIDEO_SECONDS * guard!.min_watch_percent) / 100 / 60),
    );
    expect(await completions(uid)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM watched_videos WHERE uid = $1', [uid])).toBe(
      0,
    );
    expect(await wallet(uid)).toBe(0);

    // A week later (long enough to have seen all 320 one after another), all at once again.
    await openedEarlier(uid, 7 * 86_400);
    const burst = await Promise.all(videos.map((v) => claim(learner, v)));
    expect(burst.map((r) => r.statusCode)).toEqual(videos.map(() => 200));
    expect(await completions(uid)).toBe(100);

    const maxPoints = awardGuardDefaults.max_points!;
    const paid = maxPoints / completedRule.defaults.points;
    expect(await wallet(uid)).toBe(maxPoints);
    expect(await paidAwards(uid)).toBe(paid);
    const held = await heldList(admin, uid);
    expect(held.meta.total).toBe(100 - paid);
    const reason = fillGuardMessage(guardMessages.heldPoints, {
      points: maxPoints,
      minutes: awardGuardDefaults.window_minutes,
    });
    for (const row of held.data)
      expect(row).toMatchObject({
        uid,
        kind: 'held',
        delta: 0,
        source: 'training_completed',
        balance_after: maxPoints,
        reason,
      });
    // Each held award names its training, as a paid one does.
    expect(new Set(held.data.map((row) => row.note)).size).toBe(100 - paid);
    expect(held.data.every((row) => row.note.startsWith(`Guard `))).toBe(true);
    // Held-back awards are final: claiming again writes nothing more.
    const again = await Promise.all(videos.slice(-10).map((v) => claim(learner, v)));
    expect(again.map((r) => r.json<{ data: Subscription }>().data.status)).toEqual(
      again.map(() => 'completed'),
    );
    expect((await heldList(admin, uid)).meta.total).toBe(100 - paid);
    expect(await wallet(uid)).toBe(maxPoints);
    // The ledger still adds up, and nothing went negative.
    expect(
      await count('SELECT coalesce(sum(delta), 0)::int AS n FROM points_ledger WHERE uid = $1', [
        uid,
      ]),
    ).toBe(maxPoints);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM points_ledger WHERE uid = $1 AND balance_after < 0',
        [uid],
      ),
    ).toBe(0);
    console.info(
      `guard burst [${server().kind}] ${JSON.stringify({
        claims: videos.length,
        trainings: ids.length,
        early: { refused: early.length, completions: 0, points: 0 },
        later: {
          accepted: burst.length,
          completions: 100,
          points: maxPoints,
          paid,
          held: held.meta.total,
        },
      })}`,
    );
    await setRules();
  }, 240_000);

  it('applies the limits an administrator saves, over a rolling time frame', async () => {
    const admin = await setRules(
      { daily_login: { enabled: true, cooldown_hours: 0, cap: null } },
      { max_awards: 3, max_points: null, window_minutes: 10 },
    );
    const saved = (await admin.get(RULES)).json<{ data: Rules }>().data.guard;
    expect(saved).toEqual({
      ...awardGuardDefaults,
      max_awards: 3,
      max_points: null,
      window_minutes: 10,
    });
    const { uid } = await newLearner(admin);
    // Signing in may have paid the day's login: count from here.
    const start = await wallet(uid);
    const { earning } = server().app.repos;
    const at = (minutes: number) => ({
      now: new Date(Date.UTC(2032, 4, 3, 9, 0) + minutes * 60_000),
    });

    expect(await earning.award(uid, 'daily_login', 'a', at(0))).toBe(5);
    expect(await earning.award(uid, 'daily_login', 'b', at(1))).toBe(5);
    expect(await earning.award(uid, 'training_completed', 'c', at(2))).toBe(100);
    // A fourth within ten minutes, of any rule, is held back.
    expect(await earning.award(uid, 'daily_login', 'd', at(3))).toBe(0);
    expect(await earning.award(uid, 'training_completed', 'e', at(9))).toBe(0);
    // Ten minutes after the first, it has left the time frame: one more fits.
    expect(await earning.award(uid, 'daily_login', 'f', at(10.01))).toBe(5);
    expect(await earning.award(uid, 'daily_login', 'g', at(10.5))).toBe(0);
    expect(await wallet(uid)).toBe(start + 115);
    const held = await heldList(admin, uid);
    expect(held.data.map((row) => [row.source, row.reason])).toEqual(
      ['daily_login', 'training_completed', 'daily_login']
        .reverse()
        .map((source) => [
          source,
          fillGuardMessage(guardMessages.heldAwards, { count: 3, minutes: 10 }),
        ]),
    );
    // A held event stays held: the same event later, with room again, pays nothing.
    expect(await earning.award(uid, 'daily_login', 'd', at(60))).toBe(0);
    expect(await wallet(uid)).toBe(start + 115);

    // A points limit: 100 points in the time frame.
    await setRules(
      { daily_login: { enabled: true, cooldown_hours: 0, cap: null } },
      { max_awards: null, max_points: 100, window_minutes: 60 },
    );
    expect(await earning.award(uid, 'training_completed', 'h', at(200))).toBe(100);
    expect(await earning.award(uid, 'daily_login', 'i', at(201))).toBe(0);
    expect((await heldList(admin, uid)).data[0]!.reason).toBe(
      fillGuardMessage(guardMessages.heldPoints, { points: 100, minutes: 60 }),
    );
    await setRules();
  }, 60_000);

  it('keeps the limits when awards of one user race each other', async () => {
    const admin = await setRules(
      { daily_login: { enabled: true, cooldown_hours: 0, cap: null } },
      { max_awards: 3, max_points: null },
    );
    const { uid } = await newLearner(admin);
    const start = await wallet(uid);
    const { earning } = server().app.repos;
    const now = new Date('2033-06-06T10:00:00Z');
    const paid = await Promise.all(
      Array.from({ length: 12 }, (_, i) => earning.award(uid, 'daily_login', `race-${i}`, { now })),
    );
    expect(paid.filter((p) => p > 0)).toEqual([5, 5, 5]);
    expect(await wallet(uid)).toBe(start + 15);
    expect((await heldList(admin, uid)).meta.total).toBe(9);
    await setRules();
  }, 60_000);

  it('keeps the least time between two awards of one rule', async () => {
    const admin = await setRules(
      { daily_login: { enabled: true, cooldown_hours: 0, cap: null } },
      { rule_interval_seconds: 60 },
    );
    const { uid } = await newLearner(admin);
    const start = await wallet(uid);
    const { earning } = server().app.repos;
    const at = (seconds: number) => ({ now: new Date(Date.UTC(2034, 0, 2, 8) + seconds * 1000) });

    expect(await earning.award(uid, 'daily_login', 'one', at(0))).toBe(5);
    expect(await earning.award(uid, 'daily_login', 'two', at(30))).toBe(0);
    // Another rule is not held up by it.
    expect(await earning.award(uid, 'training_completed', 'x', at(31))).toBe(100);
    // A minute after the last paid award of the rule (the held one does not count).
    expect(await earning.award(uid, 'daily_login', 'three', at(60))).toBe(5);
    expect(await earning.award(uid, 'daily_login', 'four', at(119))).toBe(0);
    expect(await wallet(uid)).toBe(start + 110);
    const held = await heldList(admin, uid);
    expect(held.data.map((row) => row.reason)).toEqual([
      fillGuardMessage(guardMessages.heldInterval, { seconds: 60 }),
      fillGuardMessage(guardMessages.heldInterval, { seconds: 60 }),
    ]);
    await setRules();
  }, 60_000);

  it('counts a video as watched only after part of its length has passed since it was opened', async () => {
    const admin = await setRules();
    const { uid, learner } = await newLearner(admin);
    const { ids, videos } = await makeTrainings(1, () => 2);
    const [first, second] = videos as [(typeof videos)[0], (typeof videos)[0]];
    const training = ids[0]!;
    const status = async () =>
      (await learner.get(`/api/v2/trainings/${training}`)).json<{
        data: { subscription: Subscription | null };
      }>().data.subscription;

    // Opening needs a subscription, and a video of the training.
    expect((await open(learner, first)).statusCode).toBe(409);
    await learner.post(`/api/v2/trainings/${training}/subscription`);
    const subscribedPoints = await wallet(uid);
    const foreign = await learner.post(`/api/v2/trainings/${training}/opened_videos`, {
      video_id: 99_999_999,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages).toEqual([
      { path: 'video_id', text: 'Not a video of this training' },
    ]);

    const unopened = await claim(learner, first);
    expect(unopened.statusCode).toBe(409);
    expect(unopened.json()).toEqual({ message: guardMessages.notOpened });

    const opened = await open(learner, first);
    expect(opened.statusCode).toBe(200);
    const openedAt = opened.json<{ data: VideoOpened }>().data.opened_at;
    // Opening again keeps the first time.
    expect((await open(learner, first)).json<{ data: VideoOpened }>().data.opened_at).toBe(
      openedAt,
    );
    // Half of 300 s: about 3 minutes to go.
    const soon = await claim(learner, first);
    expect(soon.statusCode).toBe(409);
    expect(waitOf(soon.json<{ message: string }>().message)).toBeLessThanOrEqual(3);
    expect(await status()).toMatchObject({ status: 'in_progress', watched_videos: [] });

    // Both opened 200 s ago: the first (150 s needed) counts; the second's viewing time starts
    // when the first's ends, so it needs 100 s more.
    await open(learner, second);
    await openedEarlier(uid, 200);
    expect((await claim(learner, first)).statusCode).toBe(200);
    const overlapping = await claim(learner, second);
    expect(overlapping.statusCode).toBe(409);
    expect(waitOf(overlapping.json<{ message: string }>().message)).toBeLessThanOrEqual(2);
    expect(await status()).toMatchObject({ status: 'in_progress', watched_videos: [first.id] });
    expect(await wallet(uid)).toBe(subscribedPoints);

    // The administrator turns the check off: the claim counts and the completion pays.
    await setRules({}, { min_watch_percent: 0 });
    const done = await claim(learner, second);
    expect(done.statusCode).toBe(200);
    expect(done.json<{ data: Subscription }>().data.status).toBe('completed');
    expect(await wallet(uid)).toBe(subscribedPoints + completedRule.defaults.points);

    // Unsubscribing forgets the openings with the watched videos.
    await learner.delete(`/api/v2/trainings/${training}/subscription`);
    expect(await count('SELECT count(*)::int AS n FROM video_opens WHERE uid = $1', [uid])).toBe(0);
    await setRules();
  }, 60_000);

  it('validates the guard with bracket paths and keeps the defaults for a save without one', async () => {
    const admin = await setRules();
    const bad = await admin.post(RULES, {
      rules: defaults(),
      guard: { ...awardGuardDefaults, max_awards: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ messages: { path: string }[] }>().messages.map((m) => m.path)).toEqual([
      'guard[max_awards]',
    ]);
    const percent = await admin.post(RULES, {
      rules: defaults(),
      guard: { ...awardGuardDefaults, min_watch_percent: 101 },
    });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().messages[0].path).toBe('guard[min_watch_percent]');
    expect((await admin.get(RULES)).json<{ data: Rules }>().data.guard).toEqual(awardGuardDefaults);

    await setRules({}, { max_awards: 7, rule_interval_seconds: 5 });
    expect((await admin.get(RULES)).json<{ data: Rules }>().data.guard).toMatchObject({
      max_awards: 7,
      rule_interval_seconds: 5,
    });
    await setRules();
    expect((await admin.get(RULES)).json<{ data: Rules }>().data.guard).toEqual(awardGuardDefaults);
  });
});
