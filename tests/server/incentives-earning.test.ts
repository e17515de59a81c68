import {
  awardGuardDefaults,
  type ExpirySchedule,
  type Leaderboard,
  type Rule,
} from '@schemas/entities/incentives.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import type { Subscription, Training } from '@schemas/entities/training.schema';
import type { Wallet } from '@schemas/entities/wallet.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

const RULES = '/api/v2/settings/incentives/rules';
const SCHEDULES = '/api/v2/incentives/expiry_schedules';
const LEADERBOARD = '/api/v2/incentives/leaderboard';

const defaults = (): Rule[] => ruleTypes.map((r) => ({ type: r.type, ...r.defaults }));

describeEachDb('incentives: earning', (server) => {
  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;
  const count = async (sql: string, params: unknown[] = []) =>
    (await server().db.query<{ n: number }>(sql, params)).rows[0]!.n;
  const awards = (uid: number, rule: string) =>
    count('SELECT count(*)::int AS n FROM incentive_awards WHERE uid = $1 AND rule = $2', [
      uid,
      rule,
    ]);
  const awardRows = (uid: number, rule: string) =>
    count(
      'SELECT count(*)::int AS n FROM points_ledger WHERE uid = $1 AND source = $2 AND kind = $3',
      [uid, rule, 'award'],
    );
  const wallet = async (a: Agent) =>
    (await a.get('/api/v2/incentives/wallet')).json<{ data: Wallet }>().data.points;
  const training = async (a: Agent, title: string) => {
    const { rows } = await server().db.query<{ id: number }>(
      'SELECT id FROM trainings WHERE title = $1',
      [title],
    );
    return (await a.get(`/api/v2/trainings/${rows[0]!.id}`)).json<{ data: Training }>().data;
  };
  /** Saves the default rules with some changed; returns the admin agent. */
  const setRules = async (
    changes: Partial<Record<string, Partial<Rule>>> = {},
    expiry_schedule_id: number | null = null,
  ) => {
    const admin = await signedIn(server, 'admin');
    const rules = defaults().map((r) => ({ ...r, ...changes[r.type] }));
    const res = await admin.post(RULES, { rules, expiry_schedule_id });
    expect(res.statusCode).toBe(200);
    return admin;
  };

  it('answers the declared rules with their defaults, and only to incentives managers', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.get(RULES);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { rules: defaults(), expiry_schedule_id: null, guard: awardGuardDefaults },
    });

    const learner = await signedIn(server, 'learner');
    expect((await learner.get(RULES)).statusCode).toBe(403);
    expect((await learner.post(RULES, { rules: defaults() })).statusCode).toBe(403);
    expect((await agent(server).get(RULES)).statusCode).toBe(401);
  });

  it('validates saved rules with bracket paths and keeps every type in declared order', async () => {
    const admin = await signedIn(server, 'admin');
    const unknown = await admin.post(RULES, {
      rules: [{ ...defaults()[0]!, type: 'made_up' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual([
      { path: 'rules[0][type]', text: 'Unknown rule type' },
    ]);

    const twice = await admin.post(RULES, { rules: [defaults()[2]!, defaults()[2]!] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().messages).toEqual([
      { path: 'rules[1][type]', text: 'This rule type is listed twice' },
    ]);

    const schedule = await admin.post(RULES, { rules: [], expiry_schedule_id: 999_999 });
    expect(schedule.statusCode).toBe(400);
    expect(schedule.json().messages).toEqual([
      { path: 'expiry_schedule_id', text: 'Unknown expiry schedule' },
    ]);

    const negative = await admin.post(RULES, { rules: [{ ...defaults()[0]!, points: 0 }] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().messages[0].path).toBe('rules[0][points]');
    expect((await admin.get(RULES)).json().data.rules).toEqual(defaults());

    // Only daily_login sent: it changes, the other types keep their defaults, in declared order.
    const login = { ...defaults()[2]!, points: 7, cap: null };
    const saved = await admin.post(RULES, { rules: [login] });
    expect(saved.statusCode).toBe(200);
    const expected = defaults().map((r) => (r.type === 'daily_login' ? login : r));
    expect(saved.json()).toEqual({
      data: { rules: expected, expiry_schedule_id: null, guard: awardGuardDefaults },
    });
    expect((await admin.get(RULES)).json()).toEqual(saved.json());
    await setRules();
  });

  it('pays a first subscription once per training', async () => {
    await setRules();
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const first = await training(learner, 'Running Effective Meetings');
    const second = await training(learner, 'Inclusive Leadership');
    const before = await wallet(learner);
    const subscribed = () => awards(uid, 'training_subscribed');
    const already = await subscribed();

    expect((await learner.post(`/api/v2/trainings/${first.id}/subscription`)).statusCode).toBe(200);
    expect(await wallet(learner)).toBe(before + 10);
    await learner.post(`/api/v2/trainings/${first.id}/subscription`);
    await learner.delete(`/api/v2/trainings/${first.id}/subscription`);
    await learner.post(`/api/v2/trainings/${first.id}/subscription`);
    expect(await wallet(learner)).toBe(before + 10);
    expect(await subscribed()).toBe(already + 1);

    await learner.post(`/api/v2/trainings/${second.id}/subscription`);
    expect(await wallet(learner)).toBe(before + 20);
    expect(await subscribed()).toBe(already + 2);
    const { rows } = await server().db.query<{ note: string; delta: number }>(
      `SELECT note, delta FROM points_ledger WHERE uid = $1 AND source = 'training_subscribed'
        ORDER BY id DESC LIMIT 1`,
      [uid],
    );
    expect(rows[0]).toEqual({ note: 'Inclusive Leadership', delta: 10 });
    await learner.delete(`/api/v2/trainings/${first.id}/subscription`);
    await learner.delete(`/api/v2/trainings/${second.id}/subscription`);
  });

  it('pays a completion once, even when the completing video is sent twice at once', async () => {
    await setRules();
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const t = await training(learner, 'Writing Clear Business Emails');
    await learner.post(`/api/v2/trainings/${t.id}/subscription`);
    // The learner opened every video an hour ago: long enough to have seen them all.
    for (const video of t.videos)
      await learner.post(`/api/v2/trainings/${t.id}/opened_videos`, { video_id: video.id });
    await server().db.query(
      `UPDATE video_opens SET opened_at = opened_at - interval '1 hour' WHERE uid = $1`,
      [uid],
    );
    const before = await wallet(learner);
    const completed = await awards(uid, 'training_completed');
    const completedRows = await awardRows(uid, 'training_completed');
    const [last, ...rest] = [...t.videos].reverse();
    for (const video of rest) {
      const res = await learner.post(`/api/v2/trainings/${t.id}/progress`, { video_id: video.id });
      expect(res.json().data.status).toBe('in_progress');
    }
    expect(await wallet(learner)).toBe(before);

    const done = await Promise.all([
      learner.post(`/api/v2/trainings/${t.id}/progress`, { video_id: last!.id }),
      learner.post(`/api/v2/trainings/${t.id}/progress`, { video_id: last!.id }),
    ]);
    expect(done.map((r) => r.json<{ data: Subscription }>().data.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(await wallet(learner)).toBe(before + 100);
    await learner.post(`/api/v2/trainings/${t.id}/progress`, { video_id: last!.id });
    expect(await wallet(learner)).toBe(before + 100);
    expect(await awards(uid, 'training_completed')).toBe(completed + 1);
    expect(await awardRows(uid, 'training_completed')).toBe(completedRows + 1);
    await learner.delete(`/api/v2/trainings/${t.id}/subscription`);
  });

  it('pays nothing for a rule that is off', async () => {
    await setRules({ training_subscribed: { enabled: false } });
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const other = await training(learner, 'Time Management and Prioritisation');
    const before = await wallet(learner);
    const paid = await awards(uid, 'training_subscribed');
    await learner.post(`/api/v2/trainings/${other.id}/subscription`);
    expect(await wallet(learner)).toBe(before);
    expect(await awards(uid, 'training_subscribed')).toBe(paid);
    await learner.delete(`/api/v2/trainings/${other.id}/subscription`);
    await setRules();
  });

  it('pays the first login of a day once', async () => {
    // Off by default; an administrator turns it on.
    await setRules({ daily_login: { enabled: true } });
    const uid = await uidOf('trainer');
    await server().db.query(
      `DELETE FROM incentive_awards WHERE uid = $1 AND rule = 'daily_login'`,
      [uid],
    );
    const first = await signedIn(server, 'trainer');
    const afterFirst = await wallet(first);
    const second = await signedIn(server, 'trainer');
    expect(await wallet(second)).toBe(afterFirst);
    expect(await awards(uid, 'daily_login')).toBe(1);
    const { rows } = await server().db.query<{ event_key: string }>(
      `SELECT event_key FROM incentive_awards WHERE uid = $1 AND rule = 'daily_login'`,
      [uid],
    );
    expect(rows[0]!.event_key).toBe(new Date().toISOString().slice(0, 10));
    const last = await server().db.query<{ delta: number; kind: string }>(
      `SELECT delta, kind FROM points_ledger WHERE uid = $1 AND source = 'daily_login'
        ORDER BY id DESC LIMIT 1`,
      [uid],
    );
    expect(last.rows[0]).toEqual({ delta: 5, kind: 'award' });
  });

  it('pays a profile its owner completed once, only to its owner', async () => {
    await setRules();
    const uid = await uidOf('courseadmin');
    const own = await signedIn(server, 'courseadmin');
    const points = await wallet(own);
    // Job title and country are set by administrators: they do not make a profile complete.
    const admin = await signedIn(server, 'admin');
    await admin.patch(`/api/v2/users/${uid}`, { title: 'Course lead', country: 'PT' });
    await own.patch(`/api/v2/users/${uid}`, { last_name: 'Mendes' });
    expect(await wallet(own)).toBe(points);
    // Someone else filling in the rest pays nothing either.
    await admin.patch(`/api/v2/users/${uid}`, { language: 'en' });
    expect(await awards(uid, 'profile_completed')).toBe(0);

    // Every field of their own profile form filled in, by themselves: paid once.
    await own.patch(`/api/v2/users/${uid}`, { timezone: 'Europe/Lisbon' });
    expect(await wallet(own)).toBe(points + 50);
    await own.patch(`/api/v2/users/${uid}`, { first_name: 'Carlos' });
    expect(await wallet(own)).toBe(points + 50);
    expect(await awards(uid, 'profile_completed')).toBe(1);
  });

  it('refuses awards within the cooldown and beyond the cap of a UTC calendar week', async () => {
    await setRules({
      daily_login: { enabled: true, cooldown_hours: 20, cap: 2, cap_period: 'week' },
    });
    const uid = await uidOf('courseadmin');
    const { earning } = server().app.repos;
    const balance = async () => (await server().app.repos.points.wallet(uid)).points;
    const start = await balance();
    const logins = () => awards(uid, 'daily_login');
    const paid = await logins();
    const at = (iso: string) => ({ now: new Date(iso) });

    // Monday 2030-01-07.
    expect(await earning.award(uid, 'daily_login', '2030-01-07', at('2030-01-07T08:00:00Z'))).toBe(
      5,
    );
    // 17 hours later: still cooling down, nothing written.
    expect(await earning.award(uid, 'daily_login', '2030-01-08', at('2030-01-08T01:00:00Z'))).toBe(
      0,
    );
    expect(await logins()).toBe(paid + 1);
    expect(await balance()).toBe(start + 5);
    expect(await earning.award(uid, 'daily_login', '2030-01-08', at('2030-01-08T05:00:00Z'))).toBe(
      5,
    );
    // Two this week already: the cap refuses a third, writing nothing.
    expect(await earning.award(uid, 'daily_login', '2030-01-09', at('2030-01-09T06:00:00Z'))).toBe(
      0,
    );
    expect(await earning.award(uid, 'daily_login', '2030-01-13', at('2030-01-13T23:00:00Z'))).toBe(
      0,
    );
    expect(await logins()).toBe(paid + 2);
    expect(await balance()).toBe(start + 10);
    // Monday 2030-01-14 starts a new week.
    expect(await earning.award(uid, 'daily_login', '2030-01-14', at('2030-01-14T00:30:00Z'))).toBe(
      5,
    );
    // The same event never pays twice, even after the cooldown.
    expect(await earning.award(uid, 'daily_login', '2030-01-14', at('2030-01-20T00:30:00Z'))).toBe(
      0,
    );
    expect(await balance()).toBe(start + 15);
    await setRules();
  });

  it('keeps the cap when awards of one user race each other', async () => {
    await setRules({
      daily_login: { enabled: true, cooldown_hours: 0, cap: 2, cap_period: 'day' },
    });
    const uid = await uidOf('admin');
    const { earning } = server().app.repos;
    const before = (await server().app.repos.points.wallet(uid)).points;
    const now = new Date('2031-03-03T10:00:00Z');
    const paid = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => earning.award(uid, 'daily_login', `race-${i}`, { now })),
    );
    expect(paid.filter((p) => p > 0)).toEqual([5, 5]);
    expect((await server().app.repos.points.wallet(uid)).points).toBe(before + 10);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM incentive_awards WHERE uid = $1 AND event_key LIKE 'race-%'`,
        [uid],
      ),
    ).toBe(2);
    await setRules();
  });

  it('manages expiry schedules: validation, paging, patch, and no deleting one in use', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    expect((await learner.get(SCHEDULES)).statusCode).toBe(403);
    expect(
      (await learner.post(SCHEDULES, { name: 'x', type: 'rolling', months: 1 })).statusCode,
    ).toBe(403);

    const noMonths = await admin.post(SCHEDULES, { name: 'Rolling', type: 'rolling' });
    expect(noMonths.statusCode).toBe(400);
    expect(noMonths.json().messages).toEqual([
      { path: 'months', text: 'Rolling schedules need a number of months' },
    ]);
    const noDate = await admin.post(SCHEDULES, { name: 'Fixed', type: 'fixed', months: 3 });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().messages).toEqual([
      { path: 'fixed_date', text: 'Fixed schedules need a date' },
    ]);

    const fixed = await admin.post(SCHEDULES, {
      name: 'Year end',
      type: 'fixed',
      fixed_date: '2025-12-31',
      months: 4,
    });
    expect(fixed.statusCode).toBe(200);
    const created = fixed.json<{ data: ExpirySchedule }>().data;
    expect(created).toMatchObject({
      name: 'Year end',
      type: 'fixed',
      fixed_date: '2025-12-31',
      months: null,
      enabled: true,
    });
    expect((await admin.get(`${SCHEDULES}/${created.id}`)).json()).toEqual({ data: created });

    const list = (await admin.get(SCHEDULES)).json<{ data: ExpirySchedule[]; meta: ListMeta }>();
    expect(list.data.map((s) => s.id)).toContain(created.id);
    expect(list.meta).toMatchObject({ page: 0, limit: 25 });

    const patched = await admin.patch(`${SCHEDULES}/${created.id}`, {
      type: 'rolling',
      months: 12,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ type: 'rolling', months: 12, fixed_date: null });
    const bad = await admin.patch(`${SCHEDULES}/${created.id}`, { type: 'fixed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].path).toBe('fixed_date');
    expect((await admin.patch(`${SCHEDULES}/999999`, { name: 'x' })).statusCode).toBe(404);

    await setRules({}, created.id);
    const inUse = await admin.delete(`${SCHEDULES}/${created.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/earning rules use this expiry schedule/);
    await setRules({}, null);
    expect((await admin.delete(`${SCHEDULES}/${created.id}`)).statusCode).toBe(200);
    expect((await admin.get(`${SCHEDULES}/${created.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${SCHEDULES}/${created.id}`)).statusCode).toBe(404);
  });

  it('dates earned points by the rolling schedule and expires due lots oldest first', async () => {
    const admin = await signedIn(server, 'admin');
    const schedule = (
      await admin.post(SCHEDULES, { name: 'Six months', type: 'rolling', months: 6 })
    ).json<{ data: ExpirySchedule }>().data;
    await setRules({}, schedule.id);
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const t = await training(learner, 'Inclusive Leadership');
    await server().db.query(
      `DELETE FROM incentive_awards WHERE uid = $1 AND rule = 'training_subscribed' AND event_key = $2`,
      [uid, String(t.id)],
    );
    const startedAt = new Date();
    await learner.post(`/api/v2/trainings/${t.id}/subscription`);
    const { rows: lots } = await server().db.query<{
      id: number;
      remaining: number;
      expires_at: Date | string | null;
    }>(
      `SELECT id, remaining, expires_at FROM points_ledger WHERE uid = $1 AND remaining > 0
        ORDER BY created_at, id`,
      [uid],
    );
    const newest = lots.at(-1)!;
    expect(newest.remaining).toBe(10);
    const expected = new Date(startedAt);
    expected.setUTCMonth(expected.getUTCMonth() + 6);
    expect(Math.abs(new Date(newest.expires_at!).getTime() - expected.getTime())).toBeLessThan(
      3 * 86_400_000,
    );
    const oldest = lots[0]!;
    expect(oldest.id).not.toBe(newest.id);

    // Make the newest and the oldest lot due (the newest first in time, to show order is by age).
    await server().db.query(
      `UPDATE points_ledger SET expires_at = now() - interval '1 day' WHERE id = $1`,
      [newest.id],
    );
    await server().db.query(
      `UPDATE points_ledger SET expires_at = now() - interval '1 hour' WHERE id = $1`,
      [oldest.id],
    );
    const before = await wallet(learner);
    const { rows: expiredBefore } = await server().db.query<{ last: number }>(
      `SELECT coalesce(max(id), 0)::int AS last FROM points_ledger WHERE uid = $1`,
      [uid],
    );
    expect((await learner.post('/api/v2/incentives/expiry/run')).statusCode).toBe(403);
    const run = await admin.post('/api/v2/incentives/expiry/run');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ data: { expired: oldest.remaining + 10 } });
    expect(await wallet(learner)).toBe(before - oldest.remaining - 10);
    const { rows: expiries } = await server().db.query<{ delta: number; balance_after: number }>(
      `SELECT delta, balance_after FROM points_ledger WHERE uid = $1 AND kind = 'expire'
          AND id > $2
        ORDER BY id`,
      [uid, expiredBefore[0]!.last],
    );
    expect(expiries).toEqual([
      { delta: -oldest.remaining, balance_after: before - oldest.remaining },
      { delta: -10, balance_after: before - oldest.remaining - 10 },
    ]);
    expect((await admin.post('/api/v2/incentives/expiry/run')).json()).toEqual({
      data: { expired: 0 },
    });
    await learner.delete(`/api/v2/trainings/${t.id}/subscription`);
    await setRules();
  });

  it('ranks users by points earned in the period, ties sharing a rank, with the caller’s place', async () => {
    // Logins during this test earn nothing; everything earned before is out of the week.
    await setRules(Object.fromEntries(ruleTypes.map((r) => [r.type, { enabled: false }])));
    // (The totals of this week and month move to a period long gone with them.)
    await server().db.query(`UPDATE points_ledger SET created_at = now() - interval '400 days'`);
    await server().db.query(
      `UPDATE leaderboard_totals SET starts = starts - 400 WHERE period <> 'all'`,
    );
    const { points } = server().app.repos;
    const give = async (name: string, n: number, kind: 'award' | 'adjust' | 'refund' = 'adjust') =>
      points.credit({ uid: await uidOf(name), points: n, kind });
    await give('trainer', 300, 'award');
    await give('courseadmin', 200);
    await give('courseadmin', 100, 'award');
    await give('admin', 100);
    await give('learner', 50);
    // Refunds are not earnings, and spending does not lower what was earned.
    await give('learner', 1000, 'refund');
    await points.debit({ uid: await uidOf('trainer'), points: 100, kind: 'redeem' });

    const learner = await signedIn(server, 'learner');
    const week = await learner.get(`${LEADERBOARD}?period=week&limit=2`);
    expect(week.statusCode).toBe(200);
    const board = week.json<{ data: Leaderboard }>().data;
    expect(board.period).toBe('week');
    expect(board.entries.map((e) => [e.rank, e.full_name, e.points])).toEqual([
      [1, 'Carlos Mendes', 300],
      [1, 'Tessa Okafor', 300],
    ]);
    expect(board.me).toMatchObject({
      rank: 4,
      uid: await uidOf('learner'),
      full_name: 'Liam Chen',
      points: 50,
    });
    expect(board.opted_out).toBe(false);
    expect(board.entries[0]).toHaveProperty('avatar');

    // All time counts the older earnings too: the learner's seeded 1,500 lead.
    const all = (await learner.get(`${LEADERBOARD}?period=all`)).json<{ data: Leaderboard }>().data;
    expect(all.entries[0]).toMatchObject({ rank: 1, full_name: 'Liam Chen' });
    expect(all.me?.rank).toBe(1);
    // Month is the default period.
    expect((await learner.get(LEADERBOARD)).json().data.period).toBe('month');

    // Opting out hides the user from everyone's board and gives them no place.
    const trainer = await signedIn(server, 'trainer');
    const out = await trainer.patch(`${LEADERBOARD}/me`, { opt_out: true });
    expect(out.json()).toEqual({ data: { opted_out: true } });
    const without = (await learner.get(`${LEADERBOARD}?period=week`)).json<{ data: Leaderboard }>()
      .data;
    expect(without.entries.map((e) => [e.rank, e.full_name])).toEqual([
      [1, 'Carlos Mendes'],
      [2, 'Amira Haddad'],
      [3, 'Liam Chen'],
    ]);
    const own = (await trainer.get(`${LEADERBOARD}?period=week`)).json<{ data: Leaderboard }>()
      .data;
    expect(own.me).toBeNull();
    expect(own.opted_out).toBe(true);
    expect((await trainer.patch(`${LEADERBOARD}/me`, { opt_out: false })).json()).toEqual({
      data: { opted_out: false },
    });
    const back = (await trainer.get(`${LEADERBOARD}?period=week`)).json<{ data: Leaderboard }>()
      .data;
    expect(back.me).toMatchObject({ rank: 1, points: 300 });
    await setRules();
  });

  it('exists only for signed-in users while the leaderboard setting is on', async () => {
    expect((await agent(server).get(LEADERBOARD)).statusCode).toBe(401);
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    expect((await learner.get(`${LEADERBOARD}?period=year`)).statusCode).toBe(400);
    await admin.post('/api/v2/settings/site', { incentives_leaderboard: false });
    try {
      expect((await learner.get(LEADERBOARD)).statusCode).toBe(404);
      expect((await learner.patch(`${LEADERBOARD}/me`, { opt_out: true })).statusCode).toBe(404);
    } finally {
      await admin.post('/api/v2/settings/site', { incentives_leaderboard: true });
    }
    expect((await learner.get(LEADERBOARD)).statusCode).toBe(200);
  });
});
