import { getDate, getDay, getDayOfYear, getDaysInMonth, isLeapYear, type Locale } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz/formatInTimeZone';
import { toZonedTime } from 'date-fns-tz/toZonedTime';
import { ar } from 'date-fns/locale/ar';
import { enUS } from 'date-fns/locale/en-US';

/** PHP letters with a direct date-fns token. */
const TOKENS: Record<string, string> = {
  d: 'dd',
  D: 'EEE',
  j: 'd',
  l: 'EEEE',
  N: 'i',
  W: 'II',
  F: 'MMMM',
  m: 'MM',
  M: 'MMM',
  n: 'M',
  o: 'RRRR',
  Y: 'yyyy',
  y: 'yy',
  a: 'aaa',
  A: 'a',
  g: 'h',
  G: 'H',
  h: 'hh',
  H: 'HH',
  i: 'mm',
  s: 'ss',
  u: 'SSSSSS',
  v: 'SSS',
  e: 'zzzz',
  T: 'zzz',
  P: 'xxx',
  O: 'xx',
  c: "yyyy-MM-dd'T'HH:mm:ssxxx",
  r: 'EEE, dd MMM yyyy HH:mm:ss xx',
  U: 't',
};

/** Approximations used when no date is at hand (the exact value needs the date). */
const APPROXIMATE: Record<string, string> = { w: 'i', z: 'D', t: '', L: '', S: '' };

const ORDINAL_SUFFIX = (day: number): string => {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
};

/** date-fns reads letters as tokens, so only runs with letters or quotes need quoting. */
function quote(literal: string): string {
  return /[A-Za-z']/.test(literal) ? `'${literal.replace(/'/g, "''")}'` : literal;
}

/** Exact values of the PHP letters date-fns has no token for, given the wall-clock date. */
function exactValue(letter: string, zoned: Date, timeZone: string): string | undefined {
  switch (letter) {
    case 'w':
      return String(getDay(zoned));
    case 'z':
      return String(getDayOfYear(zoned) - 1);
    case 't':
      return String(getDaysInMonth(zoned));
    case 'L':
      return isLeapYear(zoned) ? '1' : '0';
    case 'S':
      return ORDINAL_SUFFIX(getDate(zoned));
    case 'e':
      return timeZone;
    default:
      return undefined;
  }
}

function convert(php: string, exact?: { zoned: Date; timeZone: string }): string {
  let out = '';
  let literal = '';
  const flush = () => {
    out += quote(literal);
    literal = '';
  };
  for (let index = 0; index < php.length; index++) {
    const char = php[index]!;
    if (char === '\\') {
      index++;
      literal += php[index] ?? '';
      continue;
    }
    if (exact) {
      const value = exactValue(char, exact.zoned, exact.timeZone);
      if (value !== undefined) {
        literal += value;
        continue;
      }
    } else if (char === 'j' && php[index + 1] === 'S') {
      flush();
      out += 'do';
      index++;
      continue;
    }
    const token = TOKENS[char] ?? (exact ? undefined : APPROXIMATE[char]);
    if (token !== undefined) {
      flush();
      out += token;
    } else {
      literal += char;
    }
  }
  flush();
  return out;
}

/**
 * Converts a PHP `date()` format to a date-fns format. Covers d D j l N S w z W F m M n t L o
 * Y y a A g G h H i s u v e T P O c r U and backslash escapes; other characters are literal.
 * Letters date-fns has no token for (S after anything but j, w, z, t, L) get their nearest
 * token or are left out here; {@link formatDateTime} renders them exactly.
 *
 * @example
 * phpToDateFnsFormat('d/m/Y - H:i'); // 'dd/MM/yyyy - HH:mm'
 * phpToDateFnsFormat('jS \\o\\f F'); // "do' of 'MMMM"
 */
export function phpToDateFnsFormat(php: string): string {
  return convert(php);
}

const LOCALES: Record<string, Locale> = { en: enUS, ar };

/** English (`en`, `en-GB`…), which writes a date's comma as `,`. */
const ENGLISH = /^en(?:-|$)/i;
/** The commas languages write: Latin, Arabic, ideographic, full-width. */
const COMMA = /[,\u060c\u3001\uff0c]/;
const localeCommas = new Map<string, string>();

/**
 * The comma a language writes in a date, as Intl writes it after a weekday (`،` in Arabic);
 * `,` where Intl writes none. English needs no Intl object: the first one a page builds loads
 * the locale's data and holds the page up.
 */
function commaOf(language: string): string {
  if (ENGLISH.test(language)) return ',';
  let comma = localeCommas.get(language);
  if (comma === undefined) {
    let literal = '';
    try {
      literal =
        new Intl.DateTimeFormat(language, {
          weekday: 'short',
          day: 'numeric',
          month: 'numeric',
          year: 'numeric',
          timeZone: 'UTC',
        })
          .formatToParts(0)
          .find((part) => part.type === 'literal')?.value ?? '';
    } catch {
      // A language code Intl does not know keeps the format's own comma.
    }
    comma = COMMA.exec(literal)?.[0] ?? ',';
    localeCommas.set(language, comma);
  }
  return comma;
}

/** date-fns locale for a language code (`ar-EG` uses `ar`); English otherwise. */
function localeOf(language: string): Locale {
  return LOCALES[language] ?? LOCALES[language.split('-')[0] ?? ''] ?? enUS;
}

/** What {@link formatDateTime} and {@link formatDateRange} format with. */
export interface DateFormatOptions {
  /** Site formats by name (`date_time_formats`), PHP style. */
  formats: Record<string, string>;
  timeZone: string;
  language: string;
}

/**
 * Formats a date in a time zone with a named site format (from `date_time_formats`) or a PHP
 * format string, in English or Arabic. A comma of the format (never one of PHP's letters) is
 * written as the language writes it: `D, d/m/Y` reads `سبت، 05/03/2024` in Arabic.
 *
 * @example
 * formatDateTime('2024-03-05T14:07:00Z', 'short', {
 *   formats: { short: 'd/m/Y - H:i' }, timeZone: 'Asia/Dubai', language: 'en',
 * }); // '05/03/2024 - 18:07'
 */
export function formatDateTime(
  value: Date | string | number,
  format: string,
  o: DateFormatOptions,
): string {
  const date = value instanceof Date ? value : new Date(value);
  const site = o.formats[format] ?? format;
  const php = site.includes(',') ? site.replaceAll(',', commaOf(o.language)) : site;
  const zoned = toZonedTime(date, o.timeZone);
  return formatInTimeZone(date, o.timeZone, convert(php, { zoned, timeZone: o.timeZone }), {
    locale: localeOf(o.language),
  });
}

/**
 * A range of two moments, `start – end`, each in a site format as {@link formatDateTime} writes
 * it (so in the language's own punctuation); the end may take another format, such as a time
 * alone when both fall on the same day.
 *
 * @example
 * const o = { formats: { date: 'D, d/m/Y' }, timeZone: 'UTC', language: 'ar' };
 * formatDateRange('2026-11-28T12:00:00Z', '2026-12-04T12:00:00Z', 'date', o);
 * // 'سبت، 28/11/2026 – جمعة، 04/12/2026'
 */
export function formatDateRange(
  start: Date | string | number,
  end: Date | string | number,
  format: string,
  o: DateFormatOptions,
  endFormat: string = format,
): string {
  return `${formatDateTime(start, format, o)} – ${formatDateTime(end, endFormat, o)}`;
}
