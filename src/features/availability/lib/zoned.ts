import { formatInTimeZone } from 'date-fns-tz';
import { addDays, localDateOf, wallClockToUtc, weekdayOf } from '@engine/core';

/*
 * Wall-clock arithmetic in a trainer's time zone. Dates are `YYYY-MM-DD` strings and times
 * `HH:MM`, as the native date and time inputs give them; instants are ISO strings in UTC.
 */

/** An ISO instant without milliseconds, as the server writes them. */
export function toIso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The instant a wall-clock date and time happen in `timeZone`; `24:00` is the next midnight. */
export function zonedToIso(date: string, time: string, timeZone: string): string {
  return toIso(new Date(wallClockToUtc(date, time, timeZone)));
}

/** The wall-clock date and time of an instant in `timeZone`. */
export function isoToZoned(value: string | Date, timeZone: string): { date: string; time: string } {
  const instant = typeof value === 'string' ? new Date(value) : value;
  return {
    date: formatInTimeZone(instant, timeZone, 'yyyy-MM-dd'),
    time: formatInTimeZone(instant, timeZone, 'HH:mm'),
  };
}

/** Today's date in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDateOf(now, timeZone);
}

/** Calendar dates `[from, to)` shown by the calendar. */
export interface DateRange {
  from: string;
  to: string;
}

/** The week holding `date`, starting on `firstDay` (0 Sunday … 6 Saturday). */
export function weekAround(date: string, firstDay: number): DateRange {
  const from = addDays(date, -((weekdayOf(date) - firstDay + 7) % 7));
  return { from, to: addDays(from, 7) };
}

/** The query of a date range: from midnight to midnight in `timeZone`. */
export function rangeQuery(range: DateRange, timeZone: string): { start: string; end: string } {
  return {
    start: zonedToIso(range.from, '00:00', timeZone),
    end: zonedToIso(range.to, '00:00', timeZone),
  };
}

/** Every IANA time zone the browser knows, with UTC first. */
export function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}
