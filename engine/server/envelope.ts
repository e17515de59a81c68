import type { JSONSchema } from 'json-schema-to-ts';
import { listMetaSchema } from '@schemas/entities/common.schema';

/**
 * Wraps an entity schema in the `{ data }` envelope every answer uses.
 *
 * @example
 * schema: { response: { 200: envelope(reportSchema) } }
 */
export function envelope<const S extends JSONSchema>(data: S) {
  return {
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data },
  } as const;
}

/**
 * Wraps an item schema in the paged list envelope `{ data: [...], meta }`.
 *
 * @example
 * schema: { response: { 200: listEnvelope(organizationSchema) } }
 */
export function listEnvelope<const S extends JSONSchema>(item: S) {
  return {
    type: 'object',
    required: ['data', 'meta'],
    additionalProperties: false,
    properties: { data: { type: 'array', items: item }, meta: listMetaSchema },
  } as const;
}

/**
 * Wraps an item schema in an unpaged list envelope `{ data: [...] }`.
 *
 * @example
 * schema: { response: { 200: arrayEnvelope(languageSchema) } }
 */
export function arrayEnvelope<const S extends JSONSchema>(item: S) {
  return envelope({ type: 'array', items: item } as const);
}

/**
 * Builds the envelope value for one answer.
 *
 * @example
 * return ok(await app.repos.reports.get(id));
 */
export function ok<T>(data: T): { data: T } {
  return { data };
}

/** Paging meta of a list answer; pages count from 0. */
export interface PageMeta {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
}

/**
 * Computes list meta from the page asked for, the page size and the total row count.
 *
 * @example
 * pageMeta(0, 2, 5) // { page: 0, totalPages: 3, total: 5, limit: 2 }
 */
export function pageMeta(page: number, limit: number, total: number): PageMeta {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

/**
 * Builds a paged list answer.
 *
 * @example
 * return paged(rows, pageMeta(query.page, query.limit, total));
 */
export function paged<T>(data: T[], meta: PageMeta): { data: T[]; meta: PageMeta } {
  return { data, meta };
}
