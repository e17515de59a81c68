import type { FromSchema } from 'json-schema-to-ts';
import { dateSchema, dateTimeSchema, embed, instantSchema, seekQuerySchema } from './common.schema';
import { fillTemplate, templateMatcher } from './message-templates';

/*
 * Trainer availability. A trainer's availability is kept in the trainer's own time zone as
 * weekly recurring hours, date overrides (other hours on one date, or none: a day off) and
 * one-off entries (extra hours, or time off with a reason). Queries for a range answer
 * concrete UTC intervals, so a weekly 09:00 stays 09:00 on the wall clock across a
 * daylight-saving change. Order of precedence on a date: an override replaces that date's
 * weekly hours; extra hours are added; time off is taken away last.
 */

/** A moment the API takes in. */
const dateTime = embed(dateTimeSchema);
/** A moment the API answers with. */
const instant = embed(instantSchema);
/** A wall-clock time `HH:MM` (24-hour clock). */
const clockTime = {
  type: 'string',
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
} as const;
/** An end time: like {@link clockTime}, or `24:00` for the end of the day. */
const clockEndTime = {
  type: 'string',
  pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
} as const;
/** A calendar date `YYYY-MM-DD` in the trainer's time zone. */
const localDate = embed(dateSchema);

/** Hours on one wall-clock day; `start` before `end`. */
const hoursSchema = {
  type: 'object',
  required: ['start', 'end'],
  additionalProperties: false,
  properties: {
    start: { ...clockTime, title: 'From' },
    end: { ...clockEndTime, title: 'Until' },
  },
} as const;

/** One weekly interval: weekday 0 is Sunday … 6 is Saturday. */
export const weeklyHoursSchema = {
  $id: 'atrium:availability-weekly-hours',
  type: 'object',
  required: ['weekday', 'start', 'end'],
  additionalProperties: false,
  properties: {
    weekday: { type: 'integer', minimum: 0, maximum: 6, title: 'Day of the week' },
    ...hoursSchema.properties,
  },
} as const;
export type WeeklyHours = FromSchema<typeof weeklyHoursSchema>;

/**
 * `PUT availability/{uid}/weekly`: the whole weekly schedule at once (at most 6 intervals a
 * day). Overlapping intervals on a day are refused with 400 and a message on the later one
 * (`hours[2][start]`); intervals that only touch are kept and read as one.
 */
export const weeklyInputSchema = {
  $id: 'atrium:availability-weekly-input',
  type: 'object',
  required: ['hours'],
  additionalProperties: false,
  properties: {
    hours: {
      type: 'array',
      maxItems: 42,
      items: {
        type: 'object',
        required: ['weekday', 'start', 'end'],
        additionalProperties: false,
        properties: weeklyHoursSchema.properties,
      },
    },
  },
} as const;
export type WeeklyInput = FromSchema<typeof weeklyInputSchema>;

/**
 * `PUT availability/{uid}/overrides/{date}`: the hours of one date instead of its weekly
 * hours. No intervals means unavailable all day (a day off). Same overlap rule as weekly.
 */
export const overrideInputSchema = {
  $id: 'atrium:availability-override-input',
  type: 'object',
  required: ['intervals'],
  additionalProperties: false,
  properties: {
    intervals: { type: 'array', maxItems: 6, items: hoursSchema, title: 'Hours on this date' },
    reason: { type: 'string', maxLength: 200, title: 'Note' },
  },
} as const;
export type OverrideInput = FromSchema<typeof overrideInputSchema>;

export const overrideSchema = {
  $id: 'atrium:availability-override',
  type: 'object',
  required: ['date', 'intervals', 'reason'],
  additionalProperties: false,
  properties: {
    date: localDate,
    intervals: { type: 'array', items: hoursSchema },
    reason: { type: 'string' },
  },
} as const;
export type Override = FromSchema<typeof overrideSchema>;

/** Kinds of one-off entry: extra available hours, or time off (taken away from availability). */
export const entryKinds = ['extra', 'time_off'] as const;
export type EntryKind = (typeof entryKinds)[number];

/**
 * `POST availability/{uid}/entries` (and `PATCH …/entries/{id}` with any of these fields).
 * `start` before `end`, at most 366 days long. An entry overlapping another of the same kind is
 * refused with 409 and a message naming the other one's times; nothing is written.
 */
export const entryInputSchema = {
  $id: 'atrium:availability-entry-input',
  type: 'object',
  required: ['kind', 'start', 'end'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: entryKinds, title: 'Kind' },
    start: { ...dateTime, title: 'Starts' },
    end: { ...dateTime, title: 'Ends' },
    reason: { type: 'string', maxLength: 200, title: 'Reason' },
  },
} as const;
export type EntryInput = FromSchema<typeof entryInputSchema>;

