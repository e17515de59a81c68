import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { envelope, HttpError, ok } from '@engine/server';
import { errorResponses } from '../lib/guards';
import { LANGUAGE_COOKIE } from '../lib/visitor-language';
import { COOKIES_AGREED_COOKIE } from './settings';

const chooseLanguageParamsSchema = {
  type: 'object',
  required: ['langcode'],
  additionalProperties: false,
  properties: { langcode: { type: 'string', minLength: 2, maxLength: 20 } },
} as const;

const chooseLanguageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { destination: { type: 'string', maxLength: 2000 } },
} as const;

/** A path on this site to go back to: `/` unless it is one (not `//host` nor `/\\host`). */
const pathOnSite = (destination: string | undefined) =>
  destination && /^\/(?![/\\])/.test(destination) ? destination : '/';

/** `ajax=true` as the client sends it; an empty body is accepted too. */
const agreeBodySchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { ajax: { type: 'boolean' } },
} as const;

const agreedSchema = {
  type: 'object',
  required: ['agreed'],
  additionalProperties: false,
  properties: { agreed: { type: 'boolean' } },
} as const;

/** Site-absolute `/system/ajax/*` endpoints. */
export const systemRoutes = (options: { production: boolean }): FastifyPluginAsyncJsonSchemaToTs =>
  async function system(app) {
    app.post(
      '/system/ajax/cookies-disclaimer/agree',
      {
        schema: {
          tags: ['settings'],
          summary: 'Agree to the current cookie disclaimer (remembered per browser and per user)',
          body: agreeBodySchema,
          response: { 200: envelope(agreedSchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { version } = await app.repos.settings.get('cookie_disclaimer');
        if (request.access.signedIn)
          await app.repos.settings.agreeToCookies(request.access.uid, version);
        void reply.setCookie(COOKIES_AGREED_COOKIE, String(version), {
          path: '/',
          sameSite: 'lax',
          httpOnly: true,
          secure: options.production,
          maxAge: 365 * 24 * 60 * 60,
        });
        return ok({ agreed: true });
      },
    );

    app.get(
      '/system/language/:langcode',
      {
        schema: {
          tags: ['settings'],
          summary:
            "A visitor's choice of language, kept in a cookie; then back to the page they were on (a plain link, so it works before any script runs)",
          params: chooseLanguageParamsSchema,
          querystring: chooseLanguageQuerySchema,
          response: {
            303: { description: 'Back to the page, in the chosen language', type: 'null' },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { langcode } = request.params;
        if (!(await app.repos.languages.get(langcode)))
          throw new HttpError(404, 'This language is not one of the site.');
        void reply.setCookie(LANGUAGE_COOKIE, langcode, {
          path: '/',
          sameSite: 'lax',
          httpOnly: true,
          secure: options.production,
          maxAge: 365 * 24 * 60 * 60,
        });
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(pathOnSite(request.query.destination), 303);
      },
    );
  };
