import type { FromSchema } from 'json-schema-to-ts';
import { embed } from './common.schema';

export const organizationSchema = {
  $id: 'atrium:organization',
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
} as const;
export type Organization = FromSchema<typeof organizationSchema>;

export const taxonomyTermSchema = {
  $id: 'atrium:taxonomy-term',
  type: 'object',
  required: ['tid', 'name', 'vocabulary', 'parent', 'weight'],
  additionalProperties: false,
  properties: {
    tid: { type: 'integer', minimum: 1 },
    name: { type: 'string', 'x-translatable': true },
    vocabulary: { type: 'string' },
    parent: { type: ['integer', 'null'] },
    weight: { type: 'integer' },
  },
} as const;
export type TaxonomyTerm = FromSchema<typeof taxonomyTermSchema>;

/** A vocabulary: `type` is its machine name, `taxonomy` its terms. */
export const vocabularySchema = {
  $id: 'atrium:vocabulary',
  type: 'object',
  required: ['type', 'name', 'taxonomy'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    name: { type: 'string', 'x-translatable': true },
    taxonomy: { type: 'array', items: embed(taxonomyTermSchema) },
  },
} as const;
export type Vocabulary = FromSchema<typeof vocabularySchema>;

export const taxonomyTermsQuerySchema = {
  $id: 'atrium:taxonomy-terms-query',
  type: 'object',
  required: ['machine_name'],
  additionalProperties: false,
  properties: {
    machine_name: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    parent: { type: 'integer', minimum: 0 },
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
  },
} as const;
