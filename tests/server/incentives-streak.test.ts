import {
  awardGuardDefaults,
  type EarningEventCatalogue,
  type Rule,
  type Rules,
} from '@schemas/entities/incentives.schema';
import { earningEvents } from '@schemas/incentives/events';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { afterEach, expect, it, vi } from 'vitest';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

const RULES = '/api/v2/settings/incentives/rules';
const PASSWORD = 'a-long-enough-password';
const streak = ruleTypes.find((r) => r.type === 'login_streak')!;
const defaults = (): Rule[] => ruleTypes.map((r) => ({ type: r.type, ...r.defaults }));

/** The calendar day `days` after 2035-03-01. */
const dayAfter = (days: number) =>
  new Date(Date.UTC(2035, 2, 1) + days * 86_400_000).toISOString().slice(0, 10);

/*
 * A rule type declared in config only (schemas/incentives/rule-types.ts): a learner who signs in
 * on so many days in a row earns points once for the run. The server's clock of events is moved
 * from day to day; the sign-ins go through the real login route.
 */
describeEachDb('incentives: the login streak rule', (server) => {
  let serial = 0;
  const db = () => server().db;
  const wallet = async (uid: number) => (await server().app.repos.points.wallet(uid)).points;
  const streakAwards = async (uid: number) =>
    (
      await db().query<{ event_key: string; points: number }>(
        `SELECT event_key, points FROM incentive_awards WHERE uid = $1 AND rule = 'login_streak'
          ORDER BY id`,
        [uid],
      )
    ).rows;
  const run = async (uid: number) =>
    (
      await db().query<{ days_in_a_row: number; streak_start: string }>(
        `SELECT days_in_a_row, to_char(streak_start, 'YYYY-MM-DD') AS streak_start
           FROM login_streaks WHERE uid = $1`,
        [uid],
      )
    ).rows[0];

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Saves the default rules with the streak rule changed. */
  const setStreak = async (admin: Agent, streakRule: Partial<Rule>) => {
    const rules = defaults().map((r) => (r.type === 'login_streak' ? { ...r, ...streakRule } : r));
    const res = await admin.post(RULES, { rules, expiry_schedule_id: null });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Rules }>().data;
  };

  /** A new learner in `timezone`, with no points and no sign-ins. */
  const newLearner = async (admin: Agent, timezone: string) => {
    serial += 1;
    const name = `streak-${serial}-${Date.now().toString(36)}`;
    const created = await admin.post('/api/v2/users', {
      name,
      mail: `${name}@example.com`,
      password: PASSWORD,
      roles: ['learner'],
      timezone,
    });
    expect(created.statusCode, created.body).toBe(201);
    return { name, uid: created.json<{ data: { uid: number } }>().data.uid };
  };

  /** Signs `name` in through the login route as if it were `at`. */
  const signInAt = async (name: string, at: string) => {
    vi.spyOn(server().app.events, 'now').mockReturnValue(new Date(at));
    const res = await agent(server).login(name, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    vi.restoreAllMocks();
  };

  it('is declared off, with its parameter’s default from its schema', async () => {
    const admin = await signedIn(server, 'admin');
    const rules = (await admin.get(RULES)).json<{ data: Rules }>().data.rules;
    expect(rules.find((r) => r.type === 'login_streak')).toEqual({
      type: 'login_streak',
      enabled: false,
      points: streak.defaults.points,
      cooldown_hours: 0,
      cap: null,
      cap_period: streak.defaults.cap_period,
      params: { days: 7 },
    });
  });

  it('pays once on the seventh day in a row, and a gap starts a new run', async () => {
    const admin = await signedIn(server, 'admin');
    await setStreak(admin, { enabled: true });
    const { name, uid } = await newLearner(admin, 'Europe/Lisbon');
    const start = await wallet(uid);

    // Six mornings in a row: nothing yet.
    for (let day = 0; day < 6; day += 1) {
      await signInAt(name, `${dayAfter(day)}T08:00:00Z`);
      expect(await run(uid)).toEqual({ days_in_a_row: day + 1, streak_start: dayAfter(0) });
    }
    expect(await streakAwards(uid)).toEqual([]);
    expect(await wallet(uid)).toBe(start);

    // The seventh day pays, once: again that evening and the day after pay nothing more.
    await signInAt(name, `${dayAfter(6)}T09:30:00Z`);
    expect(await wallet(uid)).toBe(start + streak.defaults.points);
    await signInAt(name, `${dayAfter(6)}T20:00:00Z`);
    await signInAt(name, `${dayAfter(7)}T08:00:00Z`);
    expect(await run(uid)).toEqual({ days_in_a_row: 8, streak_start: dayAfter(0) });
    expect(await streakAwards(uid)).toEqual([
      { event_key: dayAfter(0), points: streak.defaults.points },
    ]);
    const { rows } = await db().query<{ note: string }>(
      `SELECT note FROM points_ledger WHERE uid = $1 AND source = 'login_streak'`,
      [uid],
    );
    expect(rows).toEqual([{ note: streak.label }]);

    // A day without signing in: the run starts again, and needs seven days again.
    const restart = 9;
    for (let day = restart; day < restart + 6; day += 1)
      await signInAt(name, `${dayAfter(day)}T08:00:00Z`);
    expect(await run(uid)).toEqual({ days_in_a_row: 6, streak_start: dayAfter(restart) });
    expect(await wallet(uid)).toBe(start + streak.defaults.points);
    await signInAt(name, `${dayAfter(restart + 6)}T08:00:00Z`);
    expect(await wallet(uid)).toBe(start + 2 * streak.defaults.points);
    expect((await streakAwards(uid)).map((a) => a.event_key)).toEqual([
      dayAfter(0),
      dayAfter(restart),
    ]);
    await setStreak(admin, {});
  }, 60_000);

  it('counts the days of the learner’s time zone, and pays after as many days as the rule says', async () => {
    const admin = await signedIn(server, 'admin');
    await setStreak(admin, { enabled: true, params: { days: 3 } });
    const { name, uid } = await newLearner(admin, 'Asia/Tokyo');
    const start = await wallet(uid);
    // Tokyo is 9 hours ahead: 08:30 there on 2, 3 and 4 March is 23:30 UTC the day before, and
    // 00:30 UTC on 4 March is still 4 March there. In UTC these are 1, 2 and 4 March, with a gap.
    await signInAt(name, `${dayAfter(0)}T23:30:00Z`);
    await signInAt(name, `${dayAfter(1)}T23:30:00Z`);
    expect(await wallet(uid)).toBe(start);
    await signInAt(name, `${dayAfter(3)}T00:30:00Z`);
    expect(await run(uid)).toEqual({ days_in_a_row: 3, streak_start: dayAfter(1) });
    expect(await wallet(uid)).toBe(start + streak.defaults.points);
    await setStreak(admin, {});
  }, 60_000);

  it('pays nothing while it is off, though the run is counted', async () => {
    const admin = await signedIn(server, 'admin');
    await setStreak(admin, { enabled: false });
    const { name, uid } = await newLearner(admin, 'America/New_York');
    const start = await wallet(uid);
    for (let day = 0; day < 7; day += 1) await signInAt(name, `${dayAfter(day)}T15:00:00Z`);
    expect(await run(uid)).toEqual({ days_in_a_row: 7, streak_start: dayAfter(0) });
    expect(await streakAwards(uid)).toEqual([]);
    expect(await wallet(uid)).toBe(start);
  }, 60_000);

  it('checks the parameters against the type’s schema when the rules are saved', async () => {
    const admin = await signedIn(server, 'admin');
    const index = defaults().findIndex((r) => r.type === 'login_streak');
    const withParams = (params: Record<string, unknown>) =>
      defaults().map((r) => (r.type === 'login_streak' ? { ...r, params } : r));

    const tooFew = await admin.post(RULES, { rules: withParams({ days: 1 }) });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().messages).toEqual([
      { path: `rules[${index}][params][days]`, text: 'Must be greater than or equal to 2' },
    ]);
    const unknown = await admin.post(RULES, { rules: withParams({ days: 7, weeks: 2 }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual([
      { path: `rules[${index}][params][weeks]`, text: 'Unrecognized field' },
    ]);
    expect((await admin.get(RULES)).json<{ data: Rules }>().data.rules[index]!.params).toEqual({
      days: 7,
    });

    // Left out, a parameter gets its declared default.
    const saved = await admin.post(RULES, { rules: withParams({}) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: Rules }>().data).toEqual({
      rules: defaults(),
      expiry_schedule_id: null,
      guard: awardGuardDefaults,
    });
  });
  it('publishes the event catalogue to incentives managers, with the rule types each feeds', async () => {
    const EVENTS = '/api/v2/settings/incentives/events';
    const admin = await signedIn(server, 'admin');
    const res = await admin.get(EVENTS);
    expect(res.statusCode).toBe(200);
    const { events } = res.json<{ data: EarningEventCatalogue }>().data;
    expect(events.map((e) => e.event)).toEqual(earningEvents.map((e) => e.event));
    const signedInEvent = events.find((e) => e.event === 'signed_in')!;
    expect(Object.keys(signedInEvent.facts.properties as object)).toEqual(
      expect.arrayContaining(['day', 'days_in_a_row', 'streak_start']),
    );
    expect(signedInEvent.rule_types).toEqual(
      ruleTypes.filter((r) => r.event === 'signed_in').map((r) => r.type),
    );
    expect((await (await signedIn(server, 'learner')).get(EVENTS)).statusCode).toBe(403);
    expect((await agent(server).get(EVENTS)).statusCode).toBe(401);
  });
});
