import { describe, expect, it } from 'vitest';
import { formatDateTime, phpToDateFnsFormat } from '../index';

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
