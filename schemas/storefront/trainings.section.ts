import type { FromSchema } from 'json-schema-to-ts';
import {
  allRestrictions,
  sectionAppearanceProperties,
  sectionAppearanceUi,
  sectionSettingsProperties,
  sharedAppearanceDefaults,
  sharedSettingsDefaults,
} from './shared';

/** Where a trainings section takes its trainings from. */
export const trainingsSources = ['all', 'free', 'custom', 'vocabulary'] as const;
/** How it orders them; `personalized` means no ordering by the server. */
export const trainingsSortings = ['newest', 'title', 'personalized'] as const;

/**
 * Trainings: all, the free ones, a custom list of ids, or those tagged with terms of a
 * vocabulary (any of `tags`, or any term of the vocabulary when `tags` is empty); at most
 * `size` of them, shown as a grid or a carousel.
 */
export const trainingsContentSchema = {
  $id: 'atrium:section:trainings:content',
  type: 'object',
  required: ['source', 'size', 'sorting', 'display'],
  additionalProperties: false,
  properties: {
    source: { type: 'string', title: 'Trainings to show', enum: trainingsSources, default: 'all' },
    training_ids: {
      type: 'array',
      title: 'Training ids (for a chosen list)',
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1 },
      default: [],
    },
    vocabulary: {
      type: 'string',
      title: 'Vocabulary (for trainings with tags)',
      maxLength: 64,
      default: '',
    },
    tags: {
      type: 'array',
      title: 'Tag ids',
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1 },
      default: [],
    },
    size: { type: 'integer', title: 'Number of trainings', minimum: 1, maximum: 24, default: 8 },
    sorting: { type: 'string', title: 'Sorting', enum: trainingsSortings, default: 'newest' },
    display: { type: 'string', title: 'Display', enum: ['grid', 'carousel'], default: 'grid' },
  },
} as const;
export type TrainingsContent = FromSchema<typeof trainingsContentSchema>;

export const trainingsSettingsSchema = {
  $id: 'atrium:section:trainings:settings',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...sectionSettingsProperties,
    show_more_link: { type: 'boolean', title: 'Link to the full list', default: true },
  },
} as const;

export const trainingsAppearanceSchema = {
  $id: 'atrium:section:trainings:appearance',
  type: 'object',
  additionalProperties: false,
  properties: sectionAppearanceProperties,
} as const;

export const trainingsSection = {
  type: 'trainings',
  label: 'Trainings',
  renderer: 'trainings',
  lists: 'trainings',
  content: trainingsContentSchema,
  settings: trainingsSettingsSchema,
  appearance: trainingsAppearanceSchema,
  defaults: {
    content: {
      source: 'all',
      training_ids: [],
      vocabulary: '',
      tags: [],
      size: 8,
      sorting: 'newest',
      display: 'grid',
    },
    settings: { ...sharedSettingsDefaults, title: 'Trainings', show_more_link: true },
    appearance: sharedAppearanceDefaults,
  },
  restrictions: allRestrictions,
  ui: {
    content: {
      'ui:order': ['source', 'training_ids', 'vocabulary', 'tags', 'size', 'sorting', 'display'],
      source: {
        'ui:enumNames': ['All trainings', 'Free trainings', 'A chosen list', 'Trainings with tags'],
      },
      sorting: { 'ui:enumNames': ['Newest first', 'By title', 'Personalized (no ordering)'] },
      display: { 'ui:enumNames': ['Grid', 'Carousel'] },
      tags: { 'ui:help': 'Empty: any term of the vocabulary.' },
    },
    appearance: sectionAppearanceUi,
  },
} as const;
