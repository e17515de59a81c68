import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { walletSchema } from '@schemas/entities/wallet.schema';
import { envelope, ok } from '@engine/server';
import { errorResponses, needSignedIn } from '../lib/guards';

/** Points wallet. */
export const incentivesRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/incentives/wallet',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['incentives'],
        summary: "The caller's points balance",
        response: { 200: envelope(walletSchema), ...errorResponses },
      },
    },
    async (request) => ok(await app.repos.points.wallet(request.access.uid)),
  );
};
