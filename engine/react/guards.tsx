import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AccessRule } from '@schemas/config/routes-config.schema';
import { accessRedirect } from '../core';
import { useLoaderWhile } from './loader';
import { isSignedIn, useSession, type SessionValue } from './session';

/**
 * Guards hide the loader this long after the session settles, so pages do not flash.
 *
 * @example
 * useLoaderWhile(loading, GUARD_LOADER_HIDE_DELAY_MS);
 */
export const GUARD_LOADER_HIDE_DELAY_MS = 500;

type LayoutComponent = React.ComponentType<{ children?: ReactNode }>;

/** What a route declares that its guard checks. */
export interface GuardRules {
  signedIn?: boolean;
  visitorsOnly?: { otherwise: string } | undefined;
  access?: AccessRule[];
}

/**
 * What the guard of a route does with a settled session: let it through (`'pass'`), send it to
 * log in (`'log in'`: the route needs a user and there is none, or the session failed), or send
 * it elsewhere (`{ to }`: a signed-in user on a page for visitors only, or a failing access rule).
 * Links to a route show only when this passes, so nobody is offered a page that turns them away.
 *
 * @example
 * guardVerdict({ access: [{ flags: ['site_manage'] }] }, session); // { to: '/denied' } without the flag
 */
export function guardVerdict(
  rules: GuardRules,
  session: SessionValue,
): 'pass' | 'log in' | { to: string } {
  if (rules.signedIn && (session.status === 'error' || !isSignedIn(session))) return 'log in';
  if (rules.visitorsOnly && isSignedIn(session)) return { to: rules.visitorsOnly.otherwise };
  const redirect = accessRedirect(rules.access, session.flags);
  return redirect === undefined ? 'pass' : { to: redirect };
}

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
export function RouteGuard(
  p: GuardRules & {
    layout?: LayoutComponent;
    children?: ReactNode;
  },
) {
  const session = useSession();
  const location = useLocation();
  const loading = session.status === 'loading';
  useLoaderWhile(loading && !p.layout, GUARD_LOADER_HIDE_DELAY_MS);

  if (loading) return null;
  const verdict = guardVerdict(p, session);
  if (verdict === 'log in') {
    const redirectTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate replace to={`/user/login?redirectTo=${redirectTo}`} />;
  }
  if (verdict !== 'pass') return <Navigate replace to={verdict.to} />;
  const Layout = p.layout;
  return Layout ? <Layout>{p.children}</Layout> : <>{p.children}</>;
}
