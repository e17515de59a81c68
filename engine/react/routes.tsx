import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import type { RouteConfig, RoutesConfig } from '@schemas/config/routes-config.schema';
import { childPages, type ChildPage } from '../core';
import { RouteGuard } from './guards';
import { RouteErrorBoundary } from './router';
import { useLoaderWhile } from './loader';
import { usePageTitle } from './navigation-hooks';

/**
 * What each route carries in `handle` (read with `useRouteMatches`).
 *
 * @example
 * const handle = useRouteMatches().at(-1)?.handle;
 */
export interface RouteHandle {
  breadcrumb?: string;
  breadcrumbRedirect?: boolean;
  /** false: no breadcrumb trail on this route's pages. */
  breadcrumbs?: boolean;
  title?: string;
  /** The route, or one of its ancestors, needs a signed-in user. */
  signedIn?: boolean;
  /** Page key the route shows, so the app can start loading its code early. */
  page?: string;
  /** The settings document a generic settings page edits. */
  document?: string;
  /** The content page a generic content page shows. */
  content?: string;
  /** The pages directly below a route with children, which its landing page lists. */
  childPages?: ChildPage[];
}

type LayoutName = 'standard' | 'bare';
type LayoutComponent = ComponentType<{ children?: ReactNode }>;

/** Pages and layouts {@link createRoutes} renders. @example { pages: { home: lazy(() => import('./home')) }, layouts: { standard: StandardLayout, bare: BareLayout } } */
export interface RouteRegistry {
  pages: Record<string, ComponentType>;
  layouts: Record<LayoutName, LayoutComponent>;
  /** Shown instead of any route that throws while loading or rendering (the crash screen). */
  errorElement?: ReactNode;
}

function SuspenseLoader() {
  useLoaderWhile(true);
  return null;
}

/** Sets the route's own title; rendered before the page so a page's own title wins. */
function RouteTitle() {
  usePageTitle();
  return null;
}

/** Renders a page; lazy pages suspend behind the full-screen loader. */
function PageSlot(p: { page: ComponentType }) {
  const Page = p.page;
  return (
    <>
      <RouteTitle />
      <Suspense fallback={<SuspenseLoader />}>
        <Page />
      </Suspense>
    </>
  );
}

function LayoutOutlet(p: { layout: LayoutComponent }) {
  const Layout = p.layout;
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}

function handleOf(route: RouteConfig, signedIn: boolean): RouteHandle {
  const handle: RouteHandle = { signedIn };
  if (route.page !== undefined) handle.page = route.page;
  if (route.document !== undefined) handle.document = route.document;
  if (route.content !== undefined) handle.content = route.content;
  if (route.breadcrumb !== undefined) handle.breadcrumb = route.breadcrumb;
  if (route.breadcrumbRedirect !== undefined) handle.breadcrumbRedirect = route.breadcrumbRedirect;
  if (route.breadcrumbs !== undefined) handle.breadcrumbs = route.breadcrumbs;
  if (route.title !== undefined) handle.title = route.title;
  if (route.children) handle.childPages = childPages(route);
  return handle;
}

/**
 * A top-level page for visitors only is a landing page: its guard draws its layout, so a
 * signed-in user sent on never sees the visitors' frame first.
 */
const isLanding = (route: RouteConfig, parentPath: string) =>
  parentPath === '' && route.visitorsOnly !== undefined;

/**
 * Builds react-router route objects from the routes config. Each layout is one pathless parent
 * route, so moving between pages of the same layout keeps the header and sidebar mounted; a
 * parent whose children use different layouts appears under each. Guards nest like the config
 * (children inherit them); a route with both `page` and `children` renders its page as the
 * index child. A top-level route for visitors only (`visitorsOnly`) is a landing page: its guard
 * draws its layout once the session allows the page, and shows nothing before. The app passes
 * the result to `RouteTree`.
 *
 * @example
 * const routes = createRoutes(routesConfig, {
 *   pages: { home: lazy(() => import('./pages/home')) },
 *   layouts: { standard: StandardLayout, bare: BareLayout },
 * });
 * <RouteTree routes={routes} />
 */
export function createRoutes(config: RoutesConfig, o: RouteRegistry): RouteObject[] {
  const pageElement = (key: string, where: string): ReactNode => {
    const page = o.pages[key];
    if (!page) throw new Error(`Route ${where}: no page "${key}" in the page registry.`);
    return <PageSlot page={page} />;
  };

  const build = (
    routes: RouteConfig[],
    target: LayoutName,
    inherited: { layout: LayoutName; signedIn: boolean; path: string },
  ): RouteObject[] =>
    routes.flatMap((route): RouteObject[] => {
      if (isLanding(route, inherited.path)) return [];
      const layout = route.layout ?? inherited.layout;
      const signedIn = inherited.signedIn || Boolean(route.signedIn);
      const where = inherited.path ? `${inherited.path}/${route.path}` : route.path;
      const children = route.children
        ? build(route.children, target, { layout, signedIn, path: where })
        : [];
      const pageHere = route.page !== undefined && layout === target;
      if (!pageHere && children.length === 0) return [];

      const guard = (content: ReactNode): ReactNode =>
        route.signedIn || route.visitorsOnly || route.access?.length ? (
          <RouteGuard
            signedIn={Boolean(route.signedIn)}
            visitorsOnly={route.visitorsOnly}
            access={route.access ?? []}
          >
            {content}
          </RouteGuard>
        ) : (
          content
        );
      const handle = handleOf(route, signedIn);

      if (children.length === 0) {
        const element = guard(pageElement(route.page!, where));
        return [
          route.path === ''
            ? { index: true, element, handle }
            : { path: route.path, element, handle },
        ];
      }
      const nested: RouteObject[] = pageHere
        ? [
            {
              index: true,
              element: pageElement(route.page!, where),
              handle: {
                signedIn,
                page: route.page!,
                ...(route.document === undefined ? {} : { document: route.document }),
                ...(route.content === undefined ? {} : { content: route.content }),
              },
            },
            ...children,
          ]
        : children;
      return [{ path: route.path, element: guard(<Outlet />), handle, children: nested }];
    });

  const top = { layout: 'standard' as LayoutName, signedIn: false, path: '' };
  const landings: RouteObject[] = config.routes
    .filter((route) => isLanding(route, ''))
    .map((route) => ({
      path: route.path,
      handle: handleOf(route, Boolean(route.signedIn)),
      element: (
        <RouteGuard
          signedIn={Boolean(route.signedIn)}
          visitorsOnly={route.visitorsOnly}
          access={route.access ?? []}
          layout={o.layouts[route.layout ?? 'standard']}
        >
          {route.page ? pageElement(route.page, route.path) : <Outlet />}
        </RouteGuard>
      ),
      ...(route.children
        ? {
            children: build(route.children, route.layout ?? 'standard', {
              ...top,
              path: route.path,
            }),
          }
        : {}),
    }));

  const groups = (['standard', 'bare'] as const).flatMap((layout): RouteObject[] => {
    const children = build(config.routes, layout, top);
    return children.length
      ? [{ element: <LayoutOutlet layout={o.layouts[layout]} />, children }]
      : [];
  });
  const routes = [...landings, ...groups];
  return o.errorElement
    ? [
        {
          element: (
            <RouteErrorBoundary fallback={o.errorElement}>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: routes,
        },
      ]
    : routes;
}
