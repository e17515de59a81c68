import type {
  Entry,
  EntryKind,
  Interval,
  Override,
  OverviewRow,
  Trainer,
  WeeklyHours,
} from '@schemas/entities/availability.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import type { Db } from '../db/db';
import { clockOf, minutesOf, type ClockHours } from '../lib/availability-expand';
import { seekPage, type PageAsk, type SeekColumn } from './seek-paging';
import { SqlParams } from './sql-params';

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

/** What the overview shows of one trainer besides who they are. */
export interface OverviewCalendar {
  profile: AvailabilityProfile;
  intervals: Interval[];
  timeOff: OverviewRow['time_off'];
}

interface OverviewCalendarRow extends ProfileRow {
  intervals: Interval[] | string;
  time_off: OverviewRow['time_off'] | string;
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

/** A JSON column, as the driver hands it over (parsed, or text). */
const fromJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const DISPLAY_NAME = `coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.name)`;

/**
 * The trainers (not blocked, holding the trainer flag through a role, or everyone when every
 * signed-in user holds it), kept with the name they are sorted by (migration 0027), and their
 * accounts.
 */
const TRAINERS_FROM = 'FROM availability_trainers t JOIN users u ON u.uid = t.uid';

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

/** The conditions of a trainer list's filter; only a search needs the accounts themselves. */
function trainerWhere(filter: TrainerFilter, params: SqlParams): string[] {
  const where: string[] = [];
  if (filter.search) {
    // A fragment of the account name or the first and last name, through their trigram index.
    const fragment = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      `atrium_user_search_text(u.name, u.first_name, u.last_name) LIKE ${params.add(fragment)}`,
    );
  }
  if (filter.organization !== undefined)
    where.push(
      `EXISTS (SELECT 1 FROM user_organizations uo WHERE uo.uid = t.uid AND uo.organization_id = ${params.add(filter.organization)})`,
    );
  if (filter.uids) where.push(`t.uid = ANY(${params.add(filter.uids, '::int[]')})`);
  return where;
}

/**
 * The order of every trainer list: display name (ignoring case), then uid, as kept with the
 * trainers and indexed in that order.
 */
const TRAINER_ORDER: readonly SeekColumn[] = [
  { sql: 't.sort_name', type: 'text' },
  { sql: 't.uid', type: 'integer' },
];

function groupBy<T extends { uid: number }, R>(
  uids: readonly number[],
  rows: readonly T[],
  map: (row: T) => R,
): Map<number, R[]> {
  const out = new Map<number, R[]>(uids.map((uid) => [uid, []]));
  for (const row of rows) out.get(row.uid)?.push(map(row));
  return out;
}

/**
 * The condition "available for the whole of [start, end)": inside the horizon of the maintained
 * spans (migration 0024), one of the trainer's spans contains the range, found through the
 * spans' GiST index; outside it, the trainer's availability is expanded in the database.
 *
 * Inside the horizon the trainers whose spans contain the range are read first, with the
 * horizon, and the list is then filtered by their uids as a value: the planner sees how many
 * there are, so when most trainers are available it reads the list in name order up to its page
 * (filtering by a hash of the uids) instead of joining every available trainer's account and
 * sorting them all, and the count and the page do not look the spans up once each.
 */
async function availableWhere(
  db: Db,
  range: { start: string; end: string },
  params: SqlParams,
): Promise<string> {
  const { rows } = await db.query<{ uids: number[] | null }>(
    `SELECT CASE WHEN h.starts <= $1::timestamptz AND h.ends >= $2::timestamptz
                 THEN ARRAY(SELECT sp.uid FROM availability_spans sp
                             WHERE sp.span @> tstzrange($1::timestamptz, $2::timestamptz))
            END AS uids
       FROM availability_span_horizon h`,
    [range.start, range.end],
  );
  const uids = rows[0]?.uids;
  if (uids) return `t.uid = ANY(${params.add(uids, '::int[]')})`;
  const wanted = `tstzrange(${params.add(range.start)}::timestamptz, ${params.add(range.end)}::timestamptz)`;
  return `atrium_availability_expand(t.uid, atrium_availability_timezone(t.uid),
            lower(${wanted}), upper(${wanted})) @> ${wanted}`;
}

