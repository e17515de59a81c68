import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { pageQuerySchema } from '@schemas/entities/common.schema';
import {
  organizationSchema,
  taxonomyTermSchema,
  taxonomyTermsQuerySchema,
  vocabularySchema,
} from '@schemas/entities/taxonomy.schema';
import { arrayEnvelope, listEnvelope, ok, pageMeta, paged } from '@engine/server';
import { errorResponses } from '../lib/guards';
import { localizeRows, requestLanguage } from '../lib/content-sources';

/** Organizations, vocabularies and taxonomy terms. */
export const taxonomyRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/organizations',
    {
      schema: {
        tags: ['taxonomy'],
        summary: 'Paged organizations',
        querystring: pageQuerySchema,
        response: { 200: listEnvelope(organizationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const page = request.query.page ?? 0;
      const limit = request.query.limit ?? 25;
      const { rows, total } = await app.repos.taxonomy.organizations(page, limit);
      return paged(rows, pageMeta(page, limit, total));
    },
  );

  app.get(
    '/taxonomy_terms',
    {
      schema: {
        tags: ['taxonomy'],
        summary: 'Paged terms of one vocabulary; parent=0 for top-level terms',
        querystring: taxonomyTermsQuerySchema,
        response: { 200: listEnvelope(taxonomyTermSchema), ...errorResponses },
      },
    },
    async (request) => {
      const page = request.query.page ?? 0;
      const limit = request.query.limit ?? 100;
      const { rows, total } = await app.repos.taxonomy.terms({ ...request.query, page, limit });
      const lang = await requestLanguage(app, request);
      return paged(
        await localizeRows(app, 'taxonomy_term', rows, (r) => r.tid, lang),
        pageMeta(page, limit, total),
      );
    },
  );

  app.get(
    '/vocabularies',
    {
      schema: {
        tags: ['taxonomy'],
        summary: 'Vocabularies with their terms',
        response: { 200: arrayEnvelope(vocabularySchema), ...errorResponses },
      },
    },
    async (request) => {
      const lang = await requestLanguage(app, request);
      const vocabularies = await localizeRows(
        app,
        'vocabulary',
        await app.repos.taxonomy.vocabularies(),
        (v) => v.type,
        lang,
      );
      const terms = await localizeRows(
        app,
        'taxonomy_term',
        vocabularies.flatMap((v) => v.taxonomy),
        (t) => t.tid,
        lang,
      );
      const byTid = new Map(terms.map((t) => [t.tid, t]));
      return ok(
        vocabularies.map((v) => ({ ...v, taxonomy: v.taxonomy.map((t) => byTid.get(t.tid) ?? t) })),
      );
    },
  );
};
