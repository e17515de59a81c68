import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, wallClockToUtc, weekdayOf } from '../index';

/** The calendar date the platform itself gives an instant in a time zone (one formatter per zone). */
const platformFormats = new Map<string, Intl.DateTimeFormat>();
const platformDate = (instant: number, timeZone: string) => {
  let format = platformFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    platformFormats.set(timeZone, format);
  }
  return format.format(instant);
};

describe('calendar dates in a time zone', () => {
  it('gives the local date of an instant, on either side of midnight and of daylight saving', () => {
    // 23:30Z on 31 March 2024 is already 1 April in Amsterdam (summer time began that night)
    // and still 31 March in New York.
    const instant = Date.UTC(2024, 2, 31, 23, 30);
    expect(localDateOf(instant, 'Europe/Amsterdam')).toBe('2024-04-01');
    expect(localDateOf(instant, 'America/New_York')).toBe('2024-03-31');
    expect(localDateOf(new Date(instant), 'Asia/Kolkata')).toBe('2024-04-01');
    expect(localDateOf(Date.UTC(2024, 11, 31, 12), 'Pacific/Kiritimati')).toBe('2025-01-01');
  });

  it('agrees with the platform every 97 minutes over a year, in zones with odd offsets', () => {
    const zones = [
      'UTC',
      'Europe/Amsterdam',
      'America/Santiago',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
    ];
    const start = Date.UTC(2025, 0, 1);
    for (const zone of zones)
      for (let t = start; t < start + 366 * 86_400_000; t += 97 * 60_000)
        expect(localDateOf(t, zone), `${new Date(t).toISOString()} in ${zone}`).toBe(
          platformDate(t, zone),
        );
    // 27,000 comparisons: CPU-bound, so a machine busy with other work may take many times longer.
  }, 60_000);

  it('does calendar arithmetic and turns wall-clock times into instants', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(weekdayOf('2024-04-01')).toBe(1);
    expect(wallClockToUtc('2024-07-01', '09:00', 'Europe/Amsterdam')).toBe(Date.UTC(2024, 6, 1, 7));
    expect(wallClockToUtc('2024-01-08', '09:00', 'Europe/Amsterdam')).toBe(Date.UTC(2024, 0, 8, 8));
    expect(wallClockToUtc('2024-01-08', '24:00', 'Europe/Amsterdam')).toBe(
      Date.UTC(2024, 0, 8, 23),
    );
  });
});
