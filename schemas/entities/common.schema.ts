import type { FromSchema } from 'json-schema-to-ts';

/** Error body of every 4xx/5xx answer. `messages[].path` uses bracket notation (`sections[0][title]`). */
export const errorSchema = {
  $id: 'atrium:error',
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'text'],
        additionalProperties: false,
        properties: { path: { type: 'string' }, text: { type: 'string' } },
      },
    },
  },
} as const;
export type ApiError = FromSchema<typeof errorSchema>;

/** `meta` of every paged list. Pages count from 0. */
export const listMetaSchema = {
  $id: 'atrium:list-meta',
  type: 'object',
  required: ['page', 'totalPages', 'total', 'limit'],
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 0 },
    totalPages: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1 },
    isLastPage: { type: 'boolean' },
    /** Set when `total` is the database's estimate (a long list is not counted row by row). */
    estimated: { type: 'boolean' },
    /** Cursors of the next and previous pages, where the list pages by cursor (`after`, `before`). */
    next: { type: 'string' },
    prev: { type: 'string' },
  },
} as const;
export type ListMeta = FromSchema<typeof listMetaSchema>;

/** Paging query shared by list endpoints. */
export const pageQuerySchema = {
  $id: 'atrium:page-query',
  type: 'object',
  additionalProperties: true,
  properties: {
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
  },
} as const;
export type PageQuery = FromSchema<typeof pageQuerySchema>;

/**
 * Paging by cursor, for long lists: `after` (a page's `meta.next`) opens the page after it,
 * `before` (`meta.prev`) the page before; `page` then only numbers the page shown.
 */
export const seekQuerySchema = {
  $id: 'atrium:seek-query',
  type: 'object',
  additionalProperties: true,
  properties: {
    ...pageQuerySchema.properties,
    after: { type: 'string', minLength: 1, maxLength: 400 },
    before: { type: 'string', minLength: 1, maxLength: 400 },
  },
} as const;

/*
 * Dates and moments. RFC 3339, and so JSON Schema's `format: 'date'` and `'date-time'`, allows
 * what JavaScript's Date or PostgreSQL cannot read: leap seconds (23:59:60), the year 0000 (no
 * such year in PostgreSQL), 9999 moved past the year 10000 by its time zone, offsets up to
 * ±23:59 (PostgreSQL stops at ±15:59), offsets without minutes, lowercase or spaces for `T`.
 * Every date the API takes in is one of these two, so such input is refused with a 400 at its
 * field instead of failing in the code that reads it. The years run from 1900 to 2999, as no
 * date of a learning portal (an availability, an audit filter, a reward's sale window) lies
 * outside them, and both ends stay clear of every limit whatever the time zone.
 */

const YEAR = '(19[0-9]{2}|2[0-9]{3})';
const MONTH_DAY = '(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';

/**
 * A calendar date `YYYY-MM-DD` from 1900 to 2999. The format checks that the day exists
 * (no 30 February, 29 February only in leap years), the pattern bounds the year.
 */
export const dateSchema = {
  $id: 'atrium:date',
  type: 'string',
  format: 'date',
  pattern: `^${YEAR}-${MONTH_DAY}$`,
} as const;

/**
 * A moment as RFC 3339 writes it, from 1900 to 2999, with `T`, seconds (and at most nine
 * digits of fraction) and its time zone, `Z` or a real offset `±HH:MM` of at most 14:59; no
 * leap second. `new Date(...).toISOString()` writes one.
 */
export const dateTimeSchema = {
  $id: 'atrium:date-time',
  type: 'string',
  format: 'date-time',
  pattern: `^${YEAR}-${MONTH_DAY}T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?(Z|[+-](0[0-9]|1[0-4]):[0-5][0-9])$`,
} as const;

/**
 * A moment the API answers with, as `toISOString()` writes it: in UTC, so one taken in at an
 * edge of {@link dateTimeSchema} with its time zone may lie just outside its years.
 */
export const instantSchema = {
  $id: 'atrium:instant',
  type: 'string',
  format: 'date-time',
} as const;

/**
 * The field messages of a date or moment outside {@link dateSchema} or {@link dateTimeSchema},
 * by format: the server's error handler answers with them (see `createErrorHandler`).
 */
export const dateFormatMessages = {
  date: 'Must be a date from 1900 to 2999, such as 2026-05-01',
  'date-time':
    'Must be a date and time from 1900 to 2999 with its time zone, such as 2026-05-01T09:00:00Z',
} as const;

/** A link with a title, as used in the footer. */
export const titledLinkSchema = {
  $id: 'atrium:titled-link',
  type: 'object',
  required: ['title', 'url'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', maxLength: 200, 'x-translatable': true },
    url: { type: 'string', maxLength: 2048 },
  },
} as const;
export type TitledLink = FromSchema<typeof titledLinkSchema>;

/**
 * A schema to nest inside another: the same shape without its `$id`, so one validator can hold
 * both the standalone schema and the one that nests it.
 */
/**
 * Texts an administrator entered per site language for the fields a schema declares
 * translatable (`x-translatable`): language code, then field path (`about.title`), then text.
 * An empty text removes that language's text of the field (the default language's shows).
 */
export const contentTranslationsSchema = {
  $id: 'atrium:content-translations',
  type: 'object',
  maxProperties: 100,
  additionalProperties: {
    type: 'object',
    maxProperties: 100,
    additionalProperties: { type: 'string', maxLength: 20_000 },
  },
} as const;

export function embed<S extends { readonly $id: string }>(schema: S): Omit<S, '$id'> {
  const { $id: _id, ...shape } = schema;
  return shape;
}
