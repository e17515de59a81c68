import {
  availabilityMessages,
  fillMessage,
  type Interval,
} from '@schemas/entities/availability.schema';
import { formatInTimeZone } from 'date-fns-tz/formatInTimeZone';
import { getTimezoneOffset } from 'date-fns-tz/getTimezoneOffset';
import { addDays, localDateOf, wallClockToUtc, weekdayOf } from '@engine/core';

/*
 * Pure availability arithmetic: wall-clock hours in a trainer's time zone turned into concrete
 * UTC intervals. No database, no clock: everything it needs is passed in.
 */

/** Hours on one wall-clock day: `HH:MM`, the end may be `24:00`. */
export interface ClockHours {
  start: string;
  end: string;
}

/** Weekly hours: weekday 0 is Sunday … 6 is Saturday. */
export interface WeeklyClockHours extends ClockHours {
  weekday: number;
}

/** Other hours on one local date (`YYYY-MM-DD`); none means unavailable all day. */
export interface DateOverride {
  date: string;
  intervals: readonly ClockHours[];
}

/** A one-off entry, as instants. */
export interface OneOffEntry {
  kind: 'extra' | 'time_off';
  start: Date | string;
  end: Date | string;
}

/** A half-open span of time in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

type Source = Interval['source'];
interface SourcedSpan extends Span {
  source: Source;
}

/** What {@link expandAvailability} needs. */
export interface ExpandInput {
  timezone: string;
  weekly: readonly WeeklyClockHours[];
  overrides: readonly DateOverride[];
  entries: readonly OneOffEntry[];
  /** Inclusive. */
  start: Date | string;
  /** Exclusive. */
  end: Date | string;
}

/** The order of intervals that start at the same instant. */
const SOURCE_RANK: Record<Source, number> = { override: 0, weekly: 1, extra: 2 };

const ms = (value: Date | string): number =>
  typeof value === 'string' ? Date.parse(value) : value.getTime();

/** Minutes after midnight of `HH:MM` (`24:00` is 1440). */
export function minutesOf(clock: string): number {
  const [h, m] = clock.split(':');
  return Number(h) * 60 + Number(m);
}

/** `HH:MM` of minutes after midnight (1440 is `24:00`). */
export function clockOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const HOUR_MS = 3_600_000;
/** Offsets of zones by date (see {@link steadyOffset}); forgotten all at once when full. */
const steadyOffsets = new Map<string, number | null>();
const STEADY_OFFSETS_KEPT = 50_000;

/**
 * The UTC offset (ms) a time zone keeps from 14 hours before a date until 14 hours after it
 * (every offset lies within ±14 hours, so the whole local day, up to its 24:00), or null on a
 * date around which it changes. Read twice from the zone's rules, then remembered.
 */
