import type {
  Entry,
  EntryKind,
  Override,
  Trainer,
  WeeklyHours,
} from '@schemas/entities/availability.schema';
import type { Db } from '../db/db';
import { clockOf, minutesOf, type ClockHours } from '../lib/availability-expand';
import { AUTHENTICATED_ROLE } from '../lib/access';
import { SqlParams } from './sql-params';

/** The flag that makes a user a trainer: one who keeps their own availability. */
export const TRAINER_FLAG = 'availability_feature_manage_own';

/** A trainer's availability settings. */
export interface AvailabilityProfile {
  uid: number;
  timezone: string;
  /** Set while a course administrator has locked the availability. */
  lock: { by: string; at: string } | null;
}

/** Filter of the trainer lists. */
export interface TrainerFilter {
  organization?: number | undefined;
  search?: string | undefined;
  uids?: readonly number[] | undefined;
}

/** A new one-off entry. */
export interface NewEntry {
  kind: EntryKind;
  start: string;
  end: string;
  reason: string;
}

interface TrainerRow {
  uid: number;
  name: string;
  display_name: string;
  avatar: string | null;
  organizations: { id: number; name: string }[] | string | null;
}

interface ProfileRow {
  uid: number;
  timezone: string;
  locked_at: Date | string | null;
  locked_by_name: string | null;
}

interface EntryRow {
  id: number;
  uid: number;
  kind: EntryKind;
  starts_at: Date | string;
  ends_at: Date | string;
  reason: string;
  created_at: Date | string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

const DISPLAY_NAME = `coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.name)`;

/** Signed-in users hold the authenticated role besides their own (see the auth plugin). */
// Trainers are the members of the roles holding the trainer flag, read through the index of
// user roles by role (or everyone, when every signed-in user holds it), not found by testing
// every user.
const IS_TRAINER = `NOT u.blocked AND u.uid IN (
  SELECT r.uid FROM user_roles r JOIN role_flags f ON f.role = r.role
   WHERE f.flag = '${TRAINER_FLAG}'
  UNION ALL
  SELECT a.uid FROM users a
   WHERE EXISTS (SELECT 1 FROM role_flags f
                  WHERE f.flag = '${TRAINER_FLAG}' AND f.role = '${AUTHENTICATED_ROLE}'))`;

const TRAINER_COLUMNS = `u.uid, u.name, ${DISPLAY_NAME} AS display_name, u.avatar,
  (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name) ORDER BY o.name, o.id), '[]'::json)
     FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
    WHERE uo.uid = u.uid) AS organizations`;

const PROFILE_COLUMNS = `p.uid, p.timezone, p.locked_at,
  (SELECT ${DISPLAY_NAME} FROM users u WHERE u.uid = p.locked_by) AS locked_by_name`;

const ENTRY_COLUMNS = 'id, uid, kind, starts_at, ends_at, reason, created_at';

function toTrainer(row: TrainerRow): Trainer {
  const organizations =
    typeof row.organizations === 'string'
      ? (JSON.parse(row.organizations) as { id: number; name: string }[])
      : (row.organizations ?? []);
  return {
    uid: row.uid,
    name: row.name,
    display_name: row.display_name,
    avatar: row.avatar,
    organizations,
  };
}

function toProfile(row: ProfileRow): AvailabilityProfile {
  return {
    uid: row.uid,
    timezone: row.timezone,
    lock: row.locked_at ? { by: row.locked_by_name ?? '', at: iso(row.locked_at) } : null,
  };
}

function toEntry(row: EntryRow): Entry {
  return {
    id: row.id,
    kind: row.kind,
    start: iso(row.starts_at),
    end: iso(row.ends_at),
    reason: row.reason,
    created: iso(row.created_at),
  };
}

function trainerWhere(filter: TrainerFilter, params: SqlParams): string {
  const where = [IS_TRAINER];
  if (filter.search) {
    const p = params.add(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(u.name ILIKE ${p} OR ${DISPLAY_NAME} ILIKE ${p})`);
  }
  if (filter.organization !== undefined)
    where.push(
      `EXISTS (SELECT 1 FROM user_organizations uo WHERE uo.uid = u.uid AND uo.organization_id = ${params.add(filter.organization)})`,
    );
  if (filter.uids) where.push(`u.uid = ANY(${params.add(filter.uids, '::int[]')})`);
  return where.join(' AND ');
}

function groupBy<T extends { uid: number }, R>(
  uids: readonly number[],
  rows: readonly T[],
  map: (row: T) => R,
): Map<number, R[]> {
  const out = new Map<number, R[]>(uids.map((uid) => [uid, []]));
  for (const row of rows) out.get(row.uid)?.push(map(row));
  return out;
}

/** Reads and single-statement writes over one handle (the pool, or a transaction). */
function availabilityQueries(db: Db) {
  return {
    /** Trainers (not blocked, holding the trainer flag), by display name, a page at a time. */
    async trainers(
      filter: TrainerFilter,
      paging?: { page: number; limit: number },
    ): Promise<{ rows: Trainer[]; total: number }> {
      const params = new SqlParams();
      const where = trainerWhere(filter, params);
      let total: number | undefined;
      let limit = '';
      if (paging) {
        const count = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM users u WHERE ${where}`,
          params.values,
        );
        total = count.rows[0]?.n ?? 0;
        limit = `LIMIT ${params.add(paging.limit)} OFFSET ${params.add(paging.page * paging.limit)}`;
      }
      const { rows } = await db.query<TrainerRow>(
        `SELECT ${TRAINER_COLUMNS} FROM users u WHERE ${where}
          ORDER BY lower(${DISPLAY_NAME}), u.uid ${limit}`,
        params.values,
      );
      return { rows: rows.map(toTrainer), total: total ?? rows.length };
    },

