import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { ContentTranslations } from '@engine/core';
import {
  contentItemBodySchema,
  contentItemParamsSchema,
  contentItemSchema,
  contentTextsBodySchema,
  contentUntranslatedSchema,
} from '@schemas/entities/content-translations.schema';
import { langcodeParamsSchema } from '@schemas/entities/site-admin.schema';
import { envelope, HttpError, ok, type FieldMessage } from '@engine/server';
import { audit, changes } from '../lib/audit';
import {
  contentSource,
  mapTexts,
  saveTranslations,
  sourceTexts,
  sourceValue,
  translationProblems,
  translationsOf,
  untranslatedContent,
  type ContentSource,
} from '../lib/content-sources';
import { errorResponses, needFlags } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';
import { sanitizeAdminHtml } from '../lib/sanitize';
import { isHtmlSchema, schemaAtPath } from '@engine/core';

const untranslatedQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 0, maximum: 500, default: 100 } },
} as const;

/** HTML fields keep only what admin HTML may hold, in every language. */
function cleaned(source: ContentSource, translations: ContentTranslations): ContentTranslations {
  return mapTexts(translations, (text, field) =>
    isHtmlSchema(schemaAtPath(source.schema, field)) ? sanitizeAdminHtml(text) : text,
  );
}

/**
 * Texts administrators entered, per site language: every language's texts of one entity, and
 * what each language still lacks.
 */
export const contentTranslationRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/content-translations/:source/:id',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary:
          "Every language's texts of one entity's translatable fields, and its default-language texts",
        params: contentItemParamsSchema,
        response: { 200: envelope(contentItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const source = contentSource(request.params.source);
      const value = source && (await sourceValue(app.repos, source, request.params.id));
      if (!source || !value) throw new HttpError(404, NOT_FOUND);
      return ok({
        source: source.key,
        id: request.params.id,
        fields: sourceTexts(source, value),
        translations: await translationsOf(app.repos, source.key, request.params.id),
      });
    },
  );

  app.put(
    '/content-translations/:source/:id',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary:
          "Save some languages' texts of one entity's translatable fields; an empty text removes one",
        params: contentItemParamsSchema,
        body: contentItemBodySchema,
        response: { 200: envelope(contentItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const source = contentSource(request.params.source);
      const value = source && (await sourceValue(app.repos, source, request.params.id));
      if (!source || !value) throw new HttpError(404, NOT_FOUND);
      if (request.access.flags[source.flag] !== true) throw new HttpError(403, 'Access denied');
      const problems = await translationProblems(
        app.repos,
        source.schema,
        request.body.translations,
      );
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      const { id } = request.params;
      const translations = await app.repos.transaction(async (repos) => {
        const before = await translationsOf(repos, source.key, id);
        await saveTranslations(repos, source.key, id, cleaned(source, request.body.translations));
        const after = await translationsOf(repos, source.key, id);
        await audit(
          repos,
          request,
          'content.translations',
          `${source.key}:${id}`,
          changes(before, after),
        );
        return after;
      });
      return ok({ source: source.key, id, fields: sourceTexts(source, value), translations });
    },
  );

  app.get(
    '/translations/:langcode/content',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary:
          'How many texts administrators entered have no text in this language, per kind of content, and the first of them',
        params: langcodeParamsSchema,
        querystring: untranslatedQuerySchema,
        response: { 200: envelope(contentUntranslatedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { langcode } = request.params;
      if (!(await app.repos.languages.exists(langcode)))
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'langcode', text: 'Not a language of this site' },
        ]);
      return ok(await untranslatedContent(app.repos, langcode, request.query.limit ?? 100));
    },
  );

  app.put(
    '/translations/:langcode/content',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary:
          "Save texts of content in this language, all or none; an empty text removes one (the default language's shows)",
        params: langcodeParamsSchema,
        body: contentTextsBodySchema,
        response: { 200: envelope(contentUntranslatedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { langcode } = request.params;
      const problems: FieldMessage[] = [];
      const byEntity = new Map<
        string,
        { source: ContentSource; id: string; texts: ContentTranslations }
      >();
      for (const [i, item] of request.body.texts.entries()) {
        const source = contentSource(item.source);
        if (!source) {
          problems.push({
            path: `texts[${i}][source]`,
            text: 'Not a kind of content with texts per language',
          });
          continue;
        }
        if (request.access.flags[source.flag] !== true) throw new HttpError(403, 'Access denied');
        if (!(await sourceValue(app.repos, source, item.id))) {
          problems.push({ path: `texts[${i}][id]`, text: NOT_FOUND });
          continue;
        }
        const translations = { [langcode]: { [item.field]: item.text } };
        const at = `texts[${i}]`;
        for (const p of await translationProblems(app.repos, source.schema, translations, at))
          problems.push({
            path:
              p.path === `${at}[${langcode}]`
                ? 'langcode'
                : p.text.startsWith('Not a field')
                  ? `${at}[field]`
                  : `${at}[text]`,
            text: p.text,
          });
        const key = `${source.key}\u0000${item.id}`;
        const entry = byEntity.get(key) ?? { source, id: item.id, texts: { [langcode]: {} } };
        entry.texts[langcode]![item.field] = item.text;
        byEntity.set(key, entry);
      }
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      await app.repos.transaction(async (repos) => {
        for (const { source, id, texts } of byEntity.values())
          await saveTranslations(repos, source.key, id, cleaned(source, texts));
        await audit(repos, request, 'content.translations', `language:${langcode}`, {
          texts: { old: null, new: request.body.texts.length },
        });
      });
      return ok(await untranslatedContent(app.repos, langcode, 100));
    },
  );
};
