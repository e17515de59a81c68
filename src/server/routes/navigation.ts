import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { navigationItemSchema, type NavigationItem } from '@schemas/entities/navigation.schema';
import { arrayEnvelope, ok } from '@engine/server';
import { errorResponses, needSignedIn } from '../lib/guards';
import { localizeRows, requestLanguage } from '../lib/content-sources';

/** Sidebar navigation, filtered by the caller's flags and the site switches. */
export const navigationRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/navigation',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['navigation'],
        summary: 'Sidebar items the caller may see',
        response: { 200: arrayEnvelope(navigationItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const [stored, site, lang] = await Promise.all([
        app.repos.navigation.list(),
        app.repos.settings.get('site'),
        requestLanguage(app, request),
      ]);
      const rows = await localizeRows(app, 'navigation_item', stored, (r) => r.id, lang);
      const switches = site as Record<string, unknown>;
      const visible = rows.filter(
        (r) =>
          (r.required_flag === null || request.access.flags[r.required_flag] === true) &&
          (r.required_setting === null || switches[r.required_setting] === true),
      );
      const visibleIds = new Set(visible.map((r) => r.id));
      const items: NavigationItem[] = visible
        .filter((r) => r.parent_id === null || !visibleIds.has(r.parent_id))
        .map((r) => {
          const children = visible
            .filter((c) => c.parent_id === r.id)
            .map((c) => ({ id: c.id, title: c.title, url: c.url }));
          return {
            id: r.id,
            title: r.title,
            url: r.url,
            icon: r.icon,
            ...(children.length ? { children } : {}),
          };
        });
      return ok(items);
    },
  );
};