/** Reads and single-statement writes over one handle (the pool, or a transaction). */
function availabilityQueries(db: Db) {
  return {
    /**
     * Moves the stretch of time the availability spans are kept for (migration 0024) to
     * today: run at start and hourly.
     */
    async rollSpans(): Promise<void> {
      await db.query('SELECT atrium_availability_roll()');
    },

    /**
     * Folds the changes of the hourly coverage counts into them (migration 0035): run often,
     * by one process at a time. Returns how many hours changed.
     */
    async foldCover(): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT atrium_availability_cover_fold() AS n',
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Trainers by display name, a page at a time by cursor (see {@link seekPage}), read in the
     * order of the kept trainers' index; `available` keeps those available for the whole of a
     * range.
     */
    async trainers(
      filter: TrainerFilter,
      ask: PageAsk,
      available?: { start: string; end: string },
    ): Promise<{ rows: Trainer[]; meta: ListMeta }> {
      const params = new SqlParams();
      const where = [
        ...(available ? [await availableWhere(db, available, params)] : []),
        ...trainerWhere(filter, params),
      ];
      const { rows, meta } = await seekPage<TrainerRow>(
        db,
        {
          columns: TRAINER_COLUMNS,
          from: TRAINERS_FROM,
          // Counted from the kept trainers alone unless a search reads their accounts.
          countFrom: filter.search ? TRAINERS_FROM : 'FROM availability_trainers t',
          where,
          params,
          order: TRAINER_ORDER,
          direction: 'asc',
        },
        ask,
      );
      return { rows: rows.map(toTrainer), meta };
    },

    /** One trainer; undefined when the user is missing, blocked or not a trainer. */
    async trainer(uid: number): Promise<Trainer | undefined> {
      const { rows } = await db.query<TrainerRow>(
        `SELECT ${TRAINER_COLUMNS} ${TRAINERS_FROM} WHERE t.uid = $1`,
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

    /**
     * What the overview shows of some trainers in [start, end), by uid: their settings, their
     * available intervals labelled by source (as the calendar expands them) and their
     * time off cut to the range, in one statement. Inside the horizon of the kept intervals
     * (migration 0026) each trainer's are read from their index: those starting in the range and
     * the one before that may reach into it; outside it, they are expanded in the database.
     */
    async overview(
      uids: readonly number[],
      range: { start: string; end: string },
      defaultTimezone: string,
    ): Promise<Map<number, OverviewCalendar>> {
      const { rows } = await db.query<OverviewCalendarRow>(
        `WITH wanted AS (
           SELECT $2::timestamptz AS starts, $3::timestamptz AS ends,
                  tstzrange($2::timestamptz, $3::timestamptz) AS span,
                  (SELECT h.starts <= $2::timestamptz AND h.ends >= $3::timestamptz
                     FROM availability_span_horizon h) AS kept
         )
         SELECT u.uid, coalesce(p.timezone, u.timezone, $4) AS timezone, p.locked_at,
                (SELECT ${DISPLAY_NAME} FROM users u WHERE u.uid = p.locked_by) AS locked_by_name,
                (SELECT coalesce(json_agg(json_build_object(
                          'start', lower(i.span), 'end', upper(i.span), 'source', i.source)
                        ORDER BY lower(i.span), CASE i.source WHEN 'override' THEN 0
                                                             WHEN 'weekly' THEN 1 ELSE 2 END),
                        '[]'::json)
                   FROM (SELECT k.source, k.span * w.span AS span
                           FROM ((SELECT k.source, k.span FROM availability_intervals k
                                   WHERE k.uid = u.uid AND lower(k.span) < w.starts
                                   ORDER BY lower(k.span) DESC LIMIT 1)
                                 UNION ALL
                                 SELECT k.source, k.span FROM availability_intervals k
                                  WHERE k.uid = u.uid AND lower(k.span) >= w.starts
                                    AND lower(k.span) < w.ends) k
                          WHERE w.kept AND k.span && w.span
                         UNION ALL
                         SELECT l.source, l.span
                           FROM atrium_availability_labelled(u.uid, coalesce(p.timezone, u.timezone, $4),
                                                             w.starts, w.ends) l
                          WHERE NOT w.kept) i) AS intervals,
                (SELECT coalesce(json_agg(json_build_object(
                          'start', greatest(e.starts_at, w.starts), 'end', least(e.ends_at, w.ends),
                          'reason', e.reason) ORDER BY e.starts_at, e.id), '[]'::json)
                   FROM availability_entries e
                  WHERE e.uid = u.uid AND e.kind = 'time_off'
                    AND e.starts_at < w.ends AND e.ends_at > w.starts) AS time_off
           FROM wanted w
          CROSS JOIN users u LEFT JOIN availability_profiles p ON p.uid = u.uid
          WHERE u.uid = ANY($1::int[])`,
        [uids, range.start, range.end, defaultTimezone],
      );
      return new Map(
        rows.map((r) => [
          r.uid,
          {
            profile: toProfile(r),
            // Instants come as JSON text with an offset: written as everywhere else.
            intervals: fromJson(r.intervals).map((i) => ({
              start: iso(i.start),
              end: iso(i.end),
              source: i.source,
            })),
            timeOff: fromJson(r.time_off).map((t) => ({
              start: iso(t.start),
              end: iso(t.end),
              reason: t.reason,
            })),
          },
        ]),
      );
    },

    /**
     * How many trainers (of one organization, or all) are available for the whole of each hour
     * of [start, end) on the wall clock of `timezone`, by weekday (0 Sunday … 6 Saturday) and
     * hour: a trainer counts once in a weekday's hour when available for all of it on any date.
     * The hours are generated on the wall clock (instants as the calendar computes them) and
     * each is looked up in the spans' GiST index, as `available` looks one range up; outside the
     * horizon of the spans (migration 0024) the trainers' availability is expanded instead. A
     * week of every trainer on a whole-hour clock reads the kept hourly counts (migration 0035).
     */
    async coverage(
      range: { start: string; end: string },
      timezone: string,
      organization: number | undefined,
    ): Promise<{ trainers: number; counts: number[][] }> {
      const { rows: horizon } = await db.query<{ kept: boolean }>(
        `SELECT h.starts <= $1::timestamptz AND h.ends >= $2::timestamptz AS kept
           FROM availability_span_horizon h`,
        [range.start, range.end],
      );
      const kept = horizon[0]?.kept === true;
      const trainerCount = async () => {
        const countParams = new SqlParams();
        const countWhere = trainerWhere({ organization }, countParams);
        const { rows: total } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM availability_trainers t
            ${countWhere.length ? `WHERE ${countWhere.join(' AND ')}` : ''}`,
          countParams.values,
        );
        return total[0]?.n ?? 0;
      };
      const countsOf = (rows: readonly { weekday: number; hour: number; n: number }[]) => {
        const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
        for (const row of rows) counts[row.weekday]![row.hour] = row.n;
        return counts;
      };
      // A week at most holds each weekday's hour once: its trainers are counted as they are
      // found; over longer ranges each trainer once per weekday's hour.
      const once =
        Date.parse(range.end) - Date.parse(range.start) <= 7 * 24 * 60 * 60 * 1000
          ? ''
          : 'DISTINCT';
      const params = new SqlParams();
      const start = params.add(range.start);
      const end = params.add(range.end);
      const zone = params.add(timezone);
      const where = trainerWhere({ organization }, params);
      const trainers = `SELECT t.uid FROM availability_trainers t
                         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      // Every trainer's spans: each hour looks its own up in the GiST index. Some trainers'
      // (one organization's), or outside the horizon: their spans in the range are gathered
      // once, by trainer, and the hours are matched against those few.
      const perHour = kept && organization === undefined;
      const pool = kept
        ? `SELECT sp.uid, sp.span FROM (${trainers}) t
             JOIN availability_spans sp ON sp.uid = t.uid
            WHERE sp.span && tstzrange(${start}::timestamptz, ${end}::timestamptz)`
        : `SELECT t.uid, s.span FROM (${trainers}) t
            CROSS JOIN LATERAL unnest(atrium_availability_expand(
              t.uid, atrium_availability_timezone(t.uid),
              ${start}::timestamptz, ${end}::timestamptz)) AS s (span)`;
      const spans = perHour
        ? `SELECT sp.uid FROM availability_spans sp
            WHERE sp.span @> h.span
              AND EXISTS (SELECT 1 FROM availability_trainers t WHERE t.uid = sp.uid)`
        : `SELECT p.uid FROM pool p WHERE p.span @> h.span`;
      const clock = `clock AS (
           SELECT l.local, atrium_wall_clock(l.local, ${zone}) AS starts,
                  atrium_wall_clock(l.local + interval '1 hour', ${zone}) AS ends
             FROM generate_series(
                    date_trunc('hour', (${start}::timestamptz AT TIME ZONE ${zone})
                                       + interval '1 hour' - interval '1 microsecond'),
                    (${end}::timestamptz AT TIME ZONE ${zone}) - interval '1 hour',
                    interval '1 hour') AS l (local)
         ), hours AS MATERIALIZED (
           -- The hours of the range that the clocks do not skip, each worked out once.
           SELECT c.local, tstzrange(c.starts, c.ends) AS span FROM clock c
            WHERE c.ends > c.starts AND c.starts >= ${start}::timestamptz
              AND c.ends <= ${end}::timestamptz
         )`;
      if (kept && once === '' && organization === undefined) {
        // Every trainer, a week at most, inside the kept spans: the kept count of each UTC hour
        // (migration 0035) and the changes not folded into it yet, when every hour of the
        // viewer's clock is one UTC hour (whole-hour offsets, no clock change doubling an hour).
        const { rows } = await db.query<{
          aligned: boolean;
          trainers: number;
          counts: [number, number, number][];
        }>(
          `WITH ${clock}, cover AS (
             SELECT c.hour, c.trainers FROM availability_hour_cover c
              WHERE c.hour >= ${start}::timestamptz AND c.hour < ${end}::timestamptz
             UNION ALL
             SELECT c.hour, c.trainers FROM availability_hour_changes c
              WHERE c.hour >= ${start}::timestamptz AND c.hour < ${end}::timestamptz
           )
           SELECT (SELECT coalesce(bool_and(upper(h.span) - lower(h.span) = interval '1 hour'
                                            AND extract(epoch FROM lower(h.span)) % 3600 = 0), true)
                     FROM hours h) AS aligned,
                  (SELECT count(*)::int FROM availability_trainers) AS trainers,
                  (SELECT coalesce(json_agg(json_build_array(x.weekday, x.hour, x.n)), '[]')
                     FROM (SELECT extract(dow FROM h.local)::int AS weekday,
                                  extract(hour FROM h.local)::int AS hour, sum(c.trainers)::int AS n
                             FROM hours h JOIN cover c ON c.hour = lower(h.span)
                            GROUP BY 1, 2 HAVING sum(c.trainers) > 0) x) AS counts`,
          params.values,
        );
        const row = rows[0]!;
        if (row.aligned)
          return {
            trainers: row.trainers,
            counts: countsOf(row.counts.map(([weekday, hour, n]) => ({ weekday, hour, n }))),
          };
      }
      if (kept && once === '') {
        // A week at most, inside the kept spans: each span marks the run of hours it holds
        // whole, found by its ends among the hours' (in order), +1 where the run starts and -1
        // after it ends; a running sum over the hours counts the trainers. Work grows with the
        // spans of the week, not with hours times trainers.
        const { rows } = await db.query<{ weekday: number; hour: number; n: number }>(
          `WITH ${clock}, numbered AS MATERIALIZED (
             SELECT row_number() OVER (ORDER BY lower(h.span))::int AS k, h.local, h.span
               FROM hours h
           ), edges AS (
             SELECT array_agg(lower(n.span) ORDER BY n.k) AS starts,
                    array_agg(upper(n.span) ORDER BY n.k) AS ends
               FROM numbered n
           ), runs AS (
             SELECT width_bucket(lower(p.span) - interval '1 microsecond', e.starts) + 1 AS first,
                    width_bucket(upper(p.span), e.ends) AS last
               FROM (${pool}) p CROSS JOIN edges e
           ), marks AS (
             SELECT r.first AS k, 1 AS d FROM runs r WHERE r.first <= r.last
             UNION ALL
             SELECT r.last + 1, -1 FROM runs r WHERE r.first <= r.last
           ), counted AS (
             SELECT n.local,
                    sum(coalesce(m.d, 0)) OVER (ORDER BY n.k) AS n
               FROM numbered n
               LEFT JOIN (SELECT k, sum(d)::int AS d FROM marks GROUP BY k) m ON m.k = n.k
           )
           SELECT extract(dow FROM c.local)::int AS weekday,
                  extract(hour FROM c.local)::int AS hour, sum(c.n)::int AS n
             FROM counted c WHERE c.n > 0
            GROUP BY 1, 2`,
          params.values,
        );
        return { trainers: await trainerCount(), counts: countsOf(rows) };
      }
      const { rows } = await db.query<{ weekday: number; hour: number; n: number }>(
        `WITH ${perHour ? '' : `pool AS MATERIALIZED (${pool}),`} ${clock}
         SELECT x.weekday, x.hour, count(*)::int AS n
           FROM (SELECT ${once} extract(dow FROM h.local)::int AS weekday,
                        extract(hour FROM h.local)::int AS hour, a.uid
                   FROM hours h CROSS JOIN LATERAL (${spans}) a) x
          GROUP BY 1, 2`,
        params.values,
      );
      return { trainers: await trainerCount(), counts: countsOf(rows) };
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
