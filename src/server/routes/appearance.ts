import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import {
  appearanceAttributes,
  appearanceDefaults,
  appearanceQuerySchema,
  appearanceSchema,
  type Appearance,
} from '@schemas/entities/appearance.schema';
import { declaredThemeValues } from '@engine/core';
import { envelope, ok } from '@engine/server';
import { audit, changes } from '../lib/audit';
import { errorResponses, needFlags } from '../lib/guards';
import type { Repositories } from '../repositories/create-repositories';

/**
 * The stored appearance as it may be served and changed: only the colours and radii the schema
 * declares, each with a value it accepts, and a default for a required colour without one. A
 * theme saved before keys and values were checked is served, and saved again, without the rest.
 */
function declaredAppearance(stored: Appearance): Appearance {
  const { colors, roundness } = declaredThemeValues(stored);
  return {
    ...stored,
    ...(stored.colors ? { colors: { ...appearanceDefaults.colors, ...colors } } : {}),
    ...(stored.roundness ? { roundness } : {}),
  };
}

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
  /**
   * Changes the stored appearance under its lock and audits what changed, in one transaction;
   * answers the appearance as stored afterwards.
   */
  const changeAppearance = (
    request: FastifyRequest,
    action: string,
    change: (repos: Repositories, before: Appearance) => Promise<void>,
  ): Promise<Appearance> =>
    app.repos.transaction(async (repos) => {
      await repos.settings.lock('appearance');
      const before = await repos.settings.get('appearance');
      await change(repos, before);
      const after = await repos.settings.get('appearance');
      await audit(repos, request, action, 'settings:appearance', { ...changes(before, after) });
      return after;
    });

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
      const appearance = declaredAppearance(await app.repos.settings.get('appearance'));
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
        await changeAppearance(request, 'appearance.update', async (repos, before) => {
          const merged = mergeAppearance(declaredAppearance(before), request.body);
          await repos.settings.set('appearance', merged);
        }),
      ),
  );

  app.delete(
    '/settings/storefront/appearance',
    {
      preHandler: needFlags('storefront_manage'),
      schema: {
        tags: ['appearance'],
        summary:
          'Reset the theme to the defaults: the saved appearance is removed and the defaults answered',
        response: { 200: envelope(appearanceSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await changeAppearance(request, 'appearance.reset', (repos) =>
          repos.settings.remove('appearance'),
        ),
      ),
  );
};
