import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isAccessCheck } from '../lib/guards';

/** One declared route as the server registered it. */
export interface RouteEntry {
  method: string;
  /** The full path with its prefix, e.g. `/api/v2/users/:uid`. */
  url: string;
  /** The route's access checks in order; they run before its body is read or validated. */
  guards: readonly unknown[];
  /** The route's other preHandlers, which run after validation. */
  preHandlers: readonly unknown[];
  /** The largest body the route reads, in bytes: small unless its access check lets only some in. */
  bodyLimit: number;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, one entry per method, in order. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * The largest body a route anyone may call reads (it has no access check), and any request no
 * route takes: their input is a few short fields, and a larger body would only cost the server
 * time to parse and to refuse, for callers nobody knows. The server is built with it as its
 * default.
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/**
 * The largest body a route with an access check reads (Fastify's default). Its check runs
 * before the body is read, so only callers it lets in get this far.
 */
export const GUARDED_BODY_LIMIT = 1024 * 1024;

const listOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? [...(hooks as unknown[])] : [hooks];

/**
 * Runs every route's access checks as soon as the request is routed, before its body is parsed
 * and its input validated: otherwise a caller without access would get 400 with field messages
 * that describe the route's input, or 415 for a body it may not send at all, instead of
 * 401/403. The checks are declared as preHandlers and moved here to onRequest, in their order
 * and before the route's own onRequest hooks; the auth plugin's global onRequest hook has
 * resolved the caller by then. They read only path params, which are still strings.
 */
function checkAccessFirst(route: RouteOptions): void {
  const declared = listOf(route.preHandler);
  const checks = declared.filter(isAccessCheck);
  if (checks.length === 0) return;
  route.onRequest = [...checks, ...listOf(route.onRequest)] as RouteOptions['onRequest'];
  route.preHandler = declared.filter((h) => !isAccessCheck(h)) as RouteOptions['preHandler'];
}

/**
 * Moves every route's access checks before body parsing and validation, gives the routes with
 * one the larger body limit (the others keep the server's {@link PUBLIC_BODY_LIMIT}), and records
 * every route with its checks and schema, so that access can be checked against what the routes
 * declare (a route added later cannot escape the check by being unknown). Register it before the
 * routes.
 */
export const routeTablePlugin = fp(
  async function routeTable(app: FastifyInstance) {
    const routes: RouteEntry[] = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      checkAccessFirst(route);
      const guards = listOf(route.onRequest).filter(isAccessCheck);
      const preHandlers = listOf(route.preHandler);
      route.bodyLimit ??= guards.length ? GUARDED_BODY_LIMIT : PUBLIC_BODY_LIMIT;
      const { bodyLimit } = route;
      for (const method of [route.method].flat())
        routes.push({
          method,
          url: route.url,
          guards,
          preHandlers,
          bodyLimit,
          schema: route.schema,
        });
    });
  },
  { name: 'route-table' },
);
