import { Component, createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  matchRoutes,
  NavigationType,
  UNSAFE_createBrowserHistory,
  UNSAFE_DataRouterStateContext,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import type { RouteHandle } from './routes';

/**
 * The router of the portal is react-router's component mode (a history and `useRoutes`), not its
 * data router: the portal uses none of its loaders or actions, and the data router is about
 * 17 KB (gzip) more of every first load. What the portal took from it is here: the matched
 * routes with their `handle` ({@link useRouteMatches}), blocking a navigation
 * (`useNavigationBlocker`, in ./navigation-blocker), and an error element for the routes
 * ({@link RouteErrorBoundary}).
 * Each also works under a data router (`createMemoryRouter`, as component tests use).
 */

/** One matched route, outermost first: the part of the address it matched and its `handle`. */
export interface RouteMatchInfo {
  pathname: string;
  handle: RouteHandle | undefined;
}

const RouteMatchesContext = createContext<RouteMatchInfo[] | null>(null);

/** The matched routes of the current address, outermost first, with their `handle`. */
export function useRouteMatches(): RouteMatchInfo[] {
  const own = useContext(RouteMatchesContext);
  const data = useContext(UNSAFE_DataRouterStateContext);
  const dataMatches = data?.matches;
  return useMemo(
    () =>
      own ??
      (dataMatches ?? []).map((match) => ({
        pathname: match.pathname,
        handle: match.route.handle as RouteHandle | undefined,
      })),
    [own, dataMatches],
  );
}

/**
 * The matched routes of `pathname` in `routes`, outermost first (empty when none matches): what
 * {@link useRouteMatches} gives, for use outside rendering (which page's code to load first).
 *
 * @example
 * const page = routeMatches(routes, location.pathname).at(-1)?.handle?.page;
 */
export function routeMatches(routes: RouteObject[], pathname: string): RouteMatchInfo[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => ({
    pathname: match.pathname,
    handle: match.route.handle as RouteHandle | undefined,
  }));
}

/**
 * Renders the route of the current address from `routes` (built by `createRoutes`) and gives the
 * matched routes to {@link useRouteMatches}. Put it under a router: {@link BlockingBrowserRouter}
 * in the browser, `StaticRouter` on the server.
 *
 * @example
 * <BlockingBrowserRouter history={history}><RouteTree routes={routes} /></BlockingBrowserRouter>
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = useMemo(
    () => routeMatches(routes, location.pathname),
    [routes, location.pathname],
  );
  const element = useRoutes(routes, location);
  return <RouteMatchesContext.Provider value={matches}>{element}</RouteMatchesContext.Provider>;
}

/** Whether leaving `currentLocation` for `nextLocation` must ask first. */
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
}) => boolean;

/** A navigation held up by {@link useNavigationBlocker}: go on with it, or stay. */
export type NavigationBlock =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

export const UNBLOCKED: NavigationBlock = { state: 'unblocked' };

type History = Parameters<typeof HistoryRouter>[0]['history'];
type Update = Parameters<Parameters<History['listen']>[0]>[0];

export interface Blocking {
  /** Holds up the navigations `test` names; `blocked` hears of each. Returns the removal. */
  block: (test: BlockerFunction, blocked: (block: NavigationBlock) => void) => () => void;
}

/** The browser's history, whose navigations a blocker can hold up (see {@link useNavigationBlocker}). */
export interface BlockingHistory {
  history: History;
  blocking: Blocking;
}

/**
 * The browser's history with blockers: a link, a `navigate()` or the back and forward buttons
 * ask the blockers first, and a blocked navigation waits until its blocker proceeds (a move
 * through the history is undone until then). Pass it to {@link BlockingBrowserRouter}; its
 * `history.push` also navigates from outside React.
 *
 * @example
 * const browser = createBlockingHistory();
 * api.onForbidden(() => browser.history.push('/denied'));
 */
export function createBlockingHistory(): BlockingHistory {
  const base = UNSAFE_createBrowserHistory({ v5Compat: true });
  const blockers = new Set<{ test: BlockerFunction; blocked: (block: NavigationBlock) => void }>();
  /** The location the router shows (the browser's may already be the next one, on a POP). */
  let shown = base.location;
  /** Moves back through the history that undo a blocked one: the router never hears of them. */
  let undoing = 0;
  /** The next navigation is one a blocker let through: not asked again. */
  let letThrough = false;

  const blockerFor = (nextLocation: Location) =>
    letThrough
      ? undefined
      : [...blockers].find((b) => b.test({ currentLocation: shown, nextLocation }));
  const hold = (blocker: { blocked: (block: NavigationBlock) => void }, proceed: () => void) =>
    blocker.blocked({
      state: 'blocked',
      proceed: () => {
        blocker.blocked(UNBLOCKED);
        letThrough = true;
        proceed();
      },
      reset: () => blocker.blocked(UNBLOCKED),
    });
  const locationOf = (to: Parameters<History['push']>[0], state?: unknown): Location => {
    const url = base.createURL(to);
    return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: '' };
  };
  const navigate =
    (method: 'push' | 'replace') => (to: Parameters<History['push']>[0], state?: unknown) => {
      const blocker = blockerFor(locationOf(to, state));
      if (blocker) hold(blocker, () => base[method](to, state));
      else base[method](to, state);
    };

  const history: History = {
    ...base,
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    push: navigate('push'),
    replace: navigate('replace'),
    listen: (listener) =>
      base.listen((update: Update) => {
        if (undoing > 0) {
          undoing--;
          return;
        }
        const { delta } = update;
        const blocker =
          update.action === NavigationType.Pop && delta ? blockerFor(update.location) : undefined;
        if (blocker && delta) {
          // Back where the user was, until the blocker lets the move through.
          undoing++;
          base.go(-delta);
          hold(blocker, () => base.go(delta));
          return;
        }
        letThrough = false;
        shown = update.location;
        listener(update);
      }),
  };

  return {
    history,
    blocking: {
      block: (test, blocked) => {
        const entry = { test, blocked };
        blockers.add(entry);
        return () => void blockers.delete(entry);
      },
    },
  };
}

/** The blockers of the {@link BlockingBrowserRouter} around, if any (see `useNavigationBlocker`). */
export const BlockingContext = createContext<Blocking | null>(null);

/**
 * The portal's router in the browser: react-router's component mode on a
 * {@link createBlockingHistory} history.
 */
export function BlockingBrowserRouter(p: { history: BlockingHistory; children?: ReactNode }) {
  return (
    <BlockingContext.Provider value={p.history.blocking}>
      <HistoryRouter history={p.history.history}>{p.children}</HistoryRouter>
    </BlockingContext.Provider>
  );
}

interface ErrorBoundaryProps {
  fallback: ReactNode;
  /** The address: a new one leaves the error behind. */
  at: string;
  children?: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  at: string;
}

class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, at: this.props.at };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): ErrorBoundaryState | null {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Shows `fallback` instead of the routes below when one throws while loading or rendering (a
 * page's code that fails to load), until the address changes.
 */
export function RouteErrorBoundary(p: { fallback: ReactNode; children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary fallback={p.fallback} at={pathname}>
      {p.children}
    </ErrorBoundary>
  );
}
