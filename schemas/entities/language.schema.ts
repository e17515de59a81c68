import type { FromSchema } from 'json-schema-to-ts';

/** A site language. `direction` truthy means right-to-left. Lists are sorted by weight. */
export const languageSchema = {
  $id: 'atrium:language',
  type: 'object',
  required: ['langcode', 'name', 'direction', 'weight'],
  additionalProperties: false,
  properties: {
    langcode: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$|^origin$' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    native_name: { type: 'string', maxLength: 100 },
    direction: { type: 'integer', enum: [0, 1] },
    weight: { type: 'integer' },
  },
} as const;
export type Language = FromSchema<typeof languageSchema>;

/** One interface translation: English source string -> translation. */
export const translationSchema = {
  $id: 'atrium:translation',
  type: 'object',
  required: ['source', 'translation'],
  additionalProperties: false,
  properties: {
    source: { type: 'string', minLength: 1, maxLength: 2000 },
    translation: { type: 'string', maxLength: 2000 },
  },
} as const;
export type Translation = FromSchema<typeof translationSchema>;

export const translationsQuerySchema = {
  $id: 'atrium:translations-query',
  type: 'object',
  required: ['language'],
  additionalProperties: false,
  properties: {
    context: { type: 'string', enum: ['interface'], default: 'interface' },
    language: { type: 'string', minLength: 2, maxLength: 20 },
  },
} as const;
