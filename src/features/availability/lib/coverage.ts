/*
 * The availability coverage: counts of available trainers by weekday (0 Sunday … 6 Saturday)
 * and hour (0 … 23), as `GET availability/coverage` answers them.
 */

/** Hours shown when nobody is available: 06:00 to 22:00, as the calendars show. */
const DEFAULT_HOURS = { first: 6, last: 21 };

/** Steps of the colour scale besides "nobody". */
export const COVERAGE_LEVELS = 5;

/**
 * The hours to show, `first` to `last` inclusive: from the first hour anyone is available on
 * any day to the last, or 06:00 to 22:00 when nobody is.
 */
export function coverageHours(counts: readonly (readonly number[])[]): {
  first: number;
  last: number;
} {
  let first = 24;
  let last = -1;
  for (const row of counts)
    row.forEach((n, hour) => {
      if (n > 0) {
        first = Math.min(first, hour);
        last = Math.max(last, hour);
      }
    });
  return last < 0 ? DEFAULT_HOURS : { first, last };
}

/** The step of the colour scale of a count: 0 for nobody, up to {@link COVERAGE_LEVELS} at `max`. */
export function coverageLevel(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(1, Math.min(COVERAGE_LEVELS, Math.ceil((count / max) * COVERAGE_LEVELS)));
}

/** A wall-clock hour `HH:00`; 24 is the next midnight, `24:00`. */
export const clockHour = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
