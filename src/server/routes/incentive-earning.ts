import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  earningEventCatalogueSchema,
  expiryScheduleInputSchema,
  expiryScheduleSchema,
  leaderboardQuerySchema,
  overviewQuerySchema,
  overviewSchema,
  leaderboardSchema,
  rulesSchema,
  type EarningEventCatalogue,
  type ExpirySchedule,
  type ExpiryScheduleInput,
} from '@schemas/entities/incentives.schema';
import { pageQuerySchema } from '@schemas/entities/common.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import {
  envelope,
  HttpError,
  idParams,
  listEnvelope,
  ok,
  pageMeta,
  paged,
  type FieldMessage,
} from '@engine/server';
import { localizeRows, requestLanguage } from '../lib/content-sources';
import { audit, changes } from '../lib/audit';
import { earningCatalogue, ruleParamProblems } from '../lib/earning-rules';
import { errorResponses, needFlags, needSignedIn } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';

const idParamsSchema = idParams('id');

/** How often the server expires due points while it runs. */
export const EXPIRY_JOB_INTERVAL_MS = 60 * 60_000;

/** How often the server folds what points, awards and orders changed into the overview. */
const OVERVIEW_FOLD_INTERVAL_MS = 15_000;

/** `PATCH incentives/expiry_schedules/{id}`: any of the schedule's fields. */
const schedulePatchSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: expiryScheduleInputSchema.properties,
} as const;

/** `PATCH incentives/leaderboard/me` (not in the contract: one switch). */
const leaderboardOptOutSchema = {
  type: 'object',
  required: ['opt_out'],
  additionalProperties: false,
  properties: { opt_out: { type: 'boolean' } },
} as const;

const optedOutSchema = {
  type: 'object',
  required: ['opted_out'],
  additionalProperties: false,
  properties: { opted_out: { type: 'boolean' } },
} as const;

const expiredSchema = {
  type: 'object',
  required: ['expired'],
  additionalProperties: false,
  properties: { expired: { type: 'integer', minimum: 0 } },
} as const;

/** A schedule as stored: the field its type does not use is cleared; 400 when one is missing. */
function scheduleToStore(input: ExpiryScheduleInput): Required<ExpiryScheduleInput> {
  if (input.type === 'rolling' && !input.months)
    throw new HttpError(400, INVALID_FIELDS, [
      { path: 'months', text: 'Rolling schedules need a number of months' },
    ]);
  if (input.type === 'fixed' && !input.fixed_date)
    throw new HttpError(400, INVALID_FIELDS, [
      { path: 'fixed_date', text: 'Fixed schedules need a date' },
    ]);
  return {
    name: input.name,
    type: input.type,
    months: input.type === 'rolling' ? (input.months ?? null) : null,
    fixed_date: input.type === 'fixed' ? (input.fixed_date ?? null) : null,
    enabled: input.enabled ?? true,
  };
}