export const entryPatchSchema = {
  $id: 'atrium:availability-entry-patch',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: entryInputSchema.properties,
} as const;
export type EntryPatch = FromSchema<typeof entryPatchSchema>;

export const entrySchema = {
  $id: 'atrium:availability-entry',
  type: 'object',
  required: ['id', 'kind', 'start', 'end', 'reason', 'created'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: entryKinds },
    start: instant,
    end: instant,
    reason: { type: 'string' },
    created: instant,
  },
} as const;
export type Entry = FromSchema<typeof entrySchema>;

/** Where a concrete available interval comes from. */
export const intervalSources = ['weekly', 'override', 'extra'] as const;

/** A concrete available interval in UTC, after time off has been taken away. */
export const intervalSchema = {
  $id: 'atrium:availability-interval',
  type: 'object',
  required: ['start', 'end', 'source'],
  additionalProperties: false,
  properties: {
    start: instant,
    end: instant,
    source: { type: 'string', enum: intervalSources },
  },
} as const;
export type Interval = FromSchema<typeof intervalSchema>;

/** A trainer as the availability screens name them. */
export const trainerSchema = {
  $id: 'atrium:availability-trainer',
  type: 'object',
  required: ['uid', 'name', 'display_name', 'avatar', 'organizations'],
  additionalProperties: false,
  properties: {
    uid: { type: 'integer' },
    name: { type: 'string' },
    display_name: { type: 'string' },
    avatar: { type: ['string', 'null'] },
    organizations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
} as const;
export type Trainer = FromSchema<typeof trainerSchema>;

/** A lock set by a course administrator: the trainer can no longer change their availability. */
const lockSchema = {
  anyOf: [
    {
      type: 'object',
      required: ['by', 'at'],
      additionalProperties: false,
      properties: {
        // The display name of who locked it.
        by: { type: 'string' },
        at: instant,
      },
    },
    { type: 'null' },
  ],
} as const;

/**
 * Query of the range reads: `start` inclusive, `end` exclusive, `end` after `start` and at
 * most 100 days later (else 400).
 */
export const rangeQuerySchema = {
  $id: 'atrium:availability-range-query',
  type: 'object',
  required: ['start', 'end'],
  additionalProperties: false,
  properties: { start: dateTime, end: dateTime },
} as const;
export type RangeQuery = FromSchema<typeof rangeQuerySchema>;

/**
 * `GET availability/{uid}?start&end`: one trainer's availability: settings, the weekly hours,
 * the overrides and entries touching the range, and the concrete available intervals.
 * `editable` says whether the caller may change it now (false for a trainer while locked).
 */
export const availabilitySchema = {
  $id: 'atrium:availability',
  type: 'object',
  required: [
    'trainer',
    'timezone',
    'lock',
    'editable',
    'weekly',
    'overrides',
    'entries',
    'intervals',
  ],
  additionalProperties: false,
  properties: {
    trainer: embed(trainerSchema),
    timezone: { type: 'string' },
    lock: lockSchema,
    editable: { type: 'boolean' },
    weekly: { type: 'array', items: embed(weeklyHoursSchema) },
    overrides: { type: 'array', items: embed(overrideSchema) },
    entries: { type: 'array', items: embed(entrySchema) },
    intervals: { type: 'array', items: embed(intervalSchema) },
  },
} as const;
export type Availability = FromSchema<typeof availabilitySchema>;

/**
 * `PATCH availability/{uid}`: the time zone (an IANA name; 400 "Unknown time zone" otherwise)
 * and, for course administrators only, the lock.
 */
export const availabilityPatchSchema = {
  $id: 'atrium:availability-patch',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    timezone: { type: 'string', minLength: 1, maxLength: 64, title: 'Time zone' },
    locked: { type: 'boolean', title: 'Locked' },
  },
} as const;
export type AvailabilityPatch = FromSchema<typeof availabilityPatchSchema>;

/**
 * `GET availability?start&end&organization&uid[]&search&page`: the management view, 50 trainers
 * a page, each with their available intervals and time off in the range.
 */
export const overviewQuerySchema = {
  $id: 'atrium:availability-overview-query',
  type: 'object',
  required: ['start', 'end'],
  additionalProperties: false,
  properties: {
    start: dateTime,
    end: dateTime,
    organization: { type: 'integer', minimum: 1 },
    uid: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 100 },
    search: { type: 'string', maxLength: 100 },
    page: { type: 'integer', minimum: 0, default: 0 },
    after: seekQuerySchema.properties.after,
    before: seekQuerySchema.properties.before,
  },
} as const;
export type OverviewQuery = FromSchema<typeof overviewQuerySchema>;

