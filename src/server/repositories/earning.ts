import {
  awardGuardDefaults,
  fillGuardMessage,
  guardMessages,
  type AwardGuard,
  type ExpirySchedule,
  type ExpiryScheduleInput,
  type Leaderboard,
  type LeaderboardEntry,
  type Rule,
  type Rules,
} from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { localDateOf } from '@engine/core';
import type { Db } from '../db/db';
import { inTurn, userTurn } from '../lib/in-turn';
import { earningCatalogue, type Facts } from '../lib/earning-rules';
import { isTimeZone } from '../lib/time-zone';
import { pointsRepository } from './points';
import { settingsRepository } from './settings';

type Period = Leaderboard['period'];
type CapPeriod = Rule['cap_period'];

/** What a hook needs to know about a user's subscription to a training. */
export interface TrainingState {
  title: string;
  subscribed: boolean;
  completed: boolean;
}

/** A sign-in and the run of days it belongs to: the facts of the `signed_in` event. */
export interface SignInFacts {
  [fact: string]: string | number;
  /** The UTC day (the key of a daily login, as it has always been). */
  day: string;
  /** The day in the user's time zone, by which runs of days are counted. */
  local_day: string;
  time_zone: string;
  days_in_a_row: number;
  /** The first day of the run (the user's time zone). */
  streak_start: string;
}

interface ScheduleRow {
  id: number;
  name: string;
  type: 'rolling' | 'fixed';
  months: number | null;
  fixed_date: string | null;
  enabled: boolean;
  created_at: Date | string;
}

interface LeaderRow {
  uid: number;
  name: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  points: number;
  rank: number;
}

const SCHEDULE_COLUMNS = `id, name, type, months, to_char(fixed_date, 'YYYY-MM-DD') AS fixed_date,
  enabled, created_at`;

function toSchedule(row: ScheduleRow): ExpirySchedule {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    months: row.months,
    fixed_date: row.fixed_date,
    enabled: row.enabled,
    created: new Date(row.created_at).toISOString(),
  };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The same UTC day and time `months` later, the day clamped to the target month's last. */
function addMonthsUtc(from: Date, months: number): Date {
  const total = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const result = new Date(from);
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), daysInMonth(year, month)));
  return result;
}

/** The first moment (UTC midnight) of `fixedDate`'s month and day strictly after `now`. */
function nextFixedDate(fixedDate: string, now: Date): Date {
  const [, m, d] = fixedDate.split('-').map(Number) as [number, number, number];
  const at = (year: number) =>
    new Date(Date.UTC(year, m - 1, Math.min(d, daysInMonth(year, m - 1))));
  const thisYear = at(now.getUTCFullYear());
  return thisYear.getTime() > now.getTime() ? thisYear : at(now.getUTCFullYear() + 1);
}

/**
 * When points earned at `now` expire under a schedule: rolling schedules after their months,
 * fixed ones on the next occurrence of their date; never (null) without an enabled schedule.
 */
export function expiryDate(schedule: ExpirySchedule | undefined, now: Date): Date | null {
  if (!schedule?.enabled) return null;
  if (schedule.type === 'rolling' && schedule.months) return addMonthsUtc(now, schedule.months);
  if (schedule.type === 'fixed' && schedule.fixed_date)
    return nextFixedDate(schedule.fixed_date, now);
  return null;
}

/** The start of the calendar day, ISO week (from Monday), month or year of `now`, in UTC. */
export function periodStart(period: CapPeriod, now: Date): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (period) {
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'week':
      return new Date(Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7)));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
  }
}

/** The rules with every part filled in. */
export type CompleteRules = Rules & { guard: AwardGuard };

/**
 * Stored rules merged over the declared defaults: one per declared type, in declared order, and
 * the cheat guard's fields over its defaults.
 */
