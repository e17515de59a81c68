import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { flattenRoutes } from '@engine/core';
import routesConfig from '../../../routes.config.json';

/** The HTTP status of a page by its page key: the error pages say what they are. */
const PAGE_STATUS: Readonly<Record<string, number>> = { 'not-found': 404, denied: 403 };

/** A route path as a pattern: `:param` segments match any one segment. */
function pattern(routePath: string): { test: (path: string) => boolean; fixed: number } {
  const segments = routePath.split('/').filter(Boolean);
  const source = segments
    .map((s) => (s.startsWith(':') ? '/[^/]+' : `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  const re = new RegExp(`^${source || '/'}/?$`);
  return { test: (p) => re.test(p), fixed: segments.filter((s) => !s.startsWith(':')).length };
}

const routes = flattenRoutes(routesConfig as RoutesConfig)
  .filter((r): r is typeof r & { page: string } => r.page !== undefined && !r.path.includes('*'))
  .map((r) => ({ ...pattern(r.path), page: r.page }))
  // A route with more fixed segments wins (`/incentives/purchase-success` over
  // `/incentives/:productId`), as in the client's router.
  .sort((a, b) => b.fixed - a.fixed);

/**
 * The HTTP status of the portal's page at a request path, from routes.config.json: 404 when no
 * declared page matches it (the router's catch-all shows the not-found page) or it is the
 * not-found page itself, 403 for the denied page, 200 for every other declared page.
 *
 * @example
 * pageStatus('/trainings/12'); // 200
 * pageStatus('/no/such/page'); // 404
 */
export function pageStatus(path: string): number {
  const route = routes.find((r) => r.test(path));
  return route ? (PAGE_STATUS[route.page] ?? 200) : 404;
}
