import type { EarningEventDeclaration } from '../config/rule-type.schema';

const trainingFacts = {
  training_id: { type: 'integer', title: 'Training', minimum: 1 },
  title: { type: 'string', title: 'Training title' },
} as const;

/**
 * The events the server tells the earning rules about, and the facts each carries (their JSON
 * Schema). A rule type (rule-types.ts) names one of them, tests its facts and builds its event
 * key from them, so a new rule type on these events needs no server code. The server emits each
 * where it happens (`app.events.emit`), and checks at start that every rule type names only the
 * events, facts and parameters declared here and there.
 */
export const earningEvents = [
  {
    event: 'signed_in',
    label: 'Signed in',
    description: 'A user signed in with their name and password.',
    facts: {
      type: 'object',
      required: ['day', 'local_day', 'time_zone', 'days_in_a_row', 'streak_start'],
      additionalProperties: false,
      properties: {
        // UTC, as daily logins have always counted their days (their stored event keys).
        day: { type: 'string', format: 'date', title: 'Day (UTC)' },
        // Runs of days count the user's own days: their time zone, else the site's.
        local_day: { type: 'string', format: 'date', title: 'Day in the user’s time zone' },
        time_zone: { type: 'string', title: 'Time zone' },
        days_in_a_row: { type: 'integer', title: 'Days in a row', minimum: 1 },
        streak_start: { type: 'string', format: 'date', title: 'First day in a row' },
      },
    },
  },
  {
    event: 'training_subscribed',
    label: 'Subscribed to a training',
    description: 'A learner subscribed to a training they were not subscribed to.',
    facts: {
      type: 'object',
      required: ['training_id', 'title'],
      additionalProperties: false,
      properties: trainingFacts,
    },
  },
  {
    event: 'video_watched',
    label: 'Video watched',
    description: 'A learner marked a video of a training as watched.',
    facts: {
      type: 'object',
      required: ['training_id', 'title', 'video_id'],
      additionalProperties: false,
      properties: { ...trainingFacts, video_id: { type: 'integer', title: 'Video', minimum: 1 } },
    },
  },
  {
    event: 'training_completed',
    label: 'Training completed',
    description: 'A learner watched the last video of a training they had not completed.',
    facts: {
      type: 'object',
      required: ['training_id', 'title'],
      additionalProperties: false,
      properties: trainingFacts,
    },
  },
  {
    event: 'profile_completed',
    label: 'Profile completed',
    description: 'A user saved their own profile with every field filled in.',
    facts: { type: 'object', additionalProperties: false, properties: {} },
  },
  {
    event: 'purchase_made',
    label: 'Purchase made',
    description: 'A user bought rewards in the shop.',
    facts: {
      type: 'object',
      required: ['order_id', 'points', 'items'],
      additionalProperties: false,
      properties: {
        order_id: { type: 'integer', title: 'Order', minimum: 1 },
        points: { type: 'integer', title: 'Points spent', minimum: 0 },
        items: { type: 'integer', title: 'Items bought', minimum: 1 },
      },
    },
  },
] as const satisfies readonly EarningEventDeclaration[];

/** The key of a declared event. */
export type EarningEvent = (typeof earningEvents)[number]['event'];
