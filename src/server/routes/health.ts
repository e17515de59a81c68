import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { envelope, HttpError, ok } from '@engine/server';
import { errorResponses } from '../lib/guards';

const statusSchema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string' } },
} as const;

/** Liveness and readiness probes. */
export const healthRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness probe',
        response: { 200: envelope(statusSchema), ...errorResponses },
      },
    },
    async () => ok({ status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness probe: the database answers',
        response: { 200: envelope(statusSchema), ...errorResponses },
      },
    },
    async () => {
      try {
        await app.db.query('SELECT 1');
      } catch {
        throw new HttpError(503, 'The database is not reachable.');
      }
      return ok({ status: 'ready' });
    },
  );
};