/** Earning rules, expiry schedules and their job, and the leaderboard. */
export const incentiveEarningRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { earning } = app.repos;

  /* ------------------------------------------------------------------ rules */

  app.get(
    '/settings/incentives/rules',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary: 'The earning rules: one per declared rule type, and the expiry schedule',
        response: { 200: envelope(rulesSchema), ...errorResponses },
      },
    },
    async () => ok(await earning.rules()),
  );

  app.post(
    '/settings/incentives/rules',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary:
          'Save the earning rules, their parameters and their cheat guard (types, parameters and a guard left out get their defaults); 400 for unknown or repeated types, parameters their type’s schema refuses and unknown schedules',
        body: rulesSchema,
        response: { 200: envelope(rulesSchema), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const problems: FieldMessage[] = [];
      const seen = new Set<string>();
      body.rules.forEach((rule, i) => {
        if (!ruleTypes.some((r) => r.type === rule.type))
          problems.push({ path: `rules[${i}][type]`, text: 'Unknown rule type' });
        else if (seen.has(rule.type))
          problems.push({ path: `rules[${i}][type]`, text: 'This rule type is listed twice' });
        seen.add(rule.type);
      });
      // Each rule's parameters against its type's schema; those left out get their defaults.
      problems.push(...ruleParamProblems(body.rules));
      const scheduleId = body.expiry_schedule_id ?? null;
      if (scheduleId !== null && !(await earning.schedule(scheduleId)))
        problems.push({ path: 'expiry_schedule_id', text: 'Unknown expiry schedule' });
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      const saved = await app.repos.transaction(async (repos) => {
        const before = await repos.earning.rules();
        const after = await repos.earning.saveRules({
          rules: body.rules,
          expiry_schedule_id: scheduleId,
          ...(body.guard ? { guard: body.guard } : {}),
        });
        await audit(repos, request, 'incentives.rules.update', 'settings:incentive_rules', {
          ...changes(
            { expiry_schedule_id: before.expiry_schedule_id },
            { expiry_schedule_id: after.expiry_schedule_id },
          ),
          ...changes(
            Object.fromEntries(before.rules.map((r) => [`rules.${r.type}`, r])),
            Object.fromEntries(after.rules.map((r) => [`rules.${r.type}`, r])),
          ),
          ...changes(
            Object.fromEntries(Object.entries(before.guard).map(([k, v]) => [`guard.${k}`, v])),
            Object.fromEntries(Object.entries(after.guard).map(([k, v]) => [`guard.${k}`, v])),
          ),
        });
        return after;
      });
      return ok(saved);
    },
  );

  const catalogue: EarningEventCatalogue = {
    events: [...earningCatalogue.events.values()].map(({ declaration }) => ({
      event: declaration.event,
      label: declaration.label,
      description: declaration.description,
      facts: { ...declaration.facts },
      rule_types: (earningCatalogue.byEvent.get(declaration.event) ?? []).map(
        (type) => type.declaration.type,
      ),
    })),
  };

  app.get(
    '/settings/incentives/events',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary:
          'The earning events the server emits, the JSON Schema of the facts each carries, and the rule types each feeds',
        response: { 200: envelope(earningEventCatalogueSchema), ...errorResponses },
      },
    },
    async () => ok(catalogue),
  );

  /* ------------------------------------------------------------------ expiry schedules */

  app.get(
    '/incentives/expiry_schedules',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary: 'Expiry schedules, by name, 25 a page',
        querystring: pageQuerySchema,
        response: { 200: listEnvelope(expiryScheduleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 25 } = request.query;
      const { rows, total } = await earning.schedules(page, limit);
      return paged(rows, pageMeta(page, limit, total));
    },
  );

  app.get(
    '/incentives/expiry_schedules/:id',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary: 'One expiry schedule',
        params: idParamsSchema,
        response: { 200: envelope(expiryScheduleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const schedule = await earning.schedule(request.params.id);
      if (!schedule) throw new HttpError(404, NOT_FOUND);
      return ok(schedule);
    },
  );

  app.post(
    '/incentives/expiry_schedules',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary:
          'Create an expiry schedule: rolling (months after earning) or fixed (a date every year)',
        body: expiryScheduleInputSchema,
        response: { 200: envelope(expiryScheduleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const schedule = await app.repos.transaction(async (repos) => {
        const created = await repos.earning.createSchedule(scheduleToStore(request.body));
        await audit(
          repos,
          request,
          'incentives.schedule.create',
          `expiry_schedule:${created.id}`,
          changes(null, created),
        );
        return created;
      });
      return ok(schedule);
    },
  );

  app.patch(
    '/incentives/expiry_schedules/:id',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary: 'Change an expiry schedule (any of its fields)',
        params: idParamsSchema,
        body: schedulePatchSchema,
        response: { 200: envelope(expiryScheduleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const current = await earning.schedule(request.params.id);
      if (!current) throw new HttpError(404, NOT_FOUND);
      const patch = request.body as Partial<ExpiryScheduleInput>;
      const { id: _id, created: _created, ...fields } = current;
      const merged: ExpiryScheduleInput = { ...fields, ...patch };
      const updated = await app.repos.transaction(async (repos) => {
        const saved = await repos.earning.updateSchedule(current.id, scheduleToStore(merged));
        if (!saved) throw new HttpError(404, NOT_FOUND);
        await audit(
          repos,
          request,
          'incentives.schedule.update',
          `expiry_schedule:${current.id}`,
          changes(current, saved),
        );
        return saved;
      });
      return ok(updated);
    },
  );

  app.delete(
    '/incentives/expiry_schedules/:id',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary: 'Delete an expiry schedule; 409 while the earning rules use it',
        params: idParamsSchema,
        response: { 200: envelope(expiryScheduleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const schedule: ExpirySchedule | undefined = await earning.schedule(request.params.id);
      if (!schedule) throw new HttpError(404, NOT_FOUND);
      await app.repos.transaction(async (repos) => {
        const result = await repos.earning.deleteSchedule(schedule.id);
        if (result === 'in_use')
          throw new HttpError(
            409,
            'The earning rules use this expiry schedule. Choose another one for the rules first.',
          );
        if (result === 'missing') throw new HttpError(404, NOT_FOUND);
        await audit(
          repos,
          request,
          'incentives.schedule.delete',
          `expiry_schedule:${schedule.id}`,
          changes(schedule, null),
        );
      });
      return ok(schedule);
    },
  );

  /* ------------------------------------------------------------------ the expiry job */

  const expireDue = (now = new Date()) => app.repos.points.expireDue(now);

  app.post(
    '/incentives/expiry/run',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary: 'Expire every lot of points whose expiry date has passed, now',
        response: { 200: envelope(expiredSchema), ...errorResponses },
      },
    },
    async (request) => {
      const expired = await expireDue();
      await audit(app.repos, request, 'incentives.expiry.run', 'points', { expired });
      return ok({ expired });
    },
  );

  // The same job runs hourly while the server runs, with forgetting past leaderboard periods and
  // keeping the overview's totals (also at start); what changed is folded into those every few
  // seconds. Tests run them on demand instead.
  if (process.env.NODE_ENV !== 'test' && !process.env.VITEST) {
    const timers: NodeJS.Timeout[] = [];
    const keepTotals = () =>
      app.repos.incentivesOverview
        .keepTotals()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'keeping the incentives overview’s totals failed'),
        );
    const foldChanges = () =>
      app.repos.incentivesOverview
        .foldChanges()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'counting the changes into the incentives overview failed'),
        );
    app.addHook('onReady', async () => {
      void keepTotals();
      void foldChanges();
      timers.push(setInterval(() => void foldChanges(), OVERVIEW_FOLD_INTERVAL_MS).unref());
      timers.push(
        setInterval(() => {
          void keepTotals();
          expireDue().then(
            (expired) => {
              if (expired) app.log.info({ expired }, 'points expired');
            },
            (error: unknown) => app.log.error({ err: error }, 'points expiry failed'),
          );
          app.repos.earning
            .forgetOldLeaderboards()
            .catch((error: unknown) =>
              app.log.error({ err: error }, 'forgetting past leaderboard periods failed'),
            );
        }, EXPIRY_JOB_INTERVAL_MS).unref(),
      );
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
    });
  }

  /* ------------------------------------------------------------------ overview */

  app.get(
    '/incentives/overview',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary:
          'Points issued, redeemed and expired per week (UTC) over the last 6 or 12 months, points outstanding and expiring within 30 days, the top rewards and earning rules, and awards held back',
        querystring: overviewQuerySchema,
        response: { 200: envelope(overviewSchema), ...errorResponses },
      },
    },
    async (request) => {
      const overview = await app.repos.incentivesOverview.overview(request.query.months ?? 6);
      // The rewards named as the shop names them in the reader's language.
      const topRewards = await localizeRows(
        app,
        'incentive_product',
        overview.top_rewards,
        (r) => r.product_id,
        await requestLanguage(app, request),
        overviewSchema.properties.top_rewards.items,
      );
      return ok({ ...overview, top_rewards: topRewards });
    },
  );

  /* ------------------------------------------------------------------ leaderboard */

  async function needLeaderboard(): Promise<void> {
    if (!(await app.repos.settings.get('site')).incentives_leaderboard)
      throw new HttpError(404, NOT_FOUND);
  }

  app.get(
    '/incentives/leaderboard',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['incentives'],
        summary:
          'Users ranked by points earned this calendar week or month (site time zone) or all time, and the caller’s place (404 when the leaderboard is off)',
        querystring: leaderboardQuerySchema,
        response: { 200: envelope(leaderboardSchema), ...errorResponses },
      },
    },
    async (request) => {
      await needLeaderboard();
      const { period = 'month', limit = 20 } = request.query;
      return ok(await earning.leaderboard(request.access.uid, period, limit));
    },
  );

  app.patch(
    '/incentives/leaderboard/me',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['incentives'],
        summary: 'Leave the leaderboard or come back to it',
        body: leaderboardOptOutSchema,
        response: { 200: envelope(optedOutSchema), ...errorResponses },
      },
    },
    async (request) => {
      await needLeaderboard();
      return ok({
        opted_out: await earning.setLeaderboardOptOut(request.access.uid, request.body.opt_out),
      });
    },
  );
};
