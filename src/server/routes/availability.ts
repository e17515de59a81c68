import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import {
  availabilityMessages,
  availabilityPatchSchema,
  availabilitySchema,
  availableQuerySchema,
  coverageQuerySchema,
  coverageSchema,
  entryInputSchema,
  entryPatchSchema,
  entrySchema,
  fillMessage,
  overrideInputSchema,
  overrideSchema,
  overviewQuerySchema,
  overviewRowSchema,
  rangeQuerySchema,
  trainerSchema,
  trainersQuerySchema,
  weeklyHoursSchema,
  weeklyInputSchema,
  type Availability,
  type Entry,
  type EntryInput,
  type OverviewRow,
  type Trainer,
} from '@schemas/entities/availability.schema';
import { dateSchema, embed } from '@schemas/entities/common.schema';
import {
  accessMessages,
  envelope,
  HttpError,
  idParams,
  listEnvelope,
  ok,
  paged,
  type FieldMessage,
} from '@engine/server';
import { addDays, localDateOf, wallClockToUtc } from '@engine/core';
import {
  describeRange,
  expandAvailability,
  hoursProblems,
  minutesOf,
} from '../lib/availability-expand';
import { accessCheck, errorResponses, needFlags } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';
import { isTimeZone } from '../lib/time-zone';
import type {
  AvailabilityProfile,
  AvailabilityQueries,
  NewEntry,
} from '../repositories/availability';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest range of the calendar reads, of `available`, and longest one-off entry, in days. */
const MAX_RANGE_DAYS = 100;
const MAX_AVAILABLE_DAYS = 14;
const MAX_COVERAGE_DAYS = 31;
const MAX_ENTRY_DAYS = 366;
const OVERVIEW_PAGE_SIZE = 50;
const SPANS_JOB_INTERVAL_MS = 60 * 60 * 1000;
/** How often the changes of the hourly coverage counts are folded into them. */
const COVER_JOB_INTERVAL_MS = 15 * 1000;

/** The answer of every write a trainer tries while a course administrator has locked it. */
export const LOCKED_MESSAGE = availabilityMessages.locked;

const uidParamsSchema = idParams('uid');
const uidDateParamsSchema = {
  type: 'object',
  required: ['uid', 'date'],
  additionalProperties: false,
  properties: {
    uid: { type: 'integer', minimum: 1 },
    date: embed(dateSchema),
  },
} as const;
const uidIdParamsSchema = {
  type: 'object',
  required: ['uid', 'id'],
  additionalProperties: false,
  properties: {
    uid: { type: 'integer', minimum: 1 },
    id: { type: 'integer', minimum: 1 },
  },
} as const;

/** Answer of `PUT availability/{uid}/weekly`. */
const weeklyAnswerSchema = {
  type: 'object',
  required: ['weekly'],
  additionalProperties: false,
  properties: { weekly: { type: 'array', items: embed(weeklyHoursSchema) } },
} as const;

const deletedResponse = { 204: { type: 'null', description: 'Deleted' } } as const;

interface Range {
  start: string;
  end: string;
}

