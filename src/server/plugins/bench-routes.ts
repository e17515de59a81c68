import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { envelope, ok } from '@engine/server';

const bareSchema = {
  type: 'object',
  required: ['ok'],
  additionalProperties: false,
  properties: { ok: { type: 'boolean' } },
} as const;

/**
 * Routes that exist only while the server runs for `npm run bench` (`BENCH_ROUTES=1`).
 * `GET /bench/bare` answers a constant without touching the database or the session: the
 * throughput of the HTTP stack alone (the same Fastify instance, security headers and logging),
 * that the API's figures are compared with in the same process. It sits outside `/api/` because
 * the session hook resolves the caller (database queries) for every `/api/` path.
 */
export const benchRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/bench/bare',
    { schema: { hide: true, response: { 200: envelope(bareSchema) } } },
    async () => ok({ ok: true }),
  );
};