export const overviewRowSchema = {
  $id: 'atrium:availability-overview-row',
  type: 'object',
  required: ['trainer', 'timezone', 'lock', 'intervals', 'time_off'],
  additionalProperties: false,
  properties: {
    trainer: embed(trainerSchema),
    timezone: { type: 'string' },
    lock: lockSchema,
    intervals: { type: 'array', items: embed(intervalSchema) },
    time_off: {
      type: 'array',
      items: {
        type: 'object',
        required: ['start', 'end', 'reason'],
        additionalProperties: false,
        properties: { start: instant, end: instant, reason: { type: 'string' } },
      },
    },
  },
} as const;
export type OverviewRow = FromSchema<typeof overviewRowSchema>;

/**
 * `GET availability/available?start&end&organization&page&limit&after&before`: trainers
 * available for the whole of [start, end) (at most 14 days long), by display name, a page at a
 * time (by cursor: `after` a page's `meta.next`, `before` its `meta.prev`). Used to find cover.
 */
export const availableQuerySchema = {
  $id: 'atrium:availability-available-query',
  type: 'object',
  required: ['start', 'end'],
  additionalProperties: false,
  properties: {
    ...seekQuerySchema.properties,
    start: dateTime,
    end: dateTime,
    organization: { type: 'integer', minimum: 1 },
  },
} as const;
export type AvailableQuery = FromSchema<typeof availableQuerySchema>;

/**
 * `GET availability/coverage?start&end&timezone&organization`: how many trainers are available
 * for the whole of each hour of the range (at most 31 days), by weekday and hour on the wall
 * clock of `timezone` (the viewer's): a trainer counts once in a weekday's hour when available
 * for the whole of it on any date of the range, as `availability/available` finds them.
 */
export const coverageQuerySchema = {
  $id: 'atrium:availability-coverage-query',
  type: 'object',
  required: ['start', 'end', 'timezone'],
  additionalProperties: false,
  properties: {
    start: dateTime,
    end: dateTime,
    timezone: { type: 'string', minLength: 1, maxLength: 64 },
    organization: { type: 'integer', minimum: 1 },
  },
} as const;
export type CoverageQuery = FromSchema<typeof coverageQuerySchema>;

export const coverageSchema = {
  $id: 'atrium:availability-coverage',
  type: 'object',
  required: ['timezone', 'trainers', 'counts'],
  additionalProperties: false,
  properties: {
    timezone: { type: 'string' },
    /** The trainers the filter holds, available or not. */
    trainers: { type: 'integer', minimum: 0 },
    /** Seven rows (weekday 0 is Sunday … 6 Saturday) of 24 counts (hour 0 … 23). */
    counts: {
      type: 'array',
      minItems: 7,
      maxItems: 7,
      items: {
        type: 'array',
        minItems: 24,
        maxItems: 24,
        items: { type: 'integer', minimum: 0 },
      },
    },
  },
} as const;
export type Coverage = FromSchema<typeof coverageSchema>;

/**
 * `GET availability/trainers?organization&search&page&limit&after&before`: trainers by display
 * name, a page at a time (by cursor, as {@link availableQuerySchema}); `search` finds a fragment
 * of the account name or the first and last name.
 */
export const trainersQuerySchema = {
  $id: 'atrium:availability-trainers-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...seekQuerySchema.properties,
    organization: { type: 'integer', minimum: 1 },
    search: { type: 'string', maxLength: 100 },
  },
} as const;
export type TrainersQuery = FromSchema<typeof trainersQuerySchema>;

/**
 * The messages the availability endpoints answer with, as translatable English templates:
 * the server fills them in with {@link fillMessage}, the client finds the template again with
 * {@link matchMessage} and translates it with the same values.
 */
export const availabilityMessages = {
  locked: 'This availability is locked by a course administrator.',
  afterStart: 'Must be after the start',
  afterStartTime: 'Must be after the start time',
  atMostDays: 'Must be at most @days days after the start',
  overlapsSameDay: 'Overlaps @range on the same day',
  overlapsTimeOff: 'Overlaps other time off: @range.',
  overlapsExtra: 'Overlaps other extra hours: @range.',
  unknownTimeZone: 'Unknown time zone',
} as const;

/**
 * A template with its `@name` placeholders replaced.
 *
 * @example
 * fillMessage('Overlaps @range on the same day', { range: '09:00–12:00' });
 */
export const fillMessage = fillTemplate;

/**
 * The template and values a message was filled from, or undefined for any other text.
 *
 * @example
 * matchMessage('Overlaps 09:00–12:00 on the same day');
 * // { template: 'Overlaps @range on the same day', values: { range: '09:00–12:00' } }
 */
export const matchMessage = templateMatcher(Object.values(availabilityMessages));
