import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  appearanceAttributes,
  appearanceQuerySchema,
  appearanceSchema,
  type Appearance,
} from '@schemas/entities/appearance.schema';
import { envelope, ok } from '@engine/server';
import { audit, changes } from '../lib/audit';
import { errorResponses, needFlags } from '../lib/guards';

/** Merges an appearance change: colours, roundness and fonts by key, everything else replaced. */
export function mergeAppearance(current: Appearance, change: Appearance): Appearance {
  const merged: Appearance = { ...current, ...change };
  if (change.colors && current.colors) merged.colors = { ...current.colors, ...change.colors };
  if (change.roundness) merged.roundness = { ...current.roundness, ...change.roundness };
  if (change.fonts) merged.fonts = { ...current.fonts, ...change.fonts };
  return merged;
}

/** The site's theme. */
export const appearanceRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/appearance',
    {
      schema: {
        tags: ['appearance'],
        summary: 'The theme: logo, colours, fonts, roundness, favicon, site background',
        querystring: appearanceQuerySchema,
        response: { 200: envelope(appearanceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const appearance = await app.repos.settings.get('appearance');
      const wanted = request.query.attributes?.length
        ? request.query.attributes
        : appearanceAttributes;
      const picked: Record<string, unknown> = {};
      for (const key of wanted) if (appearance[key] !== undefined) picked[key] = appearance[key];
      return ok(picked as Appearance);
    },
  );

  app.post(
    '/settings/storefront/appearance',
    {
      preHandler: needFlags('storefront_manage'),
      schema: {
        tags: ['appearance'],
        summary: 'Change the theme; the body is merged into the stored appearance',
        body: appearanceSchema,
        response: { 200: envelope(appearanceSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await app.repos.transaction(async (repos) => {
          await repos.settings.lock('appearance');
          const before = await repos.settings.get('appearance');
          const merged = mergeAppearance(before, request.body);
          await repos.settings.set('appearance', merged);
          await audit(repos, request, 'appearance.update', 'settings:appearance', {
            ...changes(before, merged),
          });
          return merged;
        }),
      ),
  );
};
