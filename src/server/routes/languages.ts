import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  languageSchema,
  translationSchema,
  translationsQuerySchema,
} from '@schemas/entities/language.schema';
import {
  langcodeParamsSchema,
  languagePatchSchema,
  translationsBodySchema,
  translationsSavedSchema,
} from '@schemas/entities/site-admin.schema';
import { arrayEnvelope, envelope, HttpError, ok, type FieldMessage } from '@engine/server';
import { PG_UNIQUE_VIOLATION, sqlState } from '../db/db';
import { audit, changes, type FieldChange } from '../lib/audit';
import { errorResponses, needFlags } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';
import { addShippedTranslations, shippedTranslationsFile } from '../lib/shipped-translations';

/** The interface's English source strings: the keys of the shipped Arabic translation. */
const CATALOGUE = shippedTranslationsFile('ar');
const INTERFACE = 'interface';

/** Texts of the language-administration answers. */
export const languageMessages = {
  exists: 'This language exists already.',
  origin: 'This code is reserved',
  repeated: 'This source string is listed twice',
};

/** Languages and interface translations. */
export const languageRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  let catalogue: Promise<string[]> | undefined;
  const interfaceStrings = () =>
    (catalogue ??= readFile(CATALOGUE, 'utf8').then((text) =>
      Object.keys(JSON.parse(text) as Record<string, string>).sort(),
    ));

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

  app.post(
    '/languages',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary: 'Add a language (administrators): 201; 409 when the code exists',
        body: languageSchema,
        response: { 201: envelope(languageSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const language = { ...request.body, native_name: request.body.native_name ?? '' };
      if (language.langcode === 'origin')
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'langcode', text: languageMessages.origin },
        ]);
      const exists = () =>
        new HttpError(409, languageMessages.exists, [
          { path: 'langcode', text: languageMessages.exists },
        ]);
      if (await app.repos.languages.exists(language.langcode)) throw exists();
      try {
        await app.repos.transaction(async (repos) => {
          await repos.languages.create(language);
          await addShippedTranslations(repos, [language.langcode]);
          await audit(
            repos,
            request,
            'language.create',
            `language:${language.langcode}`,
            changes(null, language),
          );
        });
      } catch (error) {
        if (sqlState(error) === PG_UNIQUE_VIOLATION) throw exists();
        throw error;
      }
      return reply.code(201).send(ok((await app.repos.languages.get(language.langcode))!));
    },
  );

  app.patch(
    '/languages/:langcode',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary: "Change a language's name, native name, direction or weight (administrators)",
        params: langcodeParamsSchema,
        body: languagePatchSchema,
        response: { 200: envelope(languageSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { langcode } = request.params;
      const updated = await app.repos.transaction(async (repos) => {
        const before = await repos.languages.get(langcode);
        const after = await repos.languages.update(langcode, request.body);
        if (!before || !after) throw new HttpError(404, NOT_FOUND);
        await audit(
          repos,
          request,
          'language.update',
          `language:${langcode}`,
          changes(before, after),
        );
        return after;
      });
      return ok(updated);
    },
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

  app.put(
    '/translations/:langcode',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary:
          'Save interface translations of a language (administrators): each source gets its translation; an empty translation deletes it',
        params: langcodeParamsSchema,
        body: translationsBodySchema,
        response: { 200: envelope(translationsSavedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { langcode } = request.params;
      const problems: FieldMessage[] = [];
      const seen = new Set<string>();
      request.body.translations.forEach((t, i) => {
        if (seen.has(t.source))
          problems.push({ path: `translations[${i}][source]`, text: languageMessages.repeated });
        seen.add(t.source);
      });
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      if (!(await app.repos.languages.exists(langcode))) throw new HttpError(404, NOT_FOUND);
      const result = await app.repos.transaction(async (repos) => {
        const current = new Map(
          (await repos.languages.translations(langcode, INTERFACE)).map((t) => [
            t.source,
            t.translation,
          ]),
        );
        const save: Record<string, string> = {};
        const remove: string[] = [];
        const details: Record<string, FieldChange> = {};
        for (const { source, translation } of request.body.translations) {
          const old = current.get(source) ?? null;
          const next = translation.trim() === '' ? null : translation;
          if (old === next) continue;
          details[source] = { old, new: next };
          if (next === null) remove.push(source);
          else save[source] = next;
        }
        await repos.languages.upsertTranslations(langcode, INTERFACE, save);
        const deleted = await repos.languages.deleteTranslations(langcode, INTERFACE, remove);
        if (Object.keys(details).length)
          await audit(repos, request, 'translations.update', `language:${langcode}`, details);
        return { saved: Object.keys(save).length, deleted };
      });
      return ok(result);
    },
  );

  app.get(
    '/translations/:langcode/untranslated',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['languages'],
        summary:
          'Interface source strings without a translation in the language, alphabetically (administrators)',
        params: langcodeParamsSchema,
        response: { 200: arrayEnvelope({ type: 'string' } as const), ...errorResponses },
      },
    },
    async (request) => {
      const { langcode } = request.params;
      if (!(await app.repos.languages.exists(langcode))) throw new HttpError(404, NOT_FOUND);
      const done = new Set(
        (await app.repos.languages.translations(langcode, INTERFACE)).map((t) => t.source),
      );
      return ok((await interfaceStrings()).filter((source) => !done.has(source)));
    },
  );
};
