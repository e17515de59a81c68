import type { FromSchema } from 'json-schema-to-ts';
import { embed, instantSchema, listMetaSchema } from './common.schema';

const instant = embed(instantSchema);

/** A taxonomy term as attached to a training. */
export const trainingTagSchema = {
  $id: 'atrium:training-tag',
  type: 'object',
  required: ['tid', 'name', 'vocabulary'],
  additionalProperties: false,
  properties: {
    tid: { type: 'integer' },
    name: { type: 'string' },
    vocabulary: { type: 'string' },
  },
} as const;

/** The current user's enrolment in a training; `null` when not subscribed. */
export const subscriptionSchema = {
  $id: 'atrium:subscription',
  type: 'object',
  required: ['status', 'progress', 'subscribed_at', 'completed_at', 'watched_videos'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['in_progress', 'completed'] },
    /** Percent of the training's videos watched, 0-100. */
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    subscribed_at: instant,
    completed_at: { anyOf: [instant, { type: 'null' }] },
    watched_videos: { type: 'array', items: { type: 'integer' } },
  },
} as const;
export type Subscription = FromSchema<typeof subscriptionSchema>;

/** One training in lists (catalogue, dashboard, search): no body, no videos. */
export const trainingListItemSchema = {
  $id: 'atrium:training-list-item',
  type: 'object',
  required: [
    'id',
    'title',
    'summary',
    'image',
    'language',
    'free',
    'price',
    'duration_minutes',
    'video_count',
    'tags',
    'organizations',
    'created',
    'updated',
    'subscription',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    title: { type: 'string' },
    summary: { type: 'string' },
    image: {
      type: 'object',
      required: ['url', 'alt'],
      additionalProperties: false,
      properties: { url: { type: 'string' }, alt: { type: 'string' } },
    },
    language: { type: 'string' },
    free: { type: 'boolean' },
    /** Price in the site currency for paid trainings; null when free. */
    price: { type: ['number', 'null'], minimum: 0 },
    duration_minutes: { type: 'integer', minimum: 0 },
    video_count: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: embed(trainingTagSchema) },
    organizations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
    created: instant,
    updated: instant,
    subscription: { anyOf: [embed(subscriptionSchema), { type: 'null' }] },
  },
} as const;
export type TrainingListItem = FromSchema<typeof trainingListItemSchema>;

export const trainingVideoSchema = {
  $id: 'atrium:training-video',
  type: 'object',
  required: ['id', 'title', 'url', 'duration_seconds', 'position'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    title: { type: 'string' },
    url: { type: 'string' },
    duration_seconds: { type: 'integer', minimum: 0 },
    position: { type: 'integer', minimum: 0 },
  },
} as const;
export type TrainingVideo = FromSchema<typeof trainingVideoSchema>;

/** `GET trainings/{id}`: a list item plus the sanitized HTML body and the videos in order. */
export const trainingSchema = {
  $id: 'atrium:training',
  type: 'object',
  required: [...trainingListItemSchema.required, 'body', 'videos'],
  additionalProperties: false,
  properties: {
    ...trainingListItemSchema.properties,
    body: { type: 'string' },
    videos: { type: 'array', items: embed(trainingVideoSchema) },
  },
} as const;
export type Training = FromSchema<typeof trainingSchema>;

/** `GET trainings`: the catalogue, filtered and paged. Array filters use brackets (`tags[]=3`). */
export const trainingsQuerySchema = {
  $id: 'atrium:trainings-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 24 },
    tags: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 20 },
    language: { type: 'string', maxLength: 20 },
    free: { type: 'boolean' },
    ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 100 },
    sort: { type: 'string', enum: ['newest', 'title', 'personalized'], default: 'newest' },
  },
} as const;
export type TrainingsQuery = FromSchema<typeof trainingsQuerySchema>;

/** `GET me/trainings`: the current user's subscriptions; `completed` is the archive. */
export const myTrainingsQuerySchema = {
  $id: 'atrium:my-trainings-query',
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['in_progress', 'completed'] },
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 12 },
  },
} as const;

/** `POST trainings/{id}/progress`: marks one of the training's videos as watched. */
export const trainingProgressBodySchema = {
  $id: 'atrium:training-progress-body',
  type: 'object',
  required: ['video_id'],
  additionalProperties: false,
  properties: { video_id: { type: 'integer', minimum: 1 } },
} as const;
export type TrainingProgressBody = FromSchema<typeof trainingProgressBodySchema>;

/**
 * `POST trainings/{id}/opened_videos` (body: `trainingProgressBodySchema`): the caller opened one
 * of the training's videos. The first opening counts: marking the video watched needs part of
 * its length to have passed since (the rules' `min_watch_percent`).
 */
export const videoOpenedSchema = {
  $id: 'atrium:video-opened',
  type: 'object',
  required: ['video_id', 'opened_at'],
  additionalProperties: false,
  properties: { video_id: { type: 'integer', minimum: 1 }, opened_at: instant },
} as const;
export type VideoOpened = FromSchema<typeof videoOpenedSchema>;

/** `GET search`: full-text search over trainings the user may see. */
export const searchQuerySchema = {
  $id: 'atrium:search-query',
  type: 'object',
  required: ['s'],
  additionalProperties: false,
  properties: {
    s: { type: 'string', minLength: 1, maxLength: 200 },
    tags: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 20 },
    language: { type: 'string', maxLength: 20 },
    free: { type: 'boolean' },
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
} as const;
export type SearchQuery = FromSchema<typeof searchQuerySchema>;

const facetCount = (value: object) =>
  ({
    type: 'array',
    items: {
      type: 'object',
      required: ['value', 'label', 'count'],
      additionalProperties: false,
      properties: { value, label: { type: 'string' }, count: { type: 'integer', minimum: 0 } },
    },
  }) as const;

/** One search hit: the training, its rank and a snippet whose only markup is `<mark>`. */
export const searchResultSchema = {
  $id: 'atrium:search-result',
  type: 'object',
  required: ['training', 'rank', 'title_html', 'snippet'],
  additionalProperties: false,
  properties: {
    training: embed(trainingListItemSchema),
    rank: { type: 'number' },
    /** The training's title, HTML-escaped, with the matched words wrapped in `<mark>…</mark>`. */
    title_html: { type: 'string' },
    /** HTML-escaped text with the matched words wrapped in `<mark>…</mark>`. */
    snippet: { type: 'string' },
  },
} as const;
export type SearchResult = FromSchema<typeof searchResultSchema>;

/**
 * `meta` of a search: paging plus facet counts over the hits (before the facet's own filter). A
 * search matching very many trainings counts a first part of them: `estimated` then says the
 * total and the counts are estimates.
 */
export const searchMetaSchema = {
  $id: 'atrium:search-meta',
  type: 'object',
  required: [...listMetaSchema.required, 'facets'],
  additionalProperties: false,
  properties: {
    ...listMetaSchema.properties,
    facets: {
      type: 'object',
      required: ['tags', 'language', 'free'],
      additionalProperties: false,
      properties: {
        tags: {
          type: 'array',
          items: {
            type: 'object',
            required: ['value', 'label', 'vocabulary', 'count'],
            additionalProperties: false,
            properties: {
              value: { type: 'integer' },
              label: { type: 'string' },
              vocabulary: { type: 'string' },
              count: { type: 'integer', minimum: 0 },
            },
          },
        },
        language: facetCount({ type: 'string' }),
        free: facetCount({ type: 'boolean' }),
      },
    },
  },
} as const;
export type SearchMeta = FromSchema<typeof searchMetaSchema>;
