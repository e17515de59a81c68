import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { HttpError } from '@engine/server';
import { errorResponses } from '../lib/guards';

const nameParamsSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: 64 } },
} as const;

/** Uploaded files, site-absolute under /files, served so that a browser never runs them. */
export const fileRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/files/avatars/:name',
    {
      schema: {
        tags: ['users'],
        summary: 'An uploaded avatar image',
        params: nameParamsSchema,
        response: {
          200: { description: 'The image', type: 'string', format: 'binary' },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const found = await app.avatars.find(request.params.name);
      if (!found) throw new HttpError(404, 'Not found');
      // The 200 schema documents a binary body; a stream is sent as it is, never serialized.
      const body = createReadStream(found.file) as unknown as string;
      return reply
        .header('Content-Type', found.type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );
};
