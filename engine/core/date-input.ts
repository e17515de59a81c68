import { formatDateTime } from './dates';

/*
 * Dates and times as people type them into a field: in the site's own order and clock
 * (`date_time_formats`), read back into the values the API keeps, calendar dates `YYYY-MM-DD`
 * and wall-clock times `HH:MM`.
 */

/** A PHP time run: `H:i`, `g:i a`, `h.i.s A`. */
const TIME = /[gGhH][:.]i(?::s)?(?:\s*[aA])?/;
const DAY = 'dj';
const MONTH = 'mnFM';
const YEAR = 'Yyo';
/** A site format's letters with backslash escapes taken out (they are literal text). */
const unescaped = (php: string) => php.replace(/\\./g, ' ');
/** Arabic-Indic and Persian digits, which phones with an Arabic keyboard type. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

function westernDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/**
 * The PHP format a date is typed in: the site's `date_only` format (else the date part of
 * `short`, else of `medium`) with its day, month and year as numbers, the year in full: `d/m/Y` stays, `j F Y`
 * becomes `j/m/Y`, `M j, Y` becomes `m/j/Y`.
 *
 * @example
 * dateInputFormat({ date_only: 'd/m/Y' }); // 'd/m/Y'
 * dateInputFormat({ short: 'm/d/Y - g:i a' }); // 'm/d/Y'
 */
export function dateInputFormat(formats: Record<string, string>): string {
  const whole = formats.short ?? formats.medium ?? 'Y-m-d';
  const source = unescaped(formats.date_only ?? whole.replace(TIME, ''));
  const parts: string[] = [];
  for (const char of source) {
    if (DAY.includes(char) && !parts.some((p) => DAY.includes(p))) parts.push(char);
    else if (MONTH.includes(char) && !parts.some((p) => MONTH.includes(p)))
      parts.push(char === 'F' || char === 'M' ? 'm' : char);
    else if (YEAR.includes(char) && !parts.some((p) => YEAR.includes(p))) parts.push('Y');
  }
  if (parts.length !== 3) return 'Y-m-d';
  // The separator the site puts between two numbers, when it is one people type.
  const separator = /[djmnYy]([/.\-\s])[djmnYy]/.exec(source)?.[1] ?? '/';
  return parts.join(separator);
}

/**
 * The PHP format a time is typed in: the time part of the site's `time_only` (else `short`,
 * else `medium`) format without seconds, so the field has the site's 24- or 12-hour clock.
 *
 * @example
 * timeInputFormat({ time_only: 'H:i' }); // 'H:i'
 * timeInputFormat({ short: 'm/d/Y - g:i a' }); // 'g:i a'
 */
export function timeInputFormat(formats: Record<string, string>): string {
  const time = [formats.time_only, formats.short, formats.medium]
    .map((format) => TIME.exec(format ?? '')?.[0])
    .find(Boolean);
  return (time ?? 'H:i').replace(/:s/, '');
}

/**
 * What goes between the date and the time of a date-time typed in one field: what the site's
 * `short` (else `medium`) format puts there when it is only punctuation (` - ` in `d/m/Y - H:i`), else a space.
 */
function dateTimeSeparator(formats: Record<string, string>): string {
  const short = formats.short ?? formats.medium ?? '';
  const between = /[djmnYy]([^A-Za-z\\]*)[gGhH][:.]i/.exec(short)?.[1];
  return between && /^[\s\-–,@|]+$/.test(between) ? between : ' ';
}

interface Site {
  formats: Record<string, string>;
  language: string;
}

/**
 * A calendar date (`YYYY-MM-DD`) as it is typed in the site's format.
 *
 * @example
 * formatDateInput('2024-03-05', { formats: { date_only: 'd/m/Y' }, language: 'en' }); // '05/03/2024'
 */
export function formatDateInput(date: string, site: Site): string {
  return formatDateTime(`${date}T12:00:00Z`, dateInputFormat(site.formats), {
    formats: {},
    timeZone: 'UTC',
    language: site.language,
  });
}

/**
 * A wall-clock time (`HH:MM`) as it is typed on the site's clock.
 *
 * @example
 * formatTimeInput('18:05', { formats: { time_only: 'g:i a' }, language: 'en' }); // '6:05 pm'
 */
export function formatTimeInput(time: string, site: Site): string {
  return formatDateTime(`2000-01-03T${time}:00Z`, timeInputFormat(site.formats), {
    formats: {},
    timeZone: 'UTC',
    language: site.language,
  });
}

/**
 * A date and time typed in one field: the date, the site's separator, the time.
 *
 * @example
 * formatDateTimeInput('2024-03-05', '18:05', { formats: { short: 'd/m/Y - H:i' }, language: 'en' });
 * // '05/03/2024 - 18:05'
 */
