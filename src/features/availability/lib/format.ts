import { formatDateRange, formatDateTime } from '@engine/core';
import { useT } from '@engine/react';
import { useMemo } from 'react';
import { zonedToIso } from './zoned';

const TIME = /[gGhH][:.]i(?::s)?(?:\s*[aA])?/;

/** The time part of a site format (`D, d/m/Y - H:i` -> `H:i`), so 12/24-hour clocks follow it. */
export function timeFormatOf(php: string | undefined): string {
  return php?.match(TIME)?.[0] ?? 'H:i';
}

/** A site format without its time part (`D, d/m/Y - H:i` -> `D, d/m/Y`). */
export function dateFormatOf(php: string | undefined): string {
  if (!php) return 'D, d/m/Y';
  const date = php.replace(TIME, '').replace(/[\s,\-–|@]+$/, '');
  return date.trim() === '' ? 'D, d/m/Y' : date;
}

export interface ZonedFormat {
  /** Date and time with the site's `medium` format. */
  dateTime: (iso: string) => string;
  /** A calendar date `YYYY-MM-DD`. */
  date: (date: string) => string;
  /** Calendar dates `YYYY-MM-DD` from one to another, `from – to` (a week's title). */
  dates: (from: string, to: string) => string;
  time: (iso: string) => string;
  /** `start – end`, the end without its date when both fall on the same day. */
  range: (start: string, end: string) => string;
}

/**
 * Formats instants in a trainer's time zone with the site's date formats (`date_time_formats`)
 * in the interface language. Calendars show the trainer's wall clock, so lists do too.
 */
export function useZonedFormat(timeZone: string): ZonedFormat {
  const { language, dateFormats } = useT();
  return useMemo(() => {
    const o = { formats: dateFormats, timeZone, language };
    const medium = dateFormats.medium ?? 'D, d/m/Y - H:i';
    const dateOnly = dateFormatOf(medium);
    const timeOnly = timeFormatOf(medium);
    const day = (iso: string) => formatDateTime(iso, 'Y-m-d', o);
    const noon = (date: string) => zonedToIso(date, '12:00', timeZone);
    return {
      dateTime: (iso) => formatDateTime(iso, medium, o),
      date: (date) => formatDateTime(noon(date), dateOnly, o),
      dates: (from, to) => formatDateRange(noon(from), noon(to), dateOnly, o),
      time: (iso) => formatDateTime(iso, timeOnly, o),
      range: (start, end) =>
        formatDateRange(start, end, medium, o, day(start) === day(end) ? timeOnly : medium),
    };
  }, [dateFormats, timeZone, language]);
}
