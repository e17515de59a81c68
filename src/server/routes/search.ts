import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  searchMetaSchema,
  searchQuerySchema,
  searchResultSchema,
} from '@schemas/entities/training.schema';
import { pageMeta } from '@engine/server';
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
      const { rows, total, estimated, facets } = await app.repos.search.search(viewerOf(request), {
        ...request.query,
        page,
        limit,
      });
      return {
        data: rows,
        meta: { ...pageMeta(page, limit, total), ...(estimated ? { estimated } : {}), facets },
      };
    },
  );
};
