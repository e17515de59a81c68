import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { envelope, ok } from '@engine/server';
import { errorResponses } from '../lib/guards';
import { COOKIES_AGREED_COOKIE } from './settings';

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
  };
