import type { FromSchema } from 'json-schema-to-ts';
import { contentTranslationsSchema, embed } from './common.schema';

/** `GET|PUT content-translations/{source}/{id}` parameters. */
export const contentItemParamsSchema = {
  $id: 'atrium:content-item-params',
  type: 'object',
  required: ['source', 'id'],
  additionalProperties: false,
  properties: {
    source: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 100 },
    id: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

/** Every language's texts of one entity's translatable fields. */
export const contentItemSchema = {
  $id: 'atrium:content-item',
  type: 'object',
  required: ['source', 'id', 'fields', 'translations'],
  additionalProperties: false,
  properties: {
    source: { type: 'string' },
    id: { type: 'string' },
    /** The translatable fields' paths and their default-language texts. */
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    translations: embed(contentTranslationsSchema),
  },
} as const;
export type ContentItem = FromSchema<typeof contentItemSchema>;

/** `PUT content-translations/{source}/{id}`. */
export const contentItemBodySchema = {
  $id: 'atrium:content-item-body',
  type: 'object',
  required: ['translations'],
  additionalProperties: false,
  properties: { translations: embed(contentTranslationsSchema) },
} as const;

/** One field of one entity without a text in a language. */
export const untranslatedContentSchema = {
  $id: 'atrium:untranslated-content',
  type: 'object',
  required: ['source', 'id', 'field', 'text'],
  additionalProperties: false,
  properties: {
    source: { type: 'string' },
    id: { type: 'string' },
    field: { type: 'string' },
    /** The default language's text. */
    text: { type: 'string' },
  },
} as const;
export type UntranslatedContent = FromSchema<typeof untranslatedContentSchema>;

/** A kind of content with translatable fields, and how many of its texts lack a language. */
export const contentSourceCountSchema = {
  $id: 'atrium:content-source-count',
  type: 'object',
  required: ['source', 'label', 'fields', 'untranslated', 'edit_path'],
  additionalProperties: false,
  properties: {
    source: { type: 'string' },
    /** English source of its name, for the interface translation. */
    label: { type: 'string' },
    /** Its fields with a text per language, each with the titles along its path. */
    fields: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'titles'],
        additionalProperties: false,
        properties: {
          field: { type: 'string' },
          /** English sources of the titles, outermost first: `['Image', 'Image description']`. */
          titles: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    untranslated: { type: 'integer', minimum: 0 },
    /** Where it is edited in the portal; `:id` stands for the entity id. Empty: nowhere. */
    edit_path: { type: 'string' },
  },
} as const;

/** `GET translations/{langcode}/content`. */
export const contentUntranslatedSchema = {
  $id: 'atrium:content-untranslated',
  type: 'object',
  required: ['total', 'sources', 'items'],
  additionalProperties: false,
  properties: {
    total: { type: 'integer', minimum: 0 },
    sources: { type: 'array', items: embed(contentSourceCountSchema) },
    /** The first untranslated texts, source by source. */
    items: { type: 'array', items: embed(untranslatedContentSchema) },
  },
} as const;
export type ContentUntranslated = FromSchema<typeof contentUntranslatedSchema>;

/** `PUT translations/{langcode}/content`: texts of some fields in that language. */
export const contentTextsBodySchema = {
  $id: 'atrium:content-texts-body',
  type: 'object',
  required: ['texts'],
  additionalProperties: false,
  properties: {
    texts: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        required: ['source', 'id', 'field', 'text'],
        additionalProperties: false,
        properties: {
          source: { type: 'string', maxLength: 100 },
          id: { type: 'string', minLength: 1, maxLength: 200 },
          field: { type: 'string', minLength: 1, maxLength: 200 },
          text: { type: 'string', maxLength: 20_000 },
        },
      },
    },
  },
} as const;