export function formatDateTimeInput(date: string, time: string, site: Site): string {
  return `${formatDateInput(date, site)}${dateTimeSeparator(site.formats)}${formatTimeInput(time, site)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12) return null;
  if (day < 1 || day > daysIn(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Where the date's three numbers end in a typed text, and the date they make, if any. */
function readDate(text: string, format: string): { date: string | null; end: number } {
  const numbers = [...text.matchAll(/\d+/g)].slice(0, 3);
  const end = numbers.length === 3 ? numbers[2]!.index + numbers[2]![0].length : text.length;
  if (numbers.length < 3) return { date: null, end };
  const values = numbers.map((m) => m[0]);
  // An ISO date (as pasted from elsewhere) reads as one whatever the site's order.
  const order = values[0]!.length === 4 ? ['Y', 'm', 'd'] : [...format.replace(/[^jdnmY]/g, '')];
  const at = (letters: string) => values[order.findIndex((l) => letters.includes(l))] ?? '';
  const yearText = at('Y');
  if (!/^\d{2}$|^\d{4}$/.test(yearText) || at('dj').length > 2 || at('mn').length > 2)
    return { date: null, end };
  // Two digits are a year of this century: people type 24 for 2024.
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return { date: calendarDate(year, Number(at('mn')), Number(at('dj'))), end };
}

/**
 * Reads a date typed in the site's order (`5/3/2024`, `05-03-24`, `05.03.2024`, Arabic-Indic
 * digits, or an ISO date) as `YYYY-MM-DD`; `null` when the text is no date, `''` when empty.
 *
 * @example
 * parseDateInput('5/3/24', { date_only: 'd/m/Y' }); // '2024-03-05'
 * parseDateInput('31/02/2024', { date_only: 'd/m/Y' }); // null
 */
export function parseDateInput(text: string, formats: Record<string, string>): string | null {
  const typed = westernDigits(text).trim();
  if (typed === '') return '';
  if (!/^[\d\s/.\-,]+$/.test(typed)) return null;
  const { date, end } = readDate(typed, dateInputFormat(formats));
  return date !== null && typed.slice(end).trim() === '' ? date : null;
}

/** am and pm as people type them, in English and Arabic (ص, م). */
const MERIDIEM = /^(?:(a)\.?m?\.?|(p)\.?m?\.?|(ص)|(م)|(صباحًا|صباحا)|(مساءً|مساء))$/i;

/**
 * Reads a time (`18:05`, `1805`, `6:05 pm`, `6 pm`, `٦:٠٥ م`) as `HH:MM` on a 24-hour clock;
 * `null` when the text is no time, `''` when empty. Without am or pm the hour is read as on a
 * 24-hour clock, whichever clock the site shows.
 *
 * @example
 * parseTimeInput('6:05 pm'); // '18:05'
 * parseTimeInput('25:00'); // null
 */
export function parseTimeInput(text: string): string | null {
  const typed = westernDigits(text).trim().toLowerCase();
  if (typed === '') return '';
  const match = /^(\d{1,2})(?:[:.h]?(\d{2}))?(?:[:.](\d{2}))?\s*([^\d\s].*)?$/.exec(typed);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (minute > 59 || Number(match[3] ?? 0) > 59) return null;
  const suffix = match[4]?.trim();
  if (suffix) {
    const meridiem = MERIDIEM.exec(suffix);
    if (!meridiem || hour < 1 || hour > 12) return null;
    const pm = Boolean(meridiem[2] ?? meridiem[4] ?? meridiem[6]);
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/**
 * Reads a date and time typed in one field (`05/03/2024 - 18:05`, `5/3/24 6:05 pm`) as a
 * wall-clock date and time; a date alone is its midnight. `null` when the text is neither,
 * `''` when empty.
 *
 * @example
 * parseDateTimeInput('5/3/2024 6:05 pm', { date_only: 'd/m/Y' }); // { date: '2024-03-05', time: '18:05' }
 */
export function parseDateTimeInput(
  text: string,
  formats: Record<string, string>,
): { date: string; time: string } | '' | null {
  const typed = westernDigits(text).trim();
  if (typed === '') return '';
  const { date, end } = readDate(typed, dateInputFormat(formats));
  if (date === null || !/^[\d\s/.\-,]+$/.test(typed.slice(0, end))) return null;
  // What separates the time from the date: the site's ` - `, a comma, a space, an ISO `T`.
  const rest = typed.slice(end).replace(/^(?:[\s,\-–@|]+|T)/, '');
  if (rest === '') return { date, time: '00:00' };
  const time = parseTimeInput(rest);
  return time ? { date, time } : null;
}
