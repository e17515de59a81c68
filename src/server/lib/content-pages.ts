import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { flattenRoutes } from '@engine/core';
import routesConfig from '../../../routes.config.json';

/** A content page as routes.config.json declares it: a route of the generic `content-page`. */
export interface ContentPageDeclaration {
  key: string;
  path: string;
  /** The route's English title: the page's name for administrators. */
  name: string;
}

/**
 * Every content page, from the routes with a `content` key (about us, contact, privacy
 * policy…). Adding one is adding such a route; the server then serves and saves it.
 */
export const CONTENT_PAGES: readonly ContentPageDeclaration[] = flattenRoutes(
  routesConfig as RoutesConfig,
).flatMap((route) =>
  route.content
    ? [{ key: route.content, path: route.path, name: route.title ?? route.content }]
    : [],
);

/** The declaration of a content page, or undefined for a key no route declares. */
export const contentPageOf = (key: string) => CONTENT_PAGES.find((page) => page.key === key);
