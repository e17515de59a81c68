import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AccessRule } from '@schemas/config/routes-config.schema';
import { checkAccess } from '../core';
import { useLoaderWhile } from './loader';
import { isSignedIn, useSession } from './session';

/**
 * Guards hide the loader this long after the session settles, so pages do not flash.
 *
 * @example
 * useLoaderWhile(loading, GUARD_LOADER_HIDE_DELAY_MS);
 */
export const GUARD_LOADER_HIDE_DELAY_MS = 500;

/**
 * Protected-area and feature guard of one route: while the session loads it shows the loader;
 * a route needing a user sends visitors (and session errors) to `/user/login?redirectTo=…`;
 * access rules go, on the first failing rule, to `/not-found` (rule marked `notFound`) or
 * `/denied`.
 *
 * @example
 * <RouteGuard signedIn access={[{ flags: ['incentives_shop'] }]}><Shop /></RouteGuard>
 */
export function RouteGuard(p: { signedIn?: boolean; access?: AccessRule[]; children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const loading = session.status === 'loading';
  useLoaderWhile(loading, GUARD_LOADER_HIDE_DELAY_MS);

  if (loading) return null;
  if (p.signedIn && (session.status === 'error' || !isSignedIn(session))) {
    const redirectTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate replace to={`/user/login?redirectTo=${redirectTo}`} />;
  }
  const access = checkAccess(p.access, session.flags);
  if (access === 'not-found') return <Navigate replace to="/not-found" />;
  if (access === 'denied') return <Navigate replace to="/denied" />;
  return <>{p.children}</>;
}

/**
 * Public storefront landing: signed-in users go to `/dashboard`; nothing is shown while the
 * session loads; with the catalogue or storefront page off visitors go to `/user/login`;
 * otherwise the page is shown in the given layout.
 *
 * @example
 * <PublicStorefrontGuard layout={StandardLayout}><Home /></PublicStorefrontGuard>
 */
export function PublicStorefrontGuard(p: {
  layout: React.ComponentType<{ children?: ReactNode }>;
  children?: ReactNode;
}) {
  const session = useSession();
  const Layout = p.layout;
  if (session.status === 'loading') return null;
  if (isSignedIn(session)) return <Navigate replace to="/dashboard" />;
  if (!session.catalogEnabled) return <Navigate replace to="/user/login" />;
  return <Layout>{p.children}</Layout>;
}
