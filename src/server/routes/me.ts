import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { currentUserSchema, meQuerySchema } from '@schemas/entities/user.schema';
import { envelope, ok } from '@engine/server';
import { errorResponses } from '../lib/guards';
import { currentUserOf } from '../lib/site-admin';

/** The current user. */
export const meRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary:
          'The current user; uid 0 for a visitor. While an administrator masquerades, `real_user` names them',
        querystring: meQuerySchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.access.signedIn) return ok({ uid: 0 });
      const withProfile = request.query.attributes?.includes('profile') ?? false;
      return ok(
        (await currentUserOf(
          app.repos.users,
          request.access.uid,
          request.realUid,
          withProfile,
        )) ?? {
          uid: 0,
        },
      );
    },
  );
};
