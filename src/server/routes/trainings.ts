import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  myTrainingsQuerySchema,
  subscriptionSchema,
  trainingListItemSchema,
  trainingProgressBodySchema,
  trainingSchema,
  trainingsQuerySchema,
  videoOpenedSchema,
} from '@schemas/entities/training.schema';
import {
  learningOverviewQuerySchema,
  learningOverviewSchema,
} from '@schemas/entities/learning-overview.schema';
import {
  arrayEnvelope,
  envelope,
  HttpError,
  listEnvelope,
  ok,
  pageMeta,
  paged,
  idParams,
} from '@engine/server';
import { localizeRows, requestLanguage } from '../lib/content-sources';
import { errorResponses, needFlags, needSignedIn } from '../lib/guards';
import { NOT_FOUND } from '../lib/messages';
import { viewerOf } from '../lib/viewer';

const idParamsSchema = idParams('id');

const recommendedQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 24, default: 6 } },
} as const;

const unsubscribedSchema = {
  type: 'object',
  required: ['subscribed'],
  additionalProperties: false,
  properties: { subscribed: { type: 'boolean', const: false } },
} as const;

/** The training catalogue, the current user's subscriptions and their progress. */
export const trainingRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/trainings',
    {
      schema: {
        tags: ['trainings'],
        summary:
          'Paged catalogue of the trainings the caller may see; tags[] match any term of each vocabulary given',
        querystring: trainingsQuerySchema,
        response: { 200: listEnvelope(trainingListItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 24, sort = 'newest' } = request.query;
      const { rows, total } = await app.repos.trainings.list(viewerOf(request), {
        ...request.query,
        page,
        limit,
        sort,
      });
      return paged(rows, pageMeta(page, limit, total));
    },
  );

  app.get(
    '/trainings/recommended',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['trainings'],
        summary:
          'Trainings not yet subscribed to, ranked by shared tags, then language, then newest',
        querystring: recommendedQuerySchema,
        response: { 200: arrayEnvelope(trainingListItemSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await app.repos.trainings.recommended(viewerOf(request), request.query.limit ?? 6)),
  );

  app.get(
    '/trainings/:id',
    {
      schema: {
        tags: ['trainings'],
        summary: 'One training with its body and videos (404 when the caller may not see it)',
        params: idParamsSchema,
        response: { 200: envelope(trainingSchema), ...errorResponses },
      },
    },
    async (request) => {
      const training = await app.repos.trainings.get(viewerOf(request), request.params.id);
      if (!training) throw new HttpError(404, NOT_FOUND);
      // Its topics, levels and formats are named in the reader's language, as the filters are.
      const tags = await localizeRows(
        app,
        'taxonomy_term',
        training.tags,
        (tag) => tag.tid,
        await requestLanguage(app, request),
      );
      return ok({ ...training, tags });
    },
  );

  app.post(
    '/trainings/:id/subscription',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['trainings'],
        summary: 'Subscribe to a training; subscribing again returns the same subscription',
        params: idParamsSchema,
        response: { 200: envelope(subscriptionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!(await app.repos.trainings.visible(viewer, request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      const before = await app.repos.earning.trainingState(viewer.uid, request.params.id);
      const subscription = await app.repos.subscriptions.subscribe(viewer.uid, request.params.id);
      // The earning rules hear of a first subscription (never fails the request).
      if (before && !before.subscribed)
        await app.events.emit(request.log, 'training_subscribed', viewer.uid, {
          training_id: request.params.id,
          title: before.title,
        });
      return ok(subscription);
    },
  );

  app.delete(
    '/trainings/:id/subscription',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['trainings'],
        summary: 'Unsubscribe from a training (its watched videos are forgotten)',
        params: idParamsSchema,
        response: { 200: envelope(unsubscribedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const removed =
        (await app.repos.trainings.visible(viewer, request.params.id)) &&
        (await app.repos.subscriptions.unsubscribe(viewer.uid, request.params.id));
      if (!removed) throw new HttpError(404, NOT_FOUND);
      return ok({ subscribed: false as const });
    },
  );

  app.post(
    '/trainings/:id/opened_videos',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['trainings'],
        summary:
          'Record that the caller opened one of the training’s videos (the first time counts); marking it watched needs part of its length to pass from then',
        params: idParamsSchema,
        body: trainingProgressBodySchema,
        response: { 200: envelope(videoOpenedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!(await app.repos.trainings.visible(viewer, request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      return ok(
        await app.repos.subscriptions.open(viewer.uid, request.params.id, request.body.video_id),
      );
    },
  );

  app.post(
    '/trainings/:id/progress',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['trainings'],
        summary:
          'Mark one of the training’s videos watched (409 until part of its length has passed since it was opened); all watched completes the training',
        params: idParamsSchema,
        body: trainingProgressBodySchema,
        response: { 200: envelope(subscriptionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!(await app.repos.trainings.visible(viewer, request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      const before = await app.repos.earning.trainingState(viewer.uid, request.params.id);
      const subscription = await app.repos.subscriptions.watch(
        viewer.uid,
        request.params.id,
        request.body.video_id,
      );
      // The earning rules hear of the video, and of the training completed in this request
      // (never fails it).
      if (before) {
        const training = { training_id: request.params.id, title: before.title };
        await app.events.emit(request.log, 'video_watched', viewer.uid, {
          ...training,
          video_id: request.body.video_id,
        });
        if (!before.completed && subscription.completed_at !== null)
          await app.events.emit(request.log, 'training_completed', viewer.uid, training);
      }
      return ok(subscription);
    },
  );

  app.get(
    '/me/trainings',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['trainings'],
        summary:
          "The caller's trainings in progress or completed (the archive), most recent activity first",
        querystring: myTrainingsQuerySchema,
        response: { 200: listEnvelope(trainingListItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { status, page = 0, limit = 12 } = request.query;
      const { rows, total } = await app.repos.subscriptions.mine(viewerOf(request), {
        status,
        page,
        limit,
      });
      return paged(rows, pageMeta(page, limit, total));
    },
  );

  /* ------------------------------------------------------------------ learning overview */

  app.get(
    '/learning/overview',
    {
      // Course administration's landing page shows it: the flag of that area.
      preHandler: needFlags('availability_feature_manage'),
      schema: {
        tags: ['trainings'],
        summary:
          'Subscriptions made and completed per week (UTC) over the last 6 or 12 months, the most subscribed trainings, and subscriptions and completions per taxonomy term',
        querystring: learningOverviewQuerySchema,
        response: { 200: envelope(learningOverviewSchema), ...errorResponses },
      },
    },
    async (request) => {
      const overview = await app.repos.learningOverview.overview(request.query.months ?? 6);
      // Vocabularies and terms are named in the reader's language, as the catalogue's filters are.
      const lang = await requestLanguage(app, request);
      const [vocabularies, topics] = await Promise.all([
        localizeRows(app, 'vocabulary', overview.vocabularies, (v) => v.type, lang),
        localizeRows(app, 'taxonomy_term', overview.topics, (t) => t.tid, lang),
      ]);
      return ok({ ...overview, vocabularies, topics });
    },
  );
};