export function completeRules(stored: Rules | undefined): CompleteRules {
  const byType = new Map((stored?.rules ?? []).map((r) => [r.type, r]));
  return {
    rules: ruleTypes.map((declared) => {
      const rule = byType.get(declared.type);
      // Parameter values over their declared defaults; values of parameters no longer declared
      // are dropped.
      const params = { ...declared.defaults.params };
      for (const [name, value] of Object.entries(rule?.params ?? {}))
        if (Object.hasOwn(declared.params?.properties ?? {}, name)) params[name] = value;
      return { type: declared.type, ...declared.defaults, ...rule, params };
    }),
    expiry_schedule_id: stored?.expiry_schedule_id ?? null,
    guard: { ...awardGuardDefaults, ...stored?.guard },
  };
}

/**
 * What the earning rules know of a user's awards when one more event comes in: whether that
 * event paid or was held back already, and their paid awards before it.
 */
export interface AwardRecord {
  /** The event paid or was held back already (its rule and event key are taken). */
  done: boolean;
  /** The last paid award of the rule (null: none). */
  lastOfRule: Date | null;
  /** Paid awards of the rule since the start of its cap's current period. */
  inPeriod: number;
  /** Paid awards and their points in the cheat guard's time frame, over all rules. */
  recentAwards: number;
  recentPoints: number;
}

/** What an event earns under a rule: nothing (nothing is written), its points, or held back. */
export type AwardDecision =
  | { paid: false; held: false }
  | { paid: true; points: number }
  | { paid: false; held: true; reason: string };

/**
 * Why the guard holds an award of `points` back at `now` (a filled-in `guardMessages` text), or
 * null when it may pay.
 */
function heldBackReason(
  guard: AwardGuard,
  points: number,
  record: AwardRecord,
  now: Date,
): string | null {
  const interval = guard.rule_interval_seconds * 1000;
  if (interval > 0 && record.lastOfRule && now.getTime() - record.lastOfRule.getTime() < interval)
    return fillGuardMessage(guardMessages.heldInterval, { seconds: guard.rule_interval_seconds });
  if (guard.max_awards !== null && record.recentAwards + 1 > guard.max_awards)
    return fillGuardMessage(guardMessages.heldAwards, {
      count: guard.max_awards,
      minutes: guard.window_minutes,
    });
  if (guard.max_points !== null && record.recentPoints + points > guard.max_points)
    return fillGuardMessage(guardMessages.heldPoints, {
      points: guard.max_points,
      minutes: guard.window_minutes,
    });
  return null;
}

/**
 * What one event earns at `now` under a rule and the cheat guard, given the user's awards before
 * it: nothing when the rule is off, the event paid or was held back already, the rule's cooldown
 * has not passed or its cap for the period is reached; held back (with the guard's reason) when
 * the guard's limits would be passed; else the rule's points. {@link earningRepository}'s
 * `award` decides with it, and so does the demo seed for the awards of its history.
 *
 * @example
 * decideAward(rule, guard, { done: false, lastOfRule: null, inPeriod: 0, recentAwards: 0, recentPoints: 0 }, now);
 * // { paid: true, points: 100 }
 */
export function decideAward(
  rule: Pick<Rule, 'enabled' | 'points' | 'cooldown_hours' | 'cap'>,
  guard: AwardGuard,
  record: AwardRecord,
  now: Date,
): AwardDecision {
  const nothing = { paid: false, held: false } as const;
  if (!rule.enabled || record.done) return nothing;
  if (
    rule.cooldown_hours > 0 &&
    record.lastOfRule &&
    record.lastOfRule.getTime() > now.getTime() - rule.cooldown_hours * 3_600_000
  )
    return nothing;
  if (rule.cap !== null && record.inPeriod >= rule.cap) return nothing;
  const reason = heldBackReason(guard, rule.points, record, now);
  return reason === null
    ? { paid: true, points: rule.points }
    : { paid: false, held: true, reason };
}

function fullName(row: { first_name: string; last_name: string; name: string }): string {
  return `${row.first_name} ${row.last_name}`.trim() || row.name;
}

function toEntry(row: LeaderRow): LeaderboardEntry {
  return {
    rank: row.rank,
    uid: row.uid,
    full_name: fullName(row),
    avatar: row.avatar,
    points: row.points,
  };
}