/** A checked range: `end` after `start`, at most `maxDays` long; 400 with field messages else. */
function rangeOf(query: Range, maxDays: number): Range {
  const start = Date.parse(query.start);
  const end = Date.parse(query.end);
  if (end <= start)
    throw new HttpError(400, INVALID_FIELDS, [
      { path: 'end', text: availabilityMessages.afterStart },
    ]);
  if (end - start > maxDays * DAY_MS)
    throw new HttpError(400, INVALID_FIELDS, [
      { path: 'end', text: fillMessage(availabilityMessages.atMostDays, { days: maxDays }) },
    ]);
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/** Local dates (`YYYY-MM-DD`) from one before to one after the UTC dates of a range: every zone's. */
function widestDates(range: Range): { from: string; to: string } {
  return {
    from: addDays(range.start.slice(0, 10), -1),
    to: addDays(new Date(Date.parse(range.end) - 1).toISOString().slice(0, 10), 1),
  };
}

const manages = (request: FastifyRequest) =>
  request.access.flags.availability_feature_manage === true;

/**
 * Access check of the `{uid}` routes: course administrators act on anyone, trainers on
 * themselves; everyone else gets 403 (401 for visitors). It runs before validation, so the uid
 * is still the raw path param; one that is no number names nobody the trainer may act on.
 */
const needActOn = accessCheck(async function needActOn(request: FastifyRequest): Promise<void> {
  const { access } = request;
  if (!access.signedIn) throw new HttpError(401, accessMessages.unauthorized);
  if (manages(request)) return;
  const uid = Number((request.params as { uid: string }).uid);
  if (access.flags.availability_feature_manage_own === true && access.uid === uid) return;
  throw new HttpError(403, accessMessages.forbidden);
});

function entryProblems(entry: NewEntry): FieldMessage[] {
  const start = Date.parse(entry.start);
  const end = Date.parse(entry.end);
  if (end <= start) return [{ path: 'end', text: availabilityMessages.afterStart }];
  if (end - start > MAX_ENTRY_DAYS * DAY_MS)
    return [
      { path: 'end', text: fillMessage(availabilityMessages.atMostDays, { days: MAX_ENTRY_DAYS }) },
    ];
  return [];
}

function overlapMessage(kind: Entry['kind'], other: Entry, timezone: string): string {
  const template =
    kind === 'time_off' ? availabilityMessages.overlapsTimeOff : availabilityMessages.overlapsExtra;
  return fillMessage(template, { range: describeRange(other.start, other.end, timezone) });
}

/**
 * Checks an entry and writes it inside the trainer's locked transaction: 400 for bad times,
 * 409 (nothing written) when it overlaps another entry of the same kind.
 */
async function writeEntry(
  tx: AvailabilityQueries,
  profile: AvailabilityProfile,
  entry: NewEntry,
  write: (entry: NewEntry) => Promise<Entry | undefined>,
  exceptId?: number,
): Promise<Entry | undefined> {
  const problems = entryProblems(entry);
  if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
  const other = await tx.overlappingEntry(
    profile.uid,
    entry.kind,
    entry.start,
    entry.end,
    exceptId,
  );
  if (other) {
    const message = overlapMessage(entry.kind, other, profile.timezone);
    throw new HttpError(409, message, [{ path: 'start', text: message }]);
  }
  return write(entry);
}

const normalEntry = (input: EntryInput): NewEntry => ({
  kind: input.kind,
  start: new Date(input.start).toISOString(),
  end: new Date(input.end).toISOString(),
  reason: input.reason ?? '',
});

/** Trainer availability calendars: a trainer's own, and the course administrators' overview. */
export const availabilityRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { availability } = app.repos;

  const defaultTimezone = async () => (await app.repos.settings.get('regional')).default_timezone;

  async function trainerOr404(uid: number): Promise<Trainer> {
    const trainer = await availability.trainer(uid);
    if (!trainer) throw new HttpError(404, NOT_FOUND);
    return trainer;
  }

  /** Runs a write in the trainer's locked transaction; 409 while locked, unless managing. */
  async function write<T>(
    request: FastifyRequest,
    uid: number,
    fn: (profile: AvailabilityProfile, tx: AvailabilityQueries) => Promise<T>,
  ): Promise<T> {
    return availability.withProfile(uid, await defaultTimezone(), async (profile, tx) => {
      if (profile.lock && !manages(request)) throw new HttpError(409, LOCKED_MESSAGE);
      return fn(profile, tx);
    });
  }

  /** Everything the calendars show of some trainers in a range, by uid. */
  async function calendars(uids: readonly number[], range: Range) {
    const { from, to } = widestDates(range);
    const [profiles, weekly, overrides, entries] = await Promise.all([
      availability.profiles(uids, await defaultTimezone()),
      availability.weekly(uids),
      availability.overrides(uids, from, to),
      availability.entries(uids, range.start, range.end),
    ]);
    return new Map(
      uids.map((uid) => {
        const profile = profiles.get(uid)!;
        const parts = {
          weekly: weekly.get(uid) ?? [],
          overrides: overrides.get(uid) ?? [],
          entries: entries.get(uid) ?? [],
        };
        const intervals = expandAvailability({
          timezone: profile.timezone,
          ...parts,
          start: range.start,
          end: range.end,
        });
        return [uid, { profile, ...parts, intervals }] as const;
      }),
    );
  }

  async function availabilityOf(
    request: FastifyRequest,
    trainer: Trainer,
    range: Range,
  ): Promise<Availability> {
    const calendar = (await calendars([trainer.uid], range)).get(trainer.uid)!;
    const { profile } = calendar;
    const first = localDateOf(Date.parse(range.start), profile.timezone);
    const last = localDateOf(Date.parse(range.end) - 1, profile.timezone);
    return {
      trainer,
      timezone: profile.timezone,
      lock: profile.lock,
      editable: !profile.lock || manages(request),
      weekly: calendar.weekly,
      overrides: calendar.overrides.filter((o) => o.date >= first && o.date <= last),
      entries: calendar.entries,
      intervals: calendar.intervals,
    };
  }

  /** The week from the start of today in the trainer's time zone (answers of settings writes). */
  async function thisWeek(uid: number): Promise<Range> {
    const profile = (await availability.profiles([uid], await defaultTimezone())).get(uid)!;
    const today = localDateOf(Date.now(), profile.timezone);
    return {
      start: new Date(wallClockToUtc(today, '00:00', profile.timezone)).toISOString(),
      end: new Date(wallClockToUtc(addDays(today, 7), '00:00', profile.timezone)).toISOString(),
    };
  }

  // The stored spans (migration 0024) follow the calendar at start and then hourly, and the
  // hourly coverage counts (migration 0035) take in their changes every few seconds; tests run
  // both on demand instead.
  if (process.env.NODE_ENV !== 'test' && !process.env.VITEST) {
    const timers: NodeJS.Timeout[] = [];
    const roll = () =>
      availability
        .rollSpans()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'moving the availability spans along failed'),
        );
    const fold = () =>
      availability
        .foldCover()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'counting the available trainers per hour failed'),
        );
    app.addHook('onReady', async () => {
      void roll();
      timers.push(
        setInterval(() => void roll(), SPANS_JOB_INTERVAL_MS).unref(),
        setInterval(() => void fold(), COVER_JOB_INTERVAL_MS).unref(),
      );
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
    });
  }

  /* ------------------------------------------------------------------ management */

  app.get(
    '/availability/trainers',
    {
      preHandler: needFlags('availability_feature_manage'),
      schema: {
        tags: ['availability'],
        summary:
          'Trainers by display name, a page at a time by cursor; search finds a fragment of the name',
        querystring: trainersQuerySchema,
        response: { 200: listEnvelope(trainerSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 25, after, before, organization, search } = request.query;
      const { rows, meta } = await availability.trainers(
        { organization, search },
        { page, limit, after, before },
      );
      return paged(rows, meta);
    },
  );

  app.get(
    '/availability',
    {
      preHandler: needFlags('availability_feature_manage'),
      schema: {
        tags: ['availability'],
        summary:
          'Trainers with their available intervals and time off in a range (at most 100 days), by display name, 50 a page',
        querystring: overviewQuerySchema,
        response: { 200: listEnvelope(overviewRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const range = rangeOf(query, MAX_RANGE_DAYS);
      const page = query.page ?? 0;
      const { rows: trainers, meta } = await availability.trainers(
        { organization: query.organization, search: query.search, uids: query.uid },
        { page, limit: OVERVIEW_PAGE_SIZE, after: query.after, before: query.before },
      );
      const byUid = await availability.overview(
        trainers.map((t) => t.uid),
        range,
        await defaultTimezone(),
      );
      const rows = trainers.map((trainer): OverviewRow => {
        const c = byUid.get(trainer.uid)!;
        return {
          trainer,
          timezone: c.profile.timezone,
          lock: c.profile.lock,
          intervals: c.intervals,
          time_off: c.timeOff,
        };
      });
      return paged(rows, meta);
    },
  );

  app.get(
    '/availability/available',
    {
      preHandler: needFlags('availability_feature_manage'),
      schema: {
        tags: ['availability'],
        summary:
          'Trainers available for the whole of a range (at most 14 days), by display name, a page at a time by cursor: to find cover',
        querystring: availableQuerySchema,
        response: { 200: listEnvelope(trainerSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 25, after, before, organization } = request.query;
      const range = rangeOf(request.query, MAX_AVAILABLE_DAYS);
      const { rows, meta } = await availability.trainers(
        { organization },
        { page, limit, after, before },
        range,
      );
      return paged(rows, meta);
    },
  );

  app.get(
    '/availability/coverage',
    {
      preHandler: needFlags('availability_feature_manage'),
      schema: {
        tags: ['availability'],
        summary:
          'How many trainers are available for the whole of each hour of a range (at most 31 days), by weekday and hour in a time zone: where cover is thin',
        querystring: coverageQuerySchema,
        response: { 200: envelope(coverageSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { timezone, organization } = request.query;
      const range = rangeOf(request.query, MAX_COVERAGE_DAYS);
      if (!isTimeZone(timezone))
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'timezone', text: availabilityMessages.unknownTimeZone },
        ]);
      const { trainers, counts } = await availability.coverage(range, timezone, organization);
      return ok({ timezone, trainers, counts });
    },
  );

  /* ------------------------------------------------------------------ one trainer */

  app.get(
    '/availability/:uid',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary:
          "A trainer's availability in a range (at most 100 days): settings, weekly hours, overrides, entries and the available intervals",
        params: uidParamsSchema,
        querystring: rangeQuerySchema,
        response: { 200: envelope(availabilitySchema), ...errorResponses },
      },
    },
    async (request) => {
      const range = rangeOf(request.query, MAX_RANGE_DAYS);
      const trainer = await trainerOr404(request.params.uid);
      return ok(await availabilityOf(request, trainer, range));
    },
  );

  app.patch(
    '/availability/:uid',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary:
          "Change a trainer's time zone, or (course administrators) lock or unlock their availability; answers the coming week",
        params: uidParamsSchema,
        body: availabilityPatchSchema,
        response: { 200: envelope(availabilitySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const patch = request.body;
      const trainer = await trainerOr404(uid);
      if (patch.locked !== undefined && !manages(request))
        throw new HttpError(403, accessMessages.forbidden);
      if (patch.timezone !== undefined && !isTimeZone(patch.timezone))
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'timezone', text: availabilityMessages.unknownTimeZone },
        ]);
      await write(request, uid, async (profile, tx) => {
        if (patch.timezone !== undefined) await tx.setTimezone(uid, patch.timezone);
        if (patch.locked !== undefined && patch.locked !== (profile.lock !== null))
          await tx.setLock(uid, patch.locked ? request.access.uid : null);
      });
      return ok(await availabilityOf(request, trainer, await thisWeek(uid)));
    },
  );

  app.put(
    '/availability/:uid/weekly',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary:
          "Replace a trainer's weekly hours; 400 when hours on one day overlap or end before they start",
        params: uidParamsSchema,
        body: weeklyInputSchema,
        response: { 200: envelope(weeklyAnswerSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      await trainerOr404(uid);
      const hours = request.body.hours;
      const problems = hoursProblems(hours, (h) => h.weekday);
      if (problems.length)
        throw new HttpError(
          400,
          INVALID_FIELDS,
          problems.map((p) => ({ path: `hours[${p.index}][${p.field}]`, text: p.text })),
        );
      const weekly = [...hours].sort(
        (a, b) =>
          a.weekday - b.weekday ||
          minutesOf(a.start) - minutesOf(b.start) ||
          minutesOf(a.end) - minutesOf(b.end),
      );
      await write(request, uid, (_profile, tx) => tx.replaceWeekly(uid, weekly));
      return ok({ weekly });
    },
  );

  app.put(
    '/availability/:uid/overrides/:date',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary:
          'Set the hours of one date instead of its weekly hours (none: a day off); 400 when they overlap',
        params: uidDateParamsSchema,
        body: overrideInputSchema,
        response: { 200: envelope(overrideSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid, date } = request.params;
      await trainerOr404(uid);
      const { intervals, reason = '' } = request.body;
      const problems = hoursProblems(intervals);
      if (problems.length)
        throw new HttpError(
          400,
          INVALID_FIELDS,
          problems.map((p) => ({ path: `intervals[${p.index}][${p.field}]`, text: p.text })),
        );
      const override = {
        date,
        intervals: [...intervals]
          .sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
          .map((h) => ({ start: h.start, end: h.end })),
        reason,
      };
      await write(request, uid, (_profile, tx) => tx.saveOverride(uid, override));
      return ok(override);
    },
  );

  app.delete(
    '/availability/:uid/overrides/:date',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary: 'Remove the override of one date: its weekly hours apply again',
        params: uidDateParamsSchema,
        response: { ...deletedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { uid, date } = request.params;
      await trainerOr404(uid);
      const deleted = await write(request, uid, (_profile, tx) => tx.deleteOverride(uid, date));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/availability/:uid/entries',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary:
          'Add extra hours or time off; 409 (nothing written) when it overlaps another entry of the same kind',
        params: uidParamsSchema,
        body: entryInputSchema,
        response: { 201: envelope(entrySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { uid } = request.params;
      await trainerOr404(uid);
      const entry = await write(request, uid, (profile, tx) =>
        writeEntry(tx, profile, normalEntry(request.body), (e) =>
          tx.createEntry(uid, e, request.access.uid),
        ),
      );
      return reply.code(201).send(ok(entry!));
    },
  );

  app.patch(
    '/availability/:uid/entries/:id',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary:
          'Change an entry (any of its fields); 409 (nothing written) when it would overlap another of the same kind',
        params: uidIdParamsSchema,
        body: entryPatchSchema,
        response: { 200: envelope(entrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid, id } = request.params;
      await trainerOr404(uid);
      const patch = request.body;
      const entry = await write(request, uid, async (profile, tx) => {
        const current = await tx.entry(uid, id);
        if (!current) throw new HttpError(404, NOT_FOUND);
        const merged = normalEntry({
          kind: patch.kind ?? current.kind,
          start: patch.start ?? current.start,
          end: patch.end ?? current.end,
          reason: patch.reason ?? current.reason,
        });
        return writeEntry(tx, profile, merged, (e) => tx.updateEntry(uid, id, e), id);
      });
      if (!entry) throw new HttpError(404, NOT_FOUND);
      return ok(entry);
    },
  );

  app.delete(
    '/availability/:uid/entries/:id',
    {
      preHandler: needActOn,
      schema: {
        tags: ['availability'],
        summary: 'Delete an entry',
        params: uidIdParamsSchema,
        response: { ...deletedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      await trainerOr404(uid);
      const deleted = await write(request, uid, (_profile, tx) => tx.deleteEntry(uid, id));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
