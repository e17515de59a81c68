import type { FromSchema } from 'json-schema-to-ts';

/** Error body of every 4xx/5xx answer. `messages[].path` uses bracket notation (`sections[0][title]`). */
export const errorSchema = {
  $id: 'atrium:error',
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'text'],
        additionalProperties: false,
        properties: { path: { type: 'string' }, text: { type: 'string' } },
      },
    },
  },
} as const;
export type ApiError = FromSchema<typeof errorSchema>;

/** `meta` of every paged list. Pages count from 0. */
export const listMetaSchema = {
  $id: 'atrium:list-meta',
  type: 'object',
  required: ['page', 'totalPages', 'total', 'limit'],
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 0 },
    totalPages: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1 },
    isLastPage: { type: 'boolean' },
  },
} as const;
export type ListMeta = FromSchema<typeof listMetaSchema>;

/** Paging query shared by list endpoints. */
export const pageQuerySchema = {
  $id: 'atrium:page-query',
  type: 'object',
  additionalProperties: true,
  properties: {
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
  },
} as const;
export type PageQuery = FromSchema<typeof pageQuerySchema>;

/** A link with a title, as used in the footer. */
export const titledLinkSchema = {
  $id: 'atrium:titled-link',
  type: 'object',
  required: ['title', 'url'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', maxLength: 200 },
    url: { type: 'string', maxLength: 2048 },
  },
} as const;
export type TitledLink = FromSchema<typeof titledLinkSchema>;

/**
 * A schema to nest inside another: the same shape without its `$id`, so one validator can hold
 * both the standalone schema and the one that nests it.
 */
export function embed<S extends { readonly $id: string }>(schema: S): Omit<S, '$id'> {
  const { $id: _id, ...shape } = schema;
  return shape;
}