/** Earning rules' awards, expiry schedules and the leaderboard. */
export function earningRepository(db: Db) {
  async function schedule(tx: Db, id: number): Promise<ExpirySchedule | undefined> {
    const { rows } = await tx.query<ScheduleRow>(
      `SELECT ${SCHEDULE_COLUMNS} FROM incentive_expiry_schedules WHERE id = $1`,
      [id],
    );
    return rows[0] && toSchedule(rows[0]);
  }

  const repo = {
    /** The rules: every declared type in declared order, stored values over defaults. */
    async rules(): Promise<CompleteRules> {
      return completeRules(await settingsRepository(db).get('incentive_rules'));
    },

    /** Stores the rules (completed with defaults for what is left out) and returns them. */
    async saveRules(rules: Rules): Promise<CompleteRules> {
      const complete = completeRules(rules);
      await settingsRepository(db).set('incentive_rules', complete);
      return complete;
    },

    /**
     * Pays a rule's points for one event, in one transaction, and returns the points paid (0
     * when not). Nothing is written when the rule is off, the event has paid or been held back
     * already (the unique key of `incentive_awards` decides, even under concurrency), the rule's
     * cooldown has not passed or its cap for the current calendar period (UTC) is reached. The
     * cheat guard (`rules.guard`) then holds the award back when the user's paid awards in its
     * time frame, or their points, would pass its limits, or the rule paid them too recently:
     * the event is recorded with 0 points and listed in the ledger as `held` with the reason.
     * Earned points expire as the rules' expiry schedule says.
     */
    async award(
      uid: number,
      ruleType: string,
      eventKey: string,
      options: { note?: string; now?: Date } = {},
    ): Promise<number> {
      const now = options.now ?? new Date();
      return inTurn([userTurn(uid)], () =>
        db.transaction(async (tx) => {
          const rules = completeRules(await settingsRepository(tx).get('incentive_rules'));
          const rule = rules.rules.find((r) => r.type === ruleType);
          if (!rule?.enabled) return 0;
          // One user's awards queue up on their balance row, the same lock the ledger takes, so
          // the checks below see every earlier award of that user, however many run at once.
          await tx.query(
            'INSERT INTO point_balances (uid) VALUES ($1) ON CONFLICT (uid) DO NOTHING',
            [uid],
          );
          await tx.query('SELECT 1 FROM point_balances WHERE uid = $1 FOR UPDATE', [uid]);

          // One round trip over the two partial indexes of paid awards: (uid, rule, created_at)
          // for the rule's last award and its cap, (uid, created_at) for the guard's time frame,
          // which its own limits keep short. No upper bound on the time: a request that got the
          // lock after another may have read the clock before it, and must still count its award.
          const { guard } = rules;
          const { rows } = await tx.query<{
            done: boolean;
            last_of_rule: Date | string | null;
            in_period: number;
            recent_awards: number;
            recent_points: number;
          }>(
            `SELECT
             EXISTS (SELECT 1 FROM incentive_awards
                      WHERE uid = $1 AND rule = $2 AND event_key = $3) AS done,
             (SELECT max(created_at) FROM incentive_awards
               WHERE uid = $1 AND rule = $2 AND points > 0) AS last_of_rule,
             (SELECT count(*)::int FROM incentive_awards
               WHERE uid = $1 AND rule = $2 AND points > 0 AND created_at >= $4) AS in_period,
             recent.awards AS recent_awards, recent.points AS recent_points
           FROM (SELECT count(*)::int AS awards, coalesce(sum(points), 0)::int AS points
                   FROM incentive_awards
                  WHERE uid = $1 AND points > 0 AND created_at > $5) recent`,
            [
              uid,
              ruleType,
              eventKey,
              periodStart(rule.cap_period, now).toISOString(),
              new Date(now.getTime() - guard.window_minutes * 60_000).toISOString(),
            ],
          );
          const found = rows[0]!;
          const decision = decideAward(
            rule,
            guard,
            {
              done: found.done,
              lastOfRule: found.last_of_rule === null ? null : new Date(found.last_of_rule),
              inPeriod: found.in_period,
              recentAwards: found.recent_awards,
              recentPoints: found.recent_points,
            },
            now,
          );
          if (!decision.paid && !decision.held) return 0;
          const inserted = await tx.query(
            `INSERT INTO incentive_awards (uid, rule, event_key, points, created_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (uid, rule, event_key) DO NOTHING RETURNING id`,
            [uid, ruleType, eventKey, decision.paid ? decision.points : 0, now.toISOString()],
          );
          if (!inserted.rows.length) return 0;
          const note = options.note ?? ruleTypes.find((r) => r.type === ruleType)?.label ?? '';
          if (!decision.paid) {
            await pointsRepository(tx).hold({
              uid,
              source: ruleType,
              note,
              reason: decision.reason,
            });
            return 0;
          }

          const expiresAt =
            rules.expiry_schedule_id === null || rules.expiry_schedule_id === undefined
              ? null
              : expiryDate(await schedule(tx, rules.expiry_schedule_id), now);
          await pointsRepository(tx).credit({
            uid,
            points: rule.points,
            kind: 'award',
            source: ruleType,
            note,
            expiresAt,
          });
          return rule.points;
        }),
      );
    },

    /**
     * The earning engine: pays, through {@link award}, every enabled rule whose type the event
     * feeds and whose condition its facts meet with the rule's parameters, the event key and
     * note filled in from the facts. Returns the points paid.
     */
    async payEvent(
      uid: number,
      event: string,
      facts: Facts,
      options: { now?: Date } = {},
    ): Promise<number> {
      const types = earningCatalogue.byEvent.get(event);
      if (!types) return 0;
      const { rules } = await repo.rules();
      let paid = 0;
      for (const type of types) {
        const rule = rules.find((r) => r.type === type.declaration.type);
        if (!rule?.enabled || !type.matches(facts, rule.params ?? {})) continue;
        paid += await repo.award(uid, type.declaration.type, type.eventKey(facts), {
          note: type.note(facts),
          ...(options.now ? { now: options.now } : {}),
        });
      }
      return paid;
    },

    /**
     * Writes awards made in the past (the demo seed's history), each at its moment with the
     * points it paid (0: held back by the cheat guard), as {@link award} would have written them;
     * their points move with the ledger's history (`points.writeHistory`).
     */
    async recordPastAwards(
      uid: number,
      awards: readonly { rule: string; eventKey: string; points: number; at: Date }[],
    ): Promise<void> {
      if (awards.length === 0) return;
      await db.query(
        `INSERT INTO incentive_awards (uid, rule, event_key, points, created_at)
         SELECT $1, a.rule, a.event_key, a.points, a.created_at
           FROM unnest($2::text[], $3::text[], $4::int[], $5::timestamptz[])
                  AS a (rule, event_key, points, created_at)`,
        [
          uid,
          awards.map((a) => a.rule),
          awards.map((a) => a.eventKey),
          awards.map((a) => a.points),
          awards.map((a) => a.at.toISOString()),
        ],
      );
    },

    /**
     * Records a sign-in at `now` in the user's run of days and answers the `signed_in` facts.
     * Days are the user's: their time zone, else the site's, else UTC, so a learner in Tokyo who
     * signs in every morning keeps their run whatever UTC day that is. One row per user holds
     * the run (its last day, its first day and its length), updated in one statement that takes
     * the row's lock, so sign-ins at once count a day once.
     */
    async recordSignIn(uid: number, now: Date): Promise<SignInFacts> {
      const { rows: zones } = await db.query<{ zone: string | null }>(
        `SELECT coalesce(u.timezone, s.value->>'default_timezone') AS zone
           FROM users u LEFT JOIN settings s ON s.key = 'regional' WHERE u.uid = $1`,
        [uid],
      );
      const zone = zones[0]?.zone;
      const timeZone = zone && isTimeZone(zone) ? zone : 'UTC';
      const localDay = localDateOf(now, timeZone);
      // The next day extends the run, a later one starts a new run; the same day (or an earlier
      // one, after the user moved west) leaves it as it is.
      const { rows } = await db.query<{ days_in_a_row: number; streak_start: string }>(
        `INSERT INTO login_streaks AS s (uid, last_day, streak_start, days_in_a_row)
         VALUES ($1, $2::date, $2::date, 1)
         ON CONFLICT (uid) DO UPDATE SET
           days_in_a_row = CASE
             WHEN excluded.last_day = s.last_day + 1 THEN s.days_in_a_row + 1
             WHEN excluded.last_day > s.last_day THEN 1
             ELSE s.days_in_a_row END,
           streak_start = CASE
             WHEN excluded.last_day > s.last_day + 1 THEN excluded.last_day
             ELSE s.streak_start END,
           last_day = greatest(s.last_day, excluded.last_day)
         RETURNING days_in_a_row, to_char(streak_start, 'YYYY-MM-DD') AS streak_start`,
        [uid, localDay],
      );
      const run = rows[0]!;
      return {
        day: now.toISOString().slice(0, 10),
        local_day: localDay,
        time_zone: timeZone,
        days_in_a_row: run.days_in_a_row,
        streak_start: run.streak_start,
      };
    },

    /** The training's title and the user's subscription to it (null: no such training). */
    async trainingState(uid: number, trainingId: number): Promise<TrainingState | null> {
      const { rows } = await db.query<TrainingState>(
        `SELECT t.title, s.uid IS NOT NULL AS subscribed, s.completed_at IS NOT NULL AS completed
           FROM trainings t LEFT JOIN subscriptions s ON s.training_id = t.id AND s.uid = $1
          WHERE t.id = $2`,
        [uid, trainingId],
      );
      return rows[0] ?? null;
    },

    /* ---------------------------------------------------------------- expiry schedules */

    async schedules(
      page: number,
      limit: number,
    ): Promise<{ rows: ExpirySchedule[]; total: number }> {
      const total = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM incentive_expiry_schedules',
      );
      const { rows } = await db.query<ScheduleRow>(
        `SELECT ${SCHEDULE_COLUMNS} FROM incentive_expiry_schedules ORDER BY name, id
          LIMIT $1 OFFSET $2`,
        [limit, page * limit],
      );
      return { rows: rows.map(toSchedule), total: total.rows[0]?.n ?? 0 };
    },

    async schedule(id: number): Promise<ExpirySchedule | undefined> {
      return schedule(db, id);
    },

    async createSchedule(input: Required<ExpiryScheduleInput>): Promise<ExpirySchedule> {
      const { rows } = await db.query<ScheduleRow>(
        `INSERT INTO incentive_expiry_schedules (name, type, months, fixed_date, enabled)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${SCHEDULE_COLUMNS}`,
        [input.name, input.type, input.months, input.fixed_date, input.enabled],
      );
      return toSchedule(rows[0]!);
    },

    /** Replaces a schedule's fields; undefined when there is no such schedule. */
    async updateSchedule(
      id: number,
      input: Required<ExpiryScheduleInput>,
    ): Promise<ExpirySchedule | undefined> {
      const { rows } = await db.query<ScheduleRow>(
        `UPDATE incentive_expiry_schedules
            SET name = $2, type = $3, months = $4, fixed_date = $5, enabled = $6
          WHERE id = $1 RETURNING ${SCHEDULE_COLUMNS}`,
        [id, input.name, input.type, input.months, input.fixed_date, input.enabled],
      );
      return rows[0] && toSchedule(rows[0]);
    },

    /**
     * Deletes a schedule unless the rules use it: 'in_use' then, 'missing' when there is none.
     * The rules document is locked meanwhile, so rules saved concurrently cannot pick it up.
     */
    async deleteSchedule(id: number): Promise<'deleted' | 'in_use' | 'missing'> {
      return db.transaction(async (tx) => {
        const settings = settingsRepository(tx);
        await settings.lock('incentive_rules');
        if ((await settings.get('incentive_rules')).expiry_schedule_id === id) return 'in_use';
        const { rows } = await tx.query(
          'DELETE FROM incentive_expiry_schedules WHERE id = $1 RETURNING id',
          [id],
        );
        return rows.length ? 'deleted' : 'missing';
      });
    },

    /* ---------------------------------------------------------------- leaderboard */

    /**
     * Users ranked by the points they earned (awards and positive adjustments) in the period:
     * this calendar week (from Monday) or month in the site's time zone, or all time. Read from
     * the totals the database keeps as points are earned (`leaderboard_totals`): the top is the
     * start of an index, and a place is the number of users ahead of it. Opted-out and blocked
     * users are left out; equal points share a rank. `me` is the caller's place even outside the
     * top (null when opted out; a caller who earned nothing comes after everyone who did).
     */
    async leaderboard(
      uid: number,
      period: Period,
      limit: number,
      now: Date = new Date(),
    ): Promise<Leaderboard> {
      /** The rows of this period's board: $1 the period, $2 the instant it contains. */
      const board = (t: string) =>
        `${t}.period = $1 AND ${t}.starts = atrium_period_start($1, $2::timestamptz, atrium_site_zone()) AND ${t}.listed`;
      // Every user with at least the points of the last place shown: the ranks among them are
      // the ranks on the whole board, and those sharing the last place are ordered by name.
      const top = await db.query<LeaderRow>(
        `WITH shown AS (
           SELECT b.points FROM leaderboard_totals b WHERE ${board('b')}
            ORDER BY b.points DESC LIMIT $3
         ), ranked AS (
           SELECT t.uid, t.points, (RANK() OVER (ORDER BY t.points DESC))::int AS rank
             FROM leaderboard_totals t
            WHERE ${board('t')} AND t.points >= (SELECT min(points) FROM shown)
         )
         SELECT u.uid, u.name, u.first_name, u.last_name, u.avatar, r.points, r.rank
           FROM ranked r JOIN users u ON u.uid = r.uid
          ORDER BY r.rank, lower(trim(u.first_name || ' ' || u.last_name)), u.uid LIMIT $3`,
        [period, now.toISOString(), limit],
      );
      const mine = await db.query<LeaderRow & { opted_out: boolean; ahead: number }>(
        `WITH own AS (
           SELECT b.points FROM leaderboard_totals b WHERE ${board('b')} AND b.uid = $3
         )
         SELECT u.uid, u.name, u.first_name, u.last_name, u.avatar,
                u.leaderboard_opt_out AS opted_out,
                coalesce((SELECT points FROM own), 0)::int AS points,
                (SELECT count(*)::int FROM leaderboard_totals b
                  WHERE ${board('b')} AND b.points > coalesce((SELECT points FROM own), 0)) AS ahead
           FROM users u WHERE u.uid = $3`,
        [period, now.toISOString(), uid],
      );
      const me = mine.rows[0];
      const optedOut = me?.opted_out ?? false;
      return {
        period,
        entries: top.rows.map(toEntry),
        me: me && !optedOut ? toEntry({ ...me, rank: me.ahead + 1 }) : null,
        opted_out: optedOut,
      };
    },

    /**
     * Forgets the week and month totals of periods before the last one: no board reads them,
     * and without this the totals would grow by every user's week, every week. Answers how many
     * rows went. Run by the hourly job.
     */
    async forgetOldLeaderboards(now: Date = new Date()): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `WITH gone AS (
           DELETE FROM leaderboard_totals
            WHERE period <> 'all'
              AND starts < atrium_period_start(
                    period,
                    $1::timestamptz - CASE period WHEN 'week' THEN interval '7 days'
                                                  ELSE interval '1 month' END,
                    atrium_site_zone())
           RETURNING 1
         ) SELECT count(*)::int AS n FROM gone`,
        [now.toISOString()],
      );
      return rows[0]?.n ?? 0;
    },

    /** Leaves the leaderboard or comes back; returns whether the user is now left out. */
    async setLeaderboardOptOut(uid: number, optOut: boolean): Promise<boolean> {
      const { rows } = await db.query<{ leaderboard_opt_out: boolean }>(
        'UPDATE users SET leaderboard_opt_out = $2 WHERE uid = $1 RETURNING leaderboard_opt_out',
        [uid, optOut],
      );
      return rows[0]?.leaderboard_opt_out ?? optOut;
    },
  };
  return repo;
}
export type EarningRepository = ReturnType<typeof earningRepository>;
