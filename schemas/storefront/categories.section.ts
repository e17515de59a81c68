import type { FromSchema } from 'json-schema-to-ts';
import {
  allRestrictions,
  sectionAppearanceProperties,
  sectionAppearanceUi,
  sectionSettingsProperties,
  sharedAppearanceDefaults,
  sharedSettingsDefaults,
} from './shared';

/** Categories: chosen terms of one vocabulary, each linking to the trainings tagged with it. */
export const categoriesContentSchema = {
  $id: 'atrium:section:categories:content',
  type: 'object',
  required: ['vocabulary', 'terms'],
  additionalProperties: false,
  properties: {
    vocabulary: {
      type: 'string',
      title: 'Vocabulary',
      pattern: '^([a-z][a-z0-9_]*)?$',
      maxLength: 64,
    },
    terms: {
      type: 'array',
      title: 'Term ids',
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1 },
      default: [],
    },
  },
} as const;
export type CategoriesContent = FromSchema<typeof categoriesContentSchema>;

export const categoriesSettingsSchema = {
  $id: 'atrium:section:categories:settings',
  type: 'object',
  additionalProperties: false,
  properties: sectionSettingsProperties,
} as const;

export const categoriesAppearanceSchema = {
  $id: 'atrium:section:categories:appearance',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...sectionAppearanceProperties,
    columns: { type: 'integer', title: 'Columns', minimum: 1, maximum: 6, default: 4 },
  },
} as const;

export const categoriesSection = {
  type: 'categories',
  label: 'Categories',
  renderer: 'categories',
  // The first page shows the chosen terms' names, so it loads the vocabulary's terms with it.
  prefetch: ['vocabulary_terms'],
  content: categoriesContentSchema,
  settings: categoriesSettingsSchema,
  appearance: categoriesAppearanceSchema,
  defaults: {
    content: { vocabulary: '', terms: [] },
    settings: { ...sharedSettingsDefaults, title: 'Categories' },
    appearance: { ...sharedAppearanceDefaults, columns: 4 },
  },
  restrictions: allRestrictions,
  ui: { appearance: sectionAppearanceUi },
} as const;