    /** One trainer; undefined when the user is missing, blocked or not a trainer. */
    async trainer(uid: number): Promise<Trainer | undefined> {
      const { rows } = await db.query<TrainerRow>(
        `SELECT ${TRAINER_COLUMNS} FROM users u WHERE u.uid = $1 AND ${IS_TRAINER}`,
        [uid],
      );
      return rows[0] && toTrainer(rows[0]);
    },

    /**
     * Settings of trainers by uid. A trainer without a stored profile reads as their own time
     * zone, or `defaultTimezone` (the site's), unlocked; nothing is written.
     */
    async profiles(
      uids: readonly number[],
      defaultTimezone: string,
    ): Promise<Map<number, AvailabilityProfile>> {
      const { rows } = await db.query<ProfileRow>(
        `SELECT u.uid, coalesce(p.timezone, u.timezone, $2) AS timezone, p.locked_at,
                (SELECT ${DISPLAY_NAME} FROM users u WHERE u.uid = p.locked_by) AS locked_by_name
           FROM users u LEFT JOIN availability_profiles p ON p.uid = u.uid
          WHERE u.uid = ANY($1::int[])`,
        [uids, defaultTimezone],
      );
      return new Map(rows.map((r) => [r.uid, toProfile(r)]));
    },

    /** Weekly hours by uid, sorted by weekday and start. */
    async weekly(uids: readonly number[]): Promise<Map<number, WeeklyHours[]>> {
      const { rows } = await db.query<{
        uid: number;
        weekday: number;
        start_minute: number;
        end_minute: number;
      }>(
        `SELECT uid, weekday, start_minute, end_minute FROM availability_weekly
          WHERE uid = ANY($1::int[]) ORDER BY uid, weekday, start_minute, end_minute`,
        [uids],
      );
      return groupBy(uids, rows, (r) => ({
        weekday: r.weekday,
        start: clockOf(r.start_minute),
        end: clockOf(r.end_minute),
      }));
    },

    /** Overrides by uid of the local dates `from` … `to` (inclusive), by date. */
    async overrides(
      uids: readonly number[],
      from: string,
      to: string,
    ): Promise<Map<number, Override[]>> {
      const { rows } = await db.query<{
        uid: number;
        date: string;
        intervals: ClockHours[] | string;
        reason: string;
      }>(
        `SELECT uid, to_char(day, 'YYYY-MM-DD') AS date, intervals, reason
           FROM availability_overrides
          WHERE uid = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
          ORDER BY uid, day`,
        [uids, from, to],
      );
      return groupBy(uids, rows, (r) => ({
        date: r.date,
        intervals:
          typeof r.intervals === 'string' ? (JSON.parse(r.intervals) as ClockHours[]) : r.intervals,
        reason: r.reason,
      }));
    },

