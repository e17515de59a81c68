import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  languageSchema,
  translationSchema,
  translationsQuerySchema,
} from '@schemas/entities/language.schema';
import { arrayEnvelope, ok } from '@engine/server';
import { errorResponses } from '../lib/guards';

/** Languages and interface translations. */
export const languageRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/languages',
    {
      schema: {
        tags: ['languages'],
        summary: 'Site languages sorted by weight',
        response: { 200: arrayEnvelope(languageSchema), ...errorResponses },
      },
    },
    async () => ok(await app.repos.languages.list()),
  );

  app.get(
    '/translations',
    {
      schema: {
        tags: ['languages'],
        summary: 'Interface translations of one language',
        querystring: translationsQuerySchema,
        response: { 200: arrayEnvelope(translationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const language = request.query.language === 'origin' ? 'en' : request.query.language;
      return ok(
        await app.repos.languages.translations(language, request.query.context ?? 'interface'),
      );
    },
  );
};
