import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { pointsHistoryQuerySchema, pointsHistorySchema } from '@schemas/entities/incentives.schema';
import { walletSchema } from '@schemas/entities/wallet.schema';
import { envelope, ok } from '@engine/server';
import { errorResponses, needSignedIn } from '../lib/guards';

/** Points wallet, and its history. */
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

  app.get(
    '/incentives/wallet/history',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['incentives'],
        summary:
          "The caller's points earned, spent and expired per week (UTC) over the last 6 or 12 months, their balance, and when their points expire",
        querystring: pointsHistoryQuerySchema,
        response: { 200: envelope(pointsHistorySchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await app.repos.pointsHistory.history(request.access.uid, request.query.months ?? 6)),
  );
};
