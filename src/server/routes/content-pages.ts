import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  contentPageAdminSchema,
  contentPageBodySchema,
  contentPageKeyParamsSchema,
  contentPageQuerySchema,
  contentPageSchema,
  contentPageVersionParamsSchema,
  contentPageVersionSchema,
} from '@schemas/entities/content-page.schema';
import { envelope, HttpError, ok } from '@engine/server';
import { audit, changes } from '../lib/audit';
import { contentPageOf, CONTENT_PAGES } from '../lib/content-pages';
import { errorResponses, needFlags } from '../lib/guards';
import { sanitizeAdminHtml } from '../lib/sanitize';
import { currentUserOf } from '../lib/site-admin';
import { visitorLanguage } from '../lib/visitor-language';

const NO_SUCH_PAGE = 'There is no such page.';

/**
 * The content pages (about us, contact, privacy policy, terms of use, release notes): read by
 * anyone in their language, written per language by site administrators.
 */
export const contentPageRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const declared = (key: string) => {
    const page = contentPageOf(key);
    if (!page) throw new HttpError(404, NO_SUCH_PAGE);
    return page;
  };

  app.get(
    '/content-pages/:key',
    {
      schema: {
        tags: ['content pages'],
        summary:
          "A content page in the language asked for (else the reader's), or in the site's default language when it has none in that one",
        params: contentPageKeyParamsSchema,
        querystring: contentPageQuerySchema,
        response: { 200: envelope(contentPageSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { key } = declared(request.params.key);
      const { languages, settings, users, contentPages } = app.repos;
      const [langs, regional] = await Promise.all([
        app.cache.get('languages:list', ['languages'], () => languages.list()),
        app.cache.get('settings:regional', ['settings'], () => settings.get('regional')),
      ]);
      const user = request.access.signedIn
        ? await currentUserOf(users, request.access.uid, request.realUid, false)
        : undefined;
      const known = (code: string | null | undefined) =>
        code && langs.some((l) => l.langcode === code) ? code : undefined;
      const language =
        known(request.query.language) ??
        known(user?.language) ??
        visitorLanguage(request, langs, regional.default_language);
      const page = await contentPages.read(key, [language, regional.default_language]);
      if (!page) throw new HttpError(404, NO_SUCH_PAGE);
      void reply.header('Vary', 'Cookie, Accept-Language');
      return ok({
        key,
        language: page.langcode,
        title: page.title,
        body: sanitizeAdminHtml(page.body),
      });
    },
  );

  app.get(
    '/settings/content-pages',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['content pages'],
        summary: 'Every content page with the languages it is written in',
        response: {
          200: envelope({ type: 'array', items: contentPageAdminSchema } as const),
          ...errorResponses,
        },
      },
    },
    async () => {
      const written = await app.repos.contentPages.written();
      return ok(
        CONTENT_PAGES.map((page) => ({
          ...page,
          versions: written
            .filter((row) => row.key === page.key)
            .map((row) => ({
              langcode: row.langcode,
              title: '',
              body: '',
              updated_at: row.updated_at,
            })),
        })),
      );
    },
  );

  app.get(
    '/settings/content-pages/:key',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['content pages'],
        summary: 'A content page with its title and text in every language it is written in',
        params: contentPageKeyParamsSchema,
        response: { 200: envelope(contentPageAdminSchema), ...errorResponses },
      },
    },
    async (request) => {
      const page = declared(request.params.key);
      const versions = await app.repos.contentPages.versions(page.key);
      return ok({ ...page, versions });
    },
  );

  app.put(
    '/settings/content-pages/:key/:langcode',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['content pages'],
        summary: "Write a content page's title and text (HTML, sanitized) in one language",
        params: contentPageVersionParamsSchema,
        body: contentPageBodySchema,
        response: { 200: envelope(contentPageVersionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const page = declared(request.params.key);
      const { langcode } = request.params;
      if (!(await app.repos.languages.get(langcode)))
        throw new HttpError(404, 'This language is not one of the site.');
      const next = {
        title: request.body.title.trim(),
        body: sanitizeAdminHtml(request.body.body),
      };
      return ok(
        await app.repos.transaction(async (repos) => {
          const before = await repos.contentPages.lock(page.key, langcode);
          const after = await repos.contentPages.write(
            page.key,
            langcode,
            next,
            request.realUid ?? request.access.uid,
          );
          await audit(
            repos,
            request,
            'settings.content_page',
            `content_page:${page.key}:${langcode}`,
            changes(before ?? null, next, ['title', 'body']),
          );
          return after;
        }),
      );
    },
  );
};
