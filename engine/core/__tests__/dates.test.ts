import { describe, expect, it } from 'vitest';
import { formatDateRange, formatDateTime, phpToDateFnsFormat } from '../index';

describe('phpToDateFnsFormat', () => {
  it.each([
    ['d/m/Y - H:i', 'dd/MM/yyyy - HH:mm'],
    ['D, j M y', 'EEE, d MMM yy'],
    ['l F n G:i:s A', 'EEEE MMMM M H:mm:ss a'],
    ['g:i a', 'h:mm aaa'],
    ['h N W o', 'hh i II RRRR'],
    ['u v U', 'SSSSSS SSS t'],
    ['e T P O', 'zzzz zzz xxx xx'],
    ['c', "yyyy-MM-dd'T'HH:mm:ssxxx"],
    ['r', 'EEE, dd MMM yyyy HH:mm:ss xx'],
    ['jS \\o\\f F', "do' of 'MMMM"],
    ["Y \\Y 'q'", "yyyy' Y ''q'''"],
  ])('%s -> %s', (php, expected) => {
    expect(phpToDateFnsFormat(php)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  const at = '2024-03-05T14:07:09Z';
  const formats = { short: 'd/m/Y - H:i', long: 'l, jS F Y' };

  it('formats a named format in the time zone', () => {
    expect(formatDateTime(at, 'short', { formats, timeZone: 'Asia/Dubai', language: 'en' })).toBe(
      '05/03/2024 - 18:07',
    );
    expect(
      formatDateTime(at, 'short', { formats, timeZone: 'America/New_York', language: 'en' }),
    ).toBe('05/03/2024 - 09:07');
  });

  it('renders the letters without a date-fns token exactly', () => {
    const o = { formats, timeZone: 'UTC', language: 'en' };
    expect(formatDateTime(at, 'long', o)).toBe('Tuesday, 5th March 2024');
    expect(formatDateTime(at, 'w z t L e', o)).toBe('2 64 31 1 UTC');
    expect(formatDateTime('2023-02-22T00:00:00Z', 'jS t L', o)).toBe('22nd 28 0');
    expect(formatDateTime(at, "Y \\Y 'q'", o)).toBe("2024 Y 'q'");
  });

  it('uses the Arabic locale for Arabic', () => {
    const text = formatDateTime(at, 'l F', { formats, timeZone: 'UTC', language: 'ar' });
    expect(text).toBe('الثلاثاء مارس');
  });
});

describe('formatDateRange', () => {
  // A week that runs into the next month, as the availability weeks' titles show it.
  const start = '2026-11-23T12:00:00Z';
  const end = '2026-11-29T12:00:00Z';
  const formats = { date: 'D, d/m/Y', long: 'l, F j, Y', medium: 'D, d/m/Y - H:i' };

  it('writes an Arabic range in Arabic punctuation, with no Latin comma', () => {
    const o = { formats, timeZone: 'UTC', language: 'ar' };
    const week = formatDateRange(start, end, 'date', o);
    expect(week).toBe('اثنين، 23/11/2026 – أحد، 29/11/2026');
    expect(week).not.toContain(',');
    const long = formatDateRange(start, '2026-12-04T12:00:00Z', 'long', o);
    expect(long).not.toContain(',');
    expect(long.split('،')).toHaveLength(5);
    expect(formatDateRange(start, end, 'date', { ...o, language: 'ar-EG' })).not.toContain(',');
  });

  it('writes an English range as before', () => {
    const o = { formats, timeZone: 'UTC', language: 'en' };
    expect(formatDateRange(start, end, 'date', o)).toBe('Mon, 23/11/2026 – Sun, 29/11/2026');
    expect(formatDateRange(start, '2026-12-04T12:00:00Z', 'long', o)).toBe(
      'Monday, November 23, 2026 – Friday, December 4, 2026',
    );
    // The end as a time alone, for a range within one day.
    expect(formatDateRange(start, '2026-11-23T15:30:00Z', 'medium', o, 'H:i')).toBe(
      'Mon, 23/11/2026 - 12:00 – 15:30',
    );
  });

  it("keeps the format's comma in a language whose dates have none of their own", () => {
    const o = { formats, timeZone: 'UTC', language: 'fr' };
    expect(formatDateRange(start, end, 'date', o)).toContain(', 23/11/2026 – ');
  });
});