function steadyOffset(date: string, timezone: string): number | null {
  const key = `${timezone} ${date}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const before = getTimezoneOffset(timezone, new Date(midnight - 14 * HOUR_MS));
    const after = getTimezoneOffset(timezone, new Date(midnight + 38 * HOUR_MS));
    offset = before === after ? before : null;
    if (steadyOffsets.size >= STEADY_OFFSETS_KEPT) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant of `HH:MM` (up to `24:00`) on a local date in a time zone: {@link wallClockToUtc},
 * by plain arithmetic on the dates the zone's offset stays the same (all but a few a year).
 */
export function clockToUtc(date: string, clock: string, timezone: string): number {
  const offset = steadyOffset(date, timezone);
  if (offset === null) return wallClockToUtc(date, clock, timezone);
  return Date.parse(`${date}T00:00:00Z`) + minutesOf(clock) * 60_000 - offset;
}

/** Every local date whose day can touch [start, end) in the time zone. */
export function localDatesTouching(start: number, end: number, timezone: string): string[] {
  // One date of slack on either side costs nothing and covers every offset a zone can have.
  const first = addDays(localDateOf(start, timezone), -1);
  const last = addDays(localDateOf(Math.max(start, end - 1), timezone), 1);
  const dates: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** Sorted, merged copy: overlapping or touching spans become one. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The parts of `span` outside every one of the (merged, sorted) `cuts`. */
function subtractFrom<S extends Span>(span: S, cuts: readonly Span[]): S[] {
  const out: S[] = [];
  let from = span.start;
  for (const cut of cuts) {
    if (cut.end <= from) continue;
    if (cut.start >= span.end) break;
    if (cut.start > from) out.push({ ...span, start: from, end: cut.start });
    from = Math.max(from, cut.end);
    if (from >= span.end) break;
  }
  if (from < span.end) out.push({ ...span, start: from, end: span.end });
  return out;
}

/**
 * The concrete available intervals of a trainer in [start, end), in UTC, sorted and merged.
 *
 * For each local date in the trainer's time zone that touches the range: the date's override,
 * when there is one, replaces its weekly hours (an override without hours makes the whole day
 * unavailable); extra entries are added; time off is taken away last; the result is clipped to
 * the range and overlapping or touching intervals are merged.
 *
 * `source` says where an interval comes from, and intervals of different sources stay apart so a
 * calendar can draw each as what it is: weekly or override hours are merged among themselves;
 * extra hours keep only what they add beyond those (extra hours inside weekly hours add nothing).
 * Intervals never overlap, but one may touch the next; {@link coversRange} reads them as one.
 */
export function expandAvailability(input: ExpandInput): Interval[] {
  const start = ms(input.start);
  const end = ms(input.end);
  if (!(end > start)) return [];
  const { timezone } = input;

  const overrides = new Map(input.overrides.map((o) => [o.date, o.intervals]));
  const weeklyByDay = new Map<number, WeeklyClockHours[]>();
  for (const w of input.weekly) {
    const list = weeklyByDay.get(w.weekday) ?? [];
    list.push(w);
    weeklyByDay.set(w.weekday, list);
  }

  const pieces: SourcedSpan[] = [];
  for (const date of localDatesTouching(start, end, timezone)) {
    const override = overrides.get(date);
    const hours = override ?? weeklyByDay.get(weekdayOf(date)) ?? [];
    const source: Source = override ? 'override' : 'weekly';
    for (const h of hours) {
      const from = clockToUtc(date, h.start, timezone);
      const until = clockToUtc(date, h.end, timezone);
      // Hours that fall into a daylight-saving gap can come out empty; they are dropped.
      if (until > from) pieces.push({ start: from, end: until, source });
    }
  }
  for (const e of input.entries) {
    if (e.kind === 'extra') pieces.push({ start: ms(e.start), end: ms(e.end), source: 'extra' });
  }

  const timeOff = mergeSpans(
    input.entries
      .filter((e) => e.kind === 'time_off')
      .map((e) => ({ start: ms(e.start), end: ms(e.end) })),
  );

  const clip = (p: SourcedSpan) => ({
    ...p,
    start: Math.max(p.start, start),
    end: Math.min(p.end, end),
  });
  const base = mergeSpans(pieces.filter((p) => p.source !== 'extra'));
  const merged: SourcedSpan[] = [];
  // Weekly and override hours never share a date, so merging each source alone is enough.
  for (const source of ['weekly', 'override'] as const)
    for (const span of mergeSpans(pieces.filter((p) => p.source === source)))
      merged.push(...subtractFrom({ ...span, source }, timeOff));
  const extraCuts = mergeSpans([...timeOff, ...base]);
  for (const span of mergeSpans(pieces.filter((p) => p.source === 'extra')))
    merged.push(...subtractFrom({ ...span, source: 'extra' as const }, extraCuts));
  return merged
    .map(clip)
    .filter((p) => p.end > p.start)
    .sort((a, b) => a.start - b.start || SOURCE_RANK[a.source] - SOURCE_RANK[b.source])
    .map((p) => ({
      start: new Date(p.start).toISOString(),
      end: new Date(p.end).toISOString(),
      source: p.source,
    }));
}

/** Whether the intervals, joined where they touch, cover the whole of [start, end). */
export function coversRange(
  intervals: readonly { start: string; end: string }[],
  start: Date | string,
  end: Date | string,
): boolean {
  const s = ms(start);
  const e = ms(end);
  return mergeSpans(
    intervals.map((i) => ({ start: Date.parse(i.start), end: Date.parse(i.end) })),
  ).some((span) => span.start <= s && span.end >= e);
}

/** One problem with a list of hours, by index and field. */
export interface HoursProblem {
  index: number;
  field: 'start' | 'end';
  text: string;
}

/**
 * Problems of a list of hours on days (weekly hours by weekday, or one date's hours when `dayOf`
 * is left out): an end not after its start, and intervals that overlap another on the same day.
 * An overlap is reported on the later of the two (by start time, then position); intervals that
 * only touch are fine.
 *
 * @example
 * hoursProblems([{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }])
 * // [{ index: 1, field: 'start', text: 'Overlaps 09:00–12:00 on the same day' }]
 */
export function hoursProblems<H extends ClockHours>(
  hours: readonly H[],
  dayOf: (h: H) => number = () => 0,
): HoursProblem[] {
  const problems: HoursProblem[] = [];
  const valid: { index: number; day: number; start: number; end: number; h: H }[] = [];
  hours.forEach((h, index) => {
    const start = minutesOf(h.start);
    const end = minutesOf(h.end);
    if (end <= start)
      problems.push({ index, field: 'end', text: availabilityMessages.afterStartTime });
    else valid.push({ index, day: dayOf(h), start, end, h });
  });
  valid.sort((a, b) => a.day - b.day || a.start - b.start || a.index - b.index);
  for (let i = 1; i < valid.length; i++) {
    const current = valid[i]!;
    // The earlier interval on the same day that reaches furthest is the one it overlaps, if any.
    let other: (typeof valid)[number] | undefined;
    for (let j = i - 1; j >= 0 && valid[j]!.day === current.day; j--) {
      if (valid[j]!.end > current.start && (!other || valid[j]!.end > other.end)) other = valid[j];
    }
    if (other)
      problems.push({
        index: current.index,
        field: 'start',
        text: fillMessage(availabilityMessages.overlapsSameDay, {
          range: `${other.h.start}–${other.h.end}`,
        }),
      });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/**
 * An entry's times for a message, in the trainer's time zone: `2026-11-23 09:00–12:00
 * (Europe/Amsterdam)`, or with both dates when it spans several days.
 */
export function describeRange(start: Date | string, end: Date | string, timezone: string): string {
  const s = ms(start);
  const e = ms(end);
  const fromDate = formatInTimeZone(s, timezone, 'yyyy-MM-dd');
  const fromTime = formatInTimeZone(s, timezone, 'HH:mm');
  // An end at local midnight reads as 24:00 of the day before.
  const lastMoment = formatInTimeZone(e - 1, timezone, 'yyyy-MM-dd');
  const endsAtMidnight = formatInTimeZone(e, timezone, 'HH:mm') === '00:00';
  const untilDate = endsAtMidnight ? lastMoment : formatInTimeZone(e, timezone, 'yyyy-MM-dd');
  const untilTime = endsAtMidnight ? '24:00' : formatInTimeZone(e, timezone, 'HH:mm');
  return untilDate === fromDate
    ? `${fromDate} ${fromTime}–${untilTime} (${timezone})`
    : `${fromDate} ${fromTime} – ${untilDate} ${untilTime} (${timezone})`;
}