    /** Entries by uid that overlap [start, end), by start. */
    async entries(
      uids: readonly number[],
      start: string,
      end: string,
    ): Promise<Map<number, Entry[]>> {
      const { rows } = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM availability_entries
          WHERE uid = ANY($1::int[]) AND starts_at < $3::timestamptz AND ends_at > $2::timestamptz
          ORDER BY uid, starts_at, id`,
        [uids, start, end],
      );
      return groupBy(uids, rows, toEntry);
    },

    async entry(uid: number, id: number): Promise<Entry | undefined> {
      const { rows } = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM availability_entries WHERE uid = $1 AND id = $2`,
        [uid, id],
      );
      return rows[0] && toEntry(rows[0]);
    },

    async setTimezone(uid: number, timezone: string): Promise<void> {
      await db.query(
        'UPDATE availability_profiles SET timezone = $2, updated_at = now() WHERE uid = $1',
        [uid, timezone],
      );
    },

    /** Locks (by the given user) or, with `null`, unlocks. */
    async setLock(uid: number, lockedBy: number | null): Promise<void> {
      await db.query(
        `UPDATE availability_profiles
            SET locked_by = $2::int, locked_at = CASE WHEN $2::int IS NULL THEN NULL ELSE now() END,
                updated_at = now()
          WHERE uid = $1`,
        [uid, lockedBy],
      );
    },

    /** Replaces the whole weekly schedule. */
    async replaceWeekly(uid: number, hours: readonly WeeklyHours[]): Promise<void> {
      await db.query('DELETE FROM availability_weekly WHERE uid = $1', [uid]);
      for (const h of hours)
        await db.query(
          `INSERT INTO availability_weekly (uid, weekday, start_minute, end_minute)
           VALUES ($1, $2, $3, $4)`,
          [uid, h.weekday, minutesOf(h.start), minutesOf(h.end)],
        );
      await db.query('UPDATE availability_profiles SET updated_at = now() WHERE uid = $1', [uid]);
    },

    async saveOverride(uid: number, override: Override): Promise<void> {
      await db.query(
        `INSERT INTO availability_overrides (uid, day, intervals, reason)
         VALUES ($1, $2::date, $3::jsonb, $4)
         ON CONFLICT (uid, day) DO UPDATE SET intervals = EXCLUDED.intervals, reason = EXCLUDED.reason`,
        [uid, override.date, JSON.stringify(override.intervals), override.reason],
      );
    },

    /** Whether there was an override to delete. */
    async deleteOverride(uid: number, date: string): Promise<boolean> {
      const { rows } = await db.query(
        'DELETE FROM availability_overrides WHERE uid = $1 AND day = $2::date RETURNING uid',
        [uid, date],
      );
      return rows.length > 0;
    },

    /** The first entry of the kind that overlaps [start, end) (touching is fine), if any. */
    async overlappingEntry(
      uid: number,
      kind: EntryKind,
      start: string,
      end: string,
      exceptId?: number,
    ): Promise<Entry | undefined> {
      const { rows } = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM availability_entries
          WHERE uid = $1 AND kind = $2 AND starts_at < $4::timestamptz AND ends_at > $3::timestamptz
            AND id <> $5
          ORDER BY starts_at, id LIMIT 1`,
        [uid, kind, start, end, exceptId ?? 0],
      );
      return rows[0] && toEntry(rows[0]);
    },

    async createEntry(uid: number, entry: NewEntry, createdBy: number): Promise<Entry> {
      const { rows } = await db.query<EntryRow>(
        `INSERT INTO availability_entries (uid, kind, starts_at, ends_at, reason, created_by)
         VALUES ($1, $2, $3::timestamptz, $4::timestamptz, $5, $6)
         RETURNING ${ENTRY_COLUMNS}`,
        [uid, entry.kind, entry.start, entry.end, entry.reason, createdBy],
      );
      return toEntry(rows[0]!);
    },

    async updateEntry(uid: number, id: number, entry: NewEntry): Promise<Entry | undefined> {
      const { rows } = await db.query<EntryRow>(
        `UPDATE availability_entries
            SET kind = $3, starts_at = $4::timestamptz, ends_at = $5::timestamptz, reason = $6
          WHERE uid = $1 AND id = $2
          RETURNING ${ENTRY_COLUMNS}`,
        [uid, id, entry.kind, entry.start, entry.end, entry.reason],
      );
      return rows[0] && toEntry(rows[0]);
    },

    /** Whether there was an entry to delete. */
    async deleteEntry(uid: number, id: number): Promise<boolean> {
      const { rows } = await db.query(
        'DELETE FROM availability_entries WHERE uid = $1 AND id = $2 RETURNING id',
        [uid, id],
      );
      return rows.length > 0;
    },
  };
}
/** The queries of {@link availabilityRepository}, bound to one transaction. */
export type AvailabilityQueries = ReturnType<typeof availabilityQueries>;

/**
 * Trainer availability: settings, weekly hours and date overrides (wall clock, in the trainer's
 * time zone) and one-off entries (instants). Writes go through `withProfile`, which holds the
 * trainer's profile row locked for the whole transaction.
 */
export function availabilityRepository(db: Db) {
  return {
    ...availabilityQueries(db),

    /**
     * Runs `fn` in one transaction holding the trainer's profile row locked (`FOR UPDATE`),
     * creating the row first when the trainer has none (their own time zone, else
     * `defaultTimezone`). Concurrent writes to one trainer's availability so run one after
     * the other, and checks made inside `fn` (locks, overlaps) still hold when it writes.
     */
    async withProfile<T>(
      uid: number,
      defaultTimezone: string,
      fn: (profile: AvailabilityProfile, tx: AvailabilityQueries) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO availability_profiles (uid, timezone)
           SELECT uid, coalesce(timezone, $2) FROM users WHERE uid = $1
           ON CONFLICT (uid) DO NOTHING`,
          [uid, defaultTimezone],
        );
        await tx.query('SELECT 1 FROM availability_profiles WHERE uid = $1 FOR UPDATE', [uid]);
        const { rows } = await tx.query<ProfileRow>(
          `SELECT ${PROFILE_COLUMNS} FROM availability_profiles p WHERE p.uid = $1`,
          [uid],
        );
        if (!rows[0]) throw new Error(`User ${uid} does not exist.`);
        return fn(toProfile(rows[0]), availabilityQueries(tx));
      });
    },
  };
}
export type AvailabilityRepository = ReturnType<typeof availabilityRepository>;
