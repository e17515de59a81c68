import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  searchMetaSchema,
  searchQuerySchema,
  searchResultSchema,
} from '@schemas/entities/training.schema';
import { pageMeta } from '@engine/server';
import { localizeRows, requestLanguage } from '../lib/content-sources';
import { errorResponses } from '../lib/guards';
import { viewerOf } from '../lib/viewer';

const searchResponseSchema = {
  type: 'object',
  required: ['data', 'meta'],
  additionalProperties: false,
  properties: { data: { type: 'array', items: searchResultSchema }, meta: searchMetaSchema },
} as const;

/** Full-text search over the trainings the caller may see. */
export const searchRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Ranked full-text search with highlighted snippets (<mark> only) and facet counts over the hits (estimated, with meta.estimated, beyond the first 10,000)',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 10 } = request.query;
      const found = await app.repos.search.search(viewerOf(request), {
        ...request.query,
        page,
        limit,
      });
      // Tags, in the facets and on each training, are named in the reader's language.
      const names = new Map<number, string>();
      for (const tag of found.facets.tags) names.set(tag.value, tag.label);
      for (const row of found.rows)
        for (const tag of row.training.tags) names.set(tag.tid, tag.name);
      const named = new Map(
        (
          await localizeRows(
            app,
            'taxonomy_term',
            [...names].map(([tid, name]) => ({ tid, name })),
            (term) => term.tid,
            await requestLanguage(app, request),
          )
        ).map((term) => [term.tid, term.name]),
      );
      const rows = found.rows.map((row) => ({
        ...row,
        training: {
          ...row.training,
          tags: row.training.tags.map((tag) => ({ ...tag, name: named.get(tag.tid) ?? tag.name })),
        },
      }));
      const facets = {
        ...found.facets,
        tags: found.facets.tags.map((tag) => ({
          ...tag,
          label: named.get(tag.value) ?? tag.label,
        })),
      };
      return {
        data: rows,
        meta: {
          ...pageMeta(page, limit, found.total),
          ...(found.estimated ? { estimated: found.estimated } : {}),
          facets,
        },
      };
    },
  );
};
