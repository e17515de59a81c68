import type {
  ExpirySchedule,
  ExpiryScheduleInput,
  Leaderboard,
  LeaderboardEntry,
  Rule,
  Rules,
} from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import type { Db } from '../db/db';
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

/** The smallest logger the award hooks need (Fastify's request logger fits). */
export interface AwardLogger {
  error(obj: unknown, msg?: string): void;
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

const DAY_MS = 86_400_000;

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

/** Stored rules merged over the declared defaults: one per declared type, in declared order. */
export function completeRules(stored: Rules | undefined): Rules {
  const byType = new Map((stored?.rules ?? []).map((r) => [r.type, r]));
  return {
    rules: ruleTypes.map((declared) => ({
      type: declared.type,
      ...declared.defaults,
      ...byType.get(declared.type),
    })),
    expiry_schedule_id: stored?.expiry_schedule_id ?? null,
  };
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
    async rules(): Promise<Rules> {
      return completeRules(await settingsRepository(db).get('incentive_rules'));
    },

    /** Stores the rules (completed with defaults for types left out) and returns them. */
    async saveRules(rules: Rules): Promise<Rules> {
      const complete = completeRules(rules);
      await settingsRepository(db).set('incentive_rules', complete);
      return complete;
    },

    /**
     * Pays a rule's points for one event, in one transaction, and returns the points paid (0
     * when not). Nothing is written when the rule is off, the event has paid already (the
     * unique key of `incentive_awards` decides, even under concurrency), the rule's cooldown
     * has not passed or its cap for the current calendar period (UTC) is reached. Earned points
     * expire as the rules' expiry schedule says.
     */
    async award(
      uid: number,
      ruleType: string,
      eventKey: string,
      options: { note?: string; now?: Date } = {},
    ): Promise<number> {
      const now = options.now ?? new Date();
      return db.transaction(async (tx) => {
        const rules = completeRules(await settingsRepository(tx).get('incentive_rules'));
        const rule = rules.rules.find((r) => r.type === ruleType);
        if (!rule?.enabled) return 0;
        // One user's awards queue up on their balance row, the same lock the ledger takes, so
        // the cooldown and cap checks below see every earlier award of that user.
        await tx.query(
          'INSERT INTO point_balances (uid) VALUES ($1) ON CONFLICT (uid) DO NOTHING',
          [uid],
        );
        await tx.query('SELECT 1 FROM point_balances WHERE uid = $1 FOR UPDATE', [uid]);

        const { rows: counts } = await tx.query<{ recent: number; in_period: number }>(
          `SELECT count(*) FILTER (WHERE created_at > $3)::int AS recent,
                  count(*) FILTER (WHERE created_at >= $4)::int AS in_period
             FROM incentive_awards WHERE uid = $1 AND rule = $2 AND created_at <= $5`,
          [
            uid,
            ruleType,
            new Date(now.getTime() - rule.cooldown_hours * 3_600_000).toISOString(),
            periodStart(rule.cap_period, now).toISOString(),
            now.toISOString(),
          ],
        );
        const { recent = 0, in_period = 0 } = counts[0] ?? {};
        if (rule.cooldown_hours > 0 && recent > 0) return 0;
        if (rule.cap !== null && in_period >= rule.cap) return 0;

        const inserted = await tx.query(
          `INSERT INTO incentive_awards (uid, rule, event_key, points, created_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (uid, rule, event_key) DO NOTHING RETURNING id`,
          [uid, ruleType, eventKey, rule.points, now.toISOString()],
        );
        if (!inserted.rows.length) return 0;

        const expiresAt =
          rules.expiry_schedule_id === null || rules.expiry_schedule_id === undefined
            ? null
            : expiryDate(await schedule(tx, rules.expiry_schedule_id), now);
        await pointsRepository(tx).credit({
          uid,
          points: rule.points,
          kind: 'award',
          source: ruleType,
          note: options.note ?? ruleTypes.find((r) => r.type === ruleType)?.label ?? '',
          expiresAt,
        });
        return rule.points;
      });
    },

    /**
     * {@link award} for event hooks: a failure is logged and counts as no award, so it never
     * fails the request that raised the event.
     */
    async awardSafely(
      log: AwardLogger,
      uid: number,
      ruleType: string,
      eventKey: string,
      options: { note?: string; now?: Date } = {},
    ): Promise<number> {
      try {
        return await repo.award(uid, ruleType, eventKey, options);
      } catch (error) {
        log.error({ err: error, uid, ruleType, eventKey }, 'incentive award failed');
        return 0;
      }
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
     * Users ranked by the points they earned (positive awards and adjustments) in the period:
     * the last 7 or 30 days, or all time. Opted-out and blocked users are left out; equal
     * points share a rank. `me` is the caller's place even outside the top (null when opted
     * out; a caller who earned nothing comes after everyone who did).
     */
    async leaderboard(
      uid: number,
      period: Period,
      limit: number,
      now: Date = new Date(),
    ): Promise<Leaderboard> {
      const since =
        period === 'all'
          ? null
          : new Date(now.getTime() - (period === 'week' ? 7 : 30) * DAY_MS).toISOString();
      const ranked = `WITH earned AS (
          SELECT uid, sum(delta)::int AS points FROM points_ledger
           WHERE delta > 0 AND kind IN ('award', 'adjust')
             AND ($1::timestamptz IS NULL OR created_at >= $1::timestamptz)
           GROUP BY uid
        ), ranked AS (
          SELECT u.uid, u.name, u.first_name, u.last_name, u.avatar, e.points,
                 (RANK() OVER (ORDER BY e.points DESC))::int AS rank
            FROM earned e JOIN users u ON u.uid = e.uid
           WHERE NOT u.leaderboard_opt_out AND NOT u.blocked
        )`;
      const top = await db.query<LeaderRow>(
        `${ranked} SELECT * FROM ranked
          ORDER BY rank, lower(trim(first_name || ' ' || last_name)), uid LIMIT $2`,
        [since, limit],
      );
      const mine = await db.query<LeaderRow & { opted_out: boolean; others: number }>(
        `${ranked} SELECT u.uid, u.name, u.first_name, u.last_name, u.avatar,
                  u.leaderboard_opt_out AS opted_out,
                  coalesce(r.points, 0)::int AS points, r.rank,
                  (SELECT count(*)::int FROM ranked) AS others
             FROM users u LEFT JOIN ranked r ON r.uid = u.uid WHERE u.uid = $2`,
        [since, uid],
      );
      const me = mine.rows[0];
      const optedOut = me?.opted_out ?? false;
      return {
        period,
        entries: top.rows.map(toEntry),
        me:
          me && !optedOut
            ? toEntry({ ...me, rank: me.rank ?? me.others + 1, points: me.points })
            : null,
        opted_out: optedOut,
      };
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
