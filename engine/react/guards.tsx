import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AccessRule } from '@schemas/config/routes-config.schema';
import { accessRedirect } from '../core';
import { useLoaderWhile } from './loader';
import { isSignedIn, useSession } from './session';

/**
 * Guards hide the loader this long after the session settles, so pages do not flash.
 *
 * @example
 * useLoaderWhile(loading, GUARD_LOADER_HIDE_DELAY_MS);
 */
export const GUARD_LOADER_HIDE_DELAY_MS = 500;

type LayoutComponent = React.ComponentType<{ children?: ReactNode }>;

/**
 * The guard of one route, as its config declares it. While the session loads it shows the
 * loader; a route needing a user (`signedIn`) sends visitors (and session errors) to
 * `/user/login?redirectTo=…`; a route for visitors only sends signed-in users to its
 * `visitorsOnly.otherwise`; access rules send, on the first failing rule, to its `otherwise`
 * path, `/not-found` (rule marked `notFound`) or `/denied`.
 *
 * With a `layout` the guard draws the layout itself around the page, once the visitor may see
 * it, and shows nothing before (no frame, no loader: the app's own loader covers the first
 * load), so a landing page sends people on without its frame appearing first.
 *
 * @example
 * <RouteGuard signedIn access={[{ flags: ['site_manage'] }]}><Settings /></RouteGuard>
 * <RouteGuard visitorsOnly={{ otherwise: '/dashboard' }} layout={StandardLayout}><Home /></RouteGuard>
 */
export function RouteGuard(p: {
  signedIn?: boolean;
  visitorsOnly?: { otherwise: string } | undefined;
  access?: AccessRule[];
  layout?: LayoutComponent;
  children?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const loading = session.status === 'loading';
  useLoaderWhile(loading && !p.layout, GUARD_LOADER_HIDE_DELAY_MS);

  if (loading) return null;
  if (p.signedIn && (session.status === 'error' || !isSignedIn(session))) {
    const redirectTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate replace to={`/user/login?redirectTo=${redirectTo}`} />;
  }
  if (p.visitorsOnly && isSignedIn(session))
    return <Navigate replace to={p.visitorsOnly.otherwise} />;
  const redirect = accessRedirect(p.access, session.flags);
  if (redirect !== undefined) return <Navigate replace to={redirect} />;
  const Layout = p.layout;
  return Layout ? <Layout>{p.children}</Layout> : <>{p.children}</>;
}
