import type { OverviewRow } from '@schemas/entities/availability.schema';
import { addDays } from '@engine/core';
import { isoToZoned, toIso, zonedToIso } from './zoned';

/*
 * The week by trainer: each trainer's intervals cut into the days of the week in the viewer's
 * time zone, and placed along a common span of hours so bars line up from row to row.
 */

const DAY_MINUTES = 24 * 60;
/** Hours every day shows at least, as the calendar does: 06:00 to 22:00. */
const DEFAULT_WINDOW = { start: 6 * 60, end: 22 * 60 };

/** One bar of a day: the part of an interval (or of time off) on that day. */
export interface DayBar {
  kind: 'available' | 'time_off';
  /** Instants of the part on this day (ISO, UTC). */
  start: string;
  end: string;
  /** Minutes after the day's midnight, wall clock; `end` is 1440 at the next midnight. */
  from: number;
  to: number;
  reason?: string;
}

/** A span of wall-clock minutes of a day, `[start, end)`. */
export interface MinuteWindow {
  start: number;
  end: number;
}

/** The seven dates of the week starting on `from`. */
export const weekDates = (from: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(from, i));

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/** A day of the grid: its date and the instants its midnights happen in the time zone. */
interface GridDay {
  date: string;
  start: number;
  end: number;
  endIso: string;
}

/** The parts of `[start, end)` on each of `days` in `timeZone`, by date. */
function split(
  start: string,
  end: string,
  days: GridDay[],
  timeZone: string,
): { date: string; start: string; end: string; from: number; to: number }[] {
  const s = Date.parse(start);
  const e = Date.parse(end);
  const parts = [];
  for (const day of days) {
    const from = Math.max(s, day.start);
    const to = Math.min(e, day.end);
    if (to <= from) continue;
    const partStart = toIso(new Date(from));
    const partEnd = toIso(new Date(to));
    parts.push({
      date: day.date,
      start: partStart,
      end: partEnd,
      from: minutesOf(isoToZoned(partStart, timeZone).time),
      to: partEnd === day.endIso ? DAY_MINUTES : minutesOf(isoToZoned(partEnd, timeZone).time),
    });
  }
  return parts;
}

/** A trainer's bars on each date of the week, in order of time. */
export function dayBars(
  row: OverviewRow,
  dates: string[],
  timeZone: string,
): Map<string, DayBar[]> {
  const days = dates.map((date): GridDay => {
    const endIso = zonedToIso(addDays(date, 1), '00:00', timeZone);
    return {
      date,
      start: Date.parse(zonedToIso(date, '00:00', timeZone)),
      end: Date.parse(endIso),
      endIso,
    };
  });
  const byDate = new Map<string, DayBar[]>(dates.map((date) => [date, []]));
  for (const interval of row.intervals)
    for (const { date, ...part } of split(interval.start, interval.end, days, timeZone))
      byDate.get(date)?.push({ kind: 'available', ...part });
  for (const off of row.time_off)
    for (const { date, ...part } of split(off.start, off.end, days, timeZone))
      byDate.get(date)?.push({ kind: 'time_off', ...part, reason: off.reason });
  for (const bars of byDate.values()) bars.sort((a, b) => a.from - b.from || a.to - b.to);
  return byDate;
}

/**
 * The hours every day of the grid shows: 06:00 to 22:00, widened to whole hours when some
 * availability starts earlier or ends later.
 */
export function minuteWindow(bars: Iterable<DayBar>): MinuteWindow {
  let { start, end } = DEFAULT_WINDOW;
  for (const bar of bars) {
    if (bar.kind !== 'available') continue;
    start = Math.min(start, Math.floor(bar.from / 60) * 60);
    end = Math.max(end, Math.ceil(bar.to / 60) * 60);
  }
  return { start, end };
}

/** Where a bar sits in a day's track, in percent of its width: offset from the start and size. */
export function placeBar(bar: DayBar, window: MinuteWindow): { offset: number; size: number } {
  const span = window.end - window.start;
  const from = Math.min(Math.max(bar.from, window.start), window.end);
  const to = Math.min(Math.max(bar.to, window.start), window.end);
  return { offset: ((from - window.start) / span) * 100, size: ((to - from) / span) * 100 };
}
