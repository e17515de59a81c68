import type {
  Override,
  OverviewRow,
  Trainer,
  WeeklyHours,
} from '@schemas/entities/availability.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import { expect, it } from 'vitest';
import { addDays, wallClockToUtc } from '@engine/core';
import {
  clockOf,
  coversRange,
  expandAvailability,
  mergeSpans,
  type OneOffEntry,
  type Span,
} from '../../src/server/lib/availability-expand';
import { hashPassword } from '../../src/server/lib/password';
import { describeEachDb, PASSWORD, signedIn } from './helpers';

type List<T> = { data: T[]; meta: ListMeta };

/**
 * Zones with and without daylight saving, half-hour changes and both hemispheres, with the dates
 * of their changes in 2026.
 */
const ZONE_CHANGES: Record<string, string[]> = {
  'Europe/Amsterdam': ['2026-03-29', '2026-10-25'],
  'America/New_York': ['2026-03-08', '2026-11-01'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04'],
  'America/Santiago': ['2026-04-05', '2026-09-06'],
  'Pacific/Chatham': ['2026-04-05', '2026-09-27'],
  'Asia/Kolkata': [],
  UTC: [],
};
const ZONES = Object.keys(ZONE_CHANGES);
const CHANGE_DATES = [...new Set(Object.values(ZONE_CHANGES).flat())].sort();
/** A stretch with all those changes. */
const DST_HORIZON = { starts: '2026-03-01T00:00:00Z', ends: '2026-11-10T00:00:00Z' };

/** A small seeded generator (mulberry32), so a failing case can be run again. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

/** Sorted, distinct quarter hours of a day (0 … 1440), an even number of them: hours. */
function dayHours(r: Random, max: number): { start: string; end: string }[] {
  const cuts = new Set<number>();
  const n = 2 * r.int(max + 1);
  // Night hours often, so that some fall into the hour the clocks skip or repeat.
  while (cuts.size < n) cuts.add(r.next() < 0.3 ? 60 + 15 * r.int(12) : 15 * r.int(97));
  const sorted = [...cuts].sort((a, b) => a - b);
  const hours: { start: string; end: string }[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2)
    hours.push({ start: clockOf(sorted[i]!), end: clockOf(sorted[i + 1]!) });
  return hours;
}

/** Entries of one kind that do not overlap one another, in [from, to). */
function entries(r: Random, kind: OneOffEntry['kind'], from: number, to: number, n: number) {
  const out: { kind: OneOffEntry['kind']; start: string; end: string }[] = [];
  let at = from;
  for (let i = 0; i < n && at < to; i++) {
    const start = at + 15 * 60_000 * r.int(4 * 24 * 20);
    const end = start + 15 * 60_000 * (1 + r.int(4 * 24 * 3));
    if (end > to) break;
    out.push({ kind, start: new Date(start).toISOString(), end: new Date(end).toISOString() });
    at = end;
  }
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

describeEachDb('availability spans', (server) => {
  let counter = 0;
  let passHash: string | undefined;

  async function newTrainer(
    timezone: string,
    organization?: number,
  ): Promise<{ uid: number; name: string }> {
    passHash ??= await hashPassword(PASSWORD);
    const name = `spans-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
    const uid = await server().app.repos.users.create({
      name,
      pass: passHash,
      first_name: 'Span',
      last_name: name,
      timezone,
      roles: ['trainer'],
      organizations: organization ? [organization] : [],
    });
    return { uid, name };
  }

  /** A trainer with random weekly hours, overrides and entries, written as the API writes them. */
  async function randomTrainer(r: Random, organization?: number) {
    const timezone = r.pick(ZONES);
    const { uid } = await newTrainer(timezone, organization);
    const weekly: WeeklyHours[] = [];
    for (let weekday = 0; weekday < 7; weekday++)
      for (const h of dayHours(r, 2)) weekly.push({ weekday, ...h });
    const overrides: Override[] = [];
    const dates = new Set<string>();
    const own = ZONE_CHANGES[timezone]!;
    for (let i = 0; i < 6; i++)
      dates.add(addDays(r.pick(own.length && r.next() < 0.7 ? own : CHANGE_DATES), r.int(3) - 1));
    for (const date of dates) overrides.push({ date, intervals: dayHours(r, 2), reason: '' });
    const from = Date.parse(DST_HORIZON.starts) - 5 * 86_400_000;
    const to = Date.parse(DST_HORIZON.ends) + 5 * 86_400_000;
    const oneOff = [...entries(r, 'extra', from, to, 12), ...entries(r, 'time_off', from, to, 12)];
    const { availability } = server().app.repos;
    await availability.withProfile(uid, 'UTC', async (_profile, tx) => {
      await tx.replaceWeekly(uid, weekly);
      for (const o of overrides) await tx.saveOverride(uid, o);
      for (const e of oneOff) await tx.createEntry(uid, { ...e, reason: '' }, uid);
    });
    return { uid, timezone, weekly, overrides, entries: oneOff };
  }

  /** A random range in [from, to): from a quarter of an hour to 14 days, often around a change. */
  function randomRange(
    r: Random,
    from: number,
    to: number,
    changes: readonly string[] = CHANGE_DATES,
  ): { start: string; end: string } {
    const near = changes.length > 0 && r.next() < 0.6;
    const base = near
      ? Date.parse(`${r.pick(changes)}T00:00:00Z`) - 2 * 86_400_000
      : from + r.int(Math.floor((to - from) / 900_000)) * 900_000;
    const start = Math.max(from, base + 15 * 60_000 * r.int(4 * 24 * 4));
    const length = 15 * 60_000 * (1 + r.int(r.next() < 0.7 ? 4 * 12 : 4 * 24 * 14));
    const end = Math.min(to, start + length);
    return end > start ? { start: iso(start), end: iso(end) } : randomRange(r, from, to, changes);
  }

  const spansOf = async (sql: string, params: unknown[]): Promise<Span[]> =>
    (
      await server().db.query<{ s: Date | string; e: Date | string }>(
        `SELECT lower(r) AS s, upper(r) AS e FROM (${sql}) x (r) ORDER BY 1`,
        params,
      )
    ).rows.map((row) => ({ start: new Date(row.s).getTime(), end: new Date(row.e).getTime() }));

  /** The trainer's stored spans in [start, end), cut to it. */
  const storedSpans = (uid: number, start: string, end: string) =>
    spansOf(
      `SELECT unnest(coalesce(range_agg(span), '{}') * tstzmultirange(tstzrange($2::timestamptz, $3::timestamptz)))
         FROM availability_spans WHERE uid = $1`,
      [uid, start, end],
    );

  const refreshAll = () =>
    server().db.query(
      `SELECT atrium_availability_refresh(uid) FROM availability_profiles
        WHERE uid IN (SELECT uid FROM users)`,
    );

  it('moves the horizon along, adding the new days as a full recomputation has them', async () => {
    const r = random(7);
    const { uid } = await randomTrainer(r);
    const { db } = server();
    await db.query(`UPDATE availability_span_horizon SET ends = ends - interval '40 days'`);
    await refreshAll();
    await db.query('SELECT atrium_availability_roll()');
    const { rows } = await db.query<{ starts: Date; ends: Date }>(
      'SELECT starts, ends FROM availability_span_horizon',
    );
    const { starts, ends } = rows[0]!;
    expect(new Date(ends).getTime() - new Date(starts).getTime()).toBe(127 * 86_400_000);
    const rolled = await storedSpans(
      uid,
      iso(new Date(starts).getTime()),
      iso(new Date(ends).getTime()),
    );
    await refreshAll();
    const full = await storedSpans(
      uid,
      iso(new Date(starts).getTime()),
      iso(new Date(ends).getTime()),
    );
    expect(rolled).toEqual(full);
    // A refresh from a moment inside a span recomputes from that span's start: nothing changes.
    if (full.length > 0) {
      const middle = full[Math.floor(full.length / 2)]!;
      const inside = iso(Math.floor((middle.start + middle.end) / 2));
      await db.query('SELECT atrium_availability_refresh($1, $2::timestamptz)', [uid, inside]);
      expect(
        await storedSpans(uid, iso(new Date(starts).getTime()), iso(new Date(ends).getTime())),
      ).toEqual(full);
    }
  });

  it('reads wall-clock times the clocks skip or repeat as the calendar does', async () => {
    const dates: string[] = [];
    const zones: string[] = [];
    const minutes: number[] = [];
    for (const [zone, changes] of Object.entries(ZONE_CHANGES))
      for (const change of changes)
        for (const date of [addDays(change, -1), change, addDays(change, 1)])
          for (let m = 0; m <= 1440; m += 15) {
            zones.push(zone);
            dates.push(date);
            minutes.push(m);
          }
    const { rows } = await server().db.query<{ at: Date | string }>(
      `SELECT atrium_wall_clock(d::date + make_interval(mins => m), z) AS at
         FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS x (z, d, m, i)
        ORDER BY i`,
      [zones, dates, minutes],
    );
    const expected = zones.map((zone, i) =>
      iso(wallClockToUtc(dates[i]!, clockOf(minutes[i]!), zone)),
    );
    expect(rows.map((row) => iso(new Date(row.at).getTime()))).toEqual(expected);
  });

  it('expands weekly hours, overrides and entries in the database exactly as the calendar does, across daylight-saving changes', async () => {
    const { db } = server();
    await db.query('UPDATE availability_span_horizon SET starts = $1, ends = $2', [
      DST_HORIZON.starts,
      DST_HORIZON.ends,
    ]);
    await refreshAll();
    const from = Date.parse(DST_HORIZON.starts);
    const to = Date.parse(DST_HORIZON.ends);
    for (let seed = 1; seed <= 10; seed++) {
      const r = random(seed);
      const t = await randomTrainer(r);
      for (let i = 0; i < 12; i++) {
        const { start, end } = randomRange(r, from, to, ZONE_CHANGES[t.timezone]);
        const js = expandAvailability({ ...t, start, end });
        const expected = mergeSpans(
          js.map((x) => ({ start: Date.parse(x.start), end: Date.parse(x.end) })),
        );
        const context = `seed ${seed}, ${t.timezone}, ${start} – ${end}`;
        expect(
          await spansOf('SELECT unnest(atrium_availability_expand($1, $2, $3, $4))', [
            t.uid,
            t.timezone,
            start,
            end,
          ]),
          context,
        ).toEqual(expected);
        expect(await storedSpans(t.uid, start, end), context).toEqual(expected);
      }
    }
  }, 120_000);

  it('finds the trainers available for a whole range from the stored spans and, outside them, by expanding', async () => {
    const { db } = server();
    await db.query('UPDATE availability_span_horizon SET starts = $1, ends = $2', [
      DST_HORIZON.starts,
      DST_HORIZON.ends,
    ]);
    await refreshAll();
    const org = await server().app.repos.taxonomy.createOrganization(
      `Spans ${Math.random().toString(36).slice(2, 8)}`,
    );
    const r = random(42);
    const trainers = [];
    for (let i = 0; i < 4; i++) trainers.push(await randomTrainer(r, org));
    const admin = await signedIn(server, 'courseadmin');
    const ranges = [
      ...Array.from({ length: 6 }, () =>
        randomRange(r, Date.parse(DST_HORIZON.starts), Date.parse(DST_HORIZON.ends)),
      ),
      // Outside the stored spans: expanded on request.
      { start: '2026-03-01T08:00:00Z', end: '2026-03-01T09:00:00Z' },
      { start: '2026-11-12T12:00:00Z', end: '2026-11-12T15:00:00Z' },
    ];
    for (const { start, end } of ranges) {
      const res = await admin.get(
        `/api/v2/availability/available?start=${start}&end=${end}&organization=${org}&limit=100`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const found = res
        .json<List<Trainer>>()
        .data.map((x) => x.uid)
        .sort();
      const expected = trainers
        .filter((t) => coversRange(expandAvailability({ ...t, start, end }), start, end))
        .map((t) => t.uid)
        .sort();
      expect(found, `${start} – ${end}`).toEqual(expected);
    }
  }, 60_000);

  it('shows in the overview the intervals by source and the time off exactly as the calendar has them, from the kept intervals and beyond them', async () => {
    const { db } = server();
    await db.query('UPDATE availability_span_horizon SET starts = $1, ends = $2', [
      DST_HORIZON.starts,
      DST_HORIZON.ends,
    ]);
    await refreshAll();
    const org = await server().app.repos.taxonomy.createOrganization(
      `Overview ${Math.random().toString(36).slice(2, 8)}`,
    );
    const r = random(1234);
    const trainers = [];
    for (let i = 0; i < 5; i++) trainers.push(await randomTrainer(r, org));
    const from = Date.parse(DST_HORIZON.starts);
    const to = Date.parse(DST_HORIZON.ends);
    const ranges = [
      ...Array.from({ length: 10 }, () => randomRange(r, from, to)),
      // A hundred days, the longest the overview shows.
      { start: '2026-03-02T05:15:00Z', end: '2026-06-10T05:15:00Z' },
      // Reaching out of the kept stretch at either end, and wholly beyond it: expanded.
      { start: '2026-02-20T00:00:00Z', end: '2026-03-10T00:00:00Z' },
      { start: '2026-10-20T12:00:00Z', end: '2026-11-20T12:00:00Z' },
      { start: '2026-11-12T06:00:00Z', end: '2026-11-19T06:00:00Z' },
    ].map((range) => ({ start: iso(Date.parse(range.start)), end: iso(Date.parse(range.end)) }));
    const admin = await signedIn(server, 'courseadmin');
    for (const { start, end } of ranges) {
      const res = await admin.get(
        `/api/v2/availability?start=${start}&end=${end}&organization=${org}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<List<OverviewRow>>().data;
      expect(rows.map((row) => row.trainer.uid).sort()).toEqual(trainers.map((t) => t.uid).sort());
      for (const row of rows) {
        const t = trainers.find((x) => x.uid === row.trainer.uid)!;
        const context = `${t.timezone}, ${start} – ${end}`;
        expect(row.timezone).toBe(t.timezone);
        expect(row.intervals, context).toEqual(expandAvailability({ ...t, start, end }));
        expect(row.time_off, context).toEqual(
          t.entries
            .filter((e) => e.kind === 'time_off' && e.start < end && e.end > start)
            .map((e) => ({
              start: e.start < start ? start : e.start,
              end: e.end > end ? end : e.end,
              reason: '',
            })),
        );
      }
    }
  }, 120_000);

  it('pages through the trainers whose kept spans cover a slot, in the order of the whole list', async () => {
    const { db } = server();
    await db.query(
      `UPDATE availability_span_horizon
          SET starts = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '7 days',
              ends = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '120 days'`,
    );
    await refreshAll();
    const org = await server().app.repos.taxonomy.createOrganization(
      `Cover ${Math.random().toString(36).slice(2, 8)}`,
    );
    // Next week's Thursday: 10:00–11:00 UTC is the slot.
    const today = new Date();
    const thursday = addDays(
      iso(today.getTime()).slice(0, 10),
      ((4 - today.getUTCDay() + 7) % 7) + 7,
    );
    const { availability } = server().app.repos;
    const trainerWith = async (hours: WeeklyHours[], timeOff?: { start: string; end: string }) => {
      const { uid } = await newTrainer('UTC', org);
      await availability.withProfile(uid, 'UTC', async (_profile, tx) => {
        await tx.replaceWeekly(uid, hours);
        if (timeOff) await tx.createEntry(uid, { kind: 'time_off', ...timeOff, reason: '' }, uid);
      });
      return uid;
    };
    const covering: number[] = [];
    for (let i = 0; i < 5; i++)
      covering.push(await trainerWith([{ weekday: 4, start: '09:00', end: '12:00' }]));
    // Split by a gap, ending inside the slot, or away for part of it: not available.
    await trainerWith([
      { weekday: 4, start: '09:00', end: '10:30' },
      { weekday: 4, start: '10:45', end: '12:00' },
    ]);
    await trainerWith([{ weekday: 4, start: '09:00', end: '10:59' }]);
    await trainerWith([{ weekday: 4, start: '09:00', end: '12:00' }], {
      start: `${thursday}T10:50:00Z`,
      end: `${thursday}T13:00:00Z`,
    });
    const admin = await signedIn(server, 'courseadmin');
    const list = async (query: string) => {
      const res = await admin.get(
        `/api/v2/availability/available?start=${thursday}T10:00:00Z&end=${thursday}T11:00:00Z&organization=${org}&${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<List<Trainer>>();
    };
    const whole = await list('limit=100');
    expect(whole.data.map((x) => x.uid).sort()).toEqual([...covering].sort());
    expect(whole.meta).toMatchObject({ total: covering.length, totalPages: 1 });
    // Two a page, on by cursor: the same trainers in the same order, then back again.
    const pages: List<Trainer>[] = [await list('limit=2')];
    while (pages.at(-1)!.meta.next)
      pages.push(await list(`limit=2&page=${pages.length}&after=${pages.at(-1)!.meta.next}`));
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    for (const p of pages)
      expect(p.meta).toMatchObject({ total: covering.length, totalPages: 3, limit: 2 });
    expect(pages.flatMap((p) => p.data.map((x) => x.uid))).toEqual(whole.data.map((x) => x.uid));
    const back = await list(`limit=2&page=1&before=${pages[2]!.meta.prev}`);
    expect(back.data).toEqual(pages[1]!.data);

    // An hour nobody covers.
    const nobody = await admin.get(
      `/api/v2/availability/available?start=${thursday}T12:00:00Z&end=${thursday}T13:00:00Z&organization=${org}`,
    );
    expect(nobody.json<List<Trainer>>()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('keeps the spans and the overview up to date with every write to weekly hours, entries and the time zone', async () => {
    const { db } = server();
    await db.query(
      `UPDATE availability_span_horizon
          SET starts = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '7 days',
              ends = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '120 days'`,
    );
    await refreshAll();
    const org = await server().app.repos.taxonomy.createOrganization(
      `Spans ${Math.random().toString(36).slice(2, 8)}`,
    );
    const { uid, name } = await newTrainer('UTC', org);
    const me = await signedIn(server, name);
    const admin = await signedIn(server, 'courseadmin');
    // Next week's Wednesday, 10:00–11:00 UTC.
    const today = new Date();
    const wednesday = addDays(
      iso(today.getTime()).slice(0, 10),
      ((3 - today.getUTCDay() + 7) % 7) + 7,
    );
    const slot = `start=${wednesday}T10:00:00Z&end=${wednesday}T11:00:00Z`;
    const available = async () => {
      const res = await admin.get(`/api/v2/availability/available?${slot}&organization=${org}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<List<Trainer>>().data.map((x) => x.uid);
    };
    const overview = async () => {
      const res = await admin.get(`/api/v2/availability?${slot}&organization=${org}`);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = res.json<List<OverviewRow>>().data;
      return { intervals: row!.intervals, time_off: row!.time_off };
    };
    const at = (clock: string) => `${wednesday}T${clock}:00.000Z`;
    expect(await available()).toEqual([]);
    expect(await overview()).toEqual({ intervals: [], time_off: [] });
    const weekly = await me.put(`/api/v2/availability/${uid}/weekly`, {
      hours: [{ weekday: 3, start: '09:00', end: '12:00' }],
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(await available()).toEqual([uid]);
    expect((await overview()).intervals).toEqual([
      { start: at('10:00'), end: at('11:00'), source: 'weekly' },
    ]);

    const off = await me.post(`/api/v2/availability/${uid}/entries`, {
      kind: 'time_off',
      start: `${wednesday}T10:30:00Z`,
      end: `${wednesday}T10:45:00Z`,
      reason: 'Dentist',
    });
    expect(off.statusCode, off.body).toBe(201);
    expect(await available()).toEqual([]);
    expect(await overview()).toEqual({
      intervals: [
        { start: at('10:00'), end: at('10:30'), source: 'weekly' },
        { start: at('10:45'), end: at('11:00'), source: 'weekly' },
      ],
      time_off: [{ start: at('10:30'), end: at('10:45'), reason: 'Dentist' }],
    });
    const id = off.json<{ data: { id: number } }>().data.id;
    expect((await me.delete(`/api/v2/availability/${uid}/entries/${id}`)).statusCode).toBe(204);
    expect(await available()).toEqual([uid]);

    // 09:00–12:00 in Tokyo is 00:00–03:00 UTC: no longer at 10:00 UTC.
    const zone = await me.patch(`/api/v2/availability/${uid}`, { timezone: 'Asia/Tokyo' });
    expect(zone.statusCode, zone.body).toBe(200);
    expect(await available()).toEqual([]);

    const day = await me.put(`/api/v2/availability/${uid}/overrides/${wednesday}`, {
      intervals: [{ start: '19:00', end: '20:00' }],
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(await available()).toEqual([uid]);
    expect((await overview()).intervals).toEqual([
      { start: at('10:00'), end: at('11:00'), source: 'override' },
    ]);
    expect(
      (await db.query('SELECT 1 FROM availability_spans_stale WHERE uid = $1', [uid])).rows,
    ).toEqual([]);
  });
});
