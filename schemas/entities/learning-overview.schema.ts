import type { FromSchema } from 'json-schema-to-ts';
import { weeklyCounts } from './weekly-counts';

/** The periods the learning overview's weeks cover, in months. */
export const learningOverviewMonths = [6, 12] as const;

export const learningOverviewQuerySchema = {
  $id: 'atrium:learning-overview-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    months: { type: 'integer', enum: learningOverviewMonths, default: 6 },
  },
} as const;
export type LearningOverviewQuery = FromSchema<typeof learningOverviewQuerySchema>;

/** Subscriptions made and completed per week, and the weeks added up. */
const learningWeeks = weeklyCounts(['subscriptions', 'completions']);
/** Subscriptions and how many of them are completed. */
const learningCounts = learningWeeks.totals;

/**
 * `GET learning/overview?months`: subscriptions made and completed per week (Monday, UTC) over
 * the last months; and, of the subscriptions there are, the trainings with the most and how
 * many are completed for each term of each vocabulary (topic). A removed subscription no longer
 * counts anywhere.
 */
export const learningOverviewSchema = {
  $id: 'atrium:learning-overview',
  type: 'object',
  required: ['months', 'weeks', 'totals', 'all_time', 'top_trainings', 'vocabularies', 'topics'],
  additionalProperties: false,
  properties: {
    months: { type: 'integer', enum: learningOverviewMonths },
    ...learningWeeks,
    /** Every subscription there is, whenever it was made, and how many are completed. */
    all_time: learningCounts,
    /** The five trainings with the most subscriptions, most first. */
    top_trainings: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        required: ['training_id', 'title', 'language', ...learningCounts.required],
        additionalProperties: false,
        properties: {
          training_id: { type: 'integer', minimum: 1 },
          title: { type: 'string' },
          /** The language the title is written in. */
          language: { type: 'string' },
          ...learningCounts.properties,
        },
      },
    },
    /** The vocabularies whose terms rate completion, in their order. */
    vocabularies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'name'],
        additionalProperties: false,
        properties: { type: { type: 'string' }, name: { type: 'string' } },
      },
    },
    /**
     * Each term with subscriptions to the trainings it tags: how many and how many completed,
     * by vocabulary, highest completion rate first.
     */
    topics: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tid', 'vocabulary', 'name', ...learningCounts.required],
        additionalProperties: false,
        properties: {
          tid: { type: 'integer', minimum: 1 },
          vocabulary: { type: 'string' },
          name: { type: 'string' },
          ...learningCounts.properties,
        },
      },
    },
  },
} as const;
export type LearningOverview = FromSchema<typeof learningOverviewSchema>;
