import { createRoutes, LoaderProvider, type RouteHandle } from '@engine/react';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import routesConfig from '../../routes.config.json';
import { api } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary, TranslatedCrashScreen } from '@/shell/crash/crash-screen';
import { BareLayout } from '@/shell/layout/bare-layout';
import { StandardLayout } from '@/shell/layout/standard-layout';
import { FullScreenLoader } from '@/shell/loader/full-screen-loader';
import { NotificationsProvider } from '@/shell/notifications/notifications-provider';
import '@/shell/styles/global.css';
import { AppProviders } from './app-providers';
import { primeFirstQueries } from './first-render';
import { pages, preloadPage } from './pages';

const queryClient = createQueryClient();
const router = createBrowserRouter(
  createRoutes(routesConfig as RoutesConfig, {
    pages,
    layouts: { standard: StandardLayout, bare: BareLayout },
    errorElement: <TranslatedCrashScreen />,
  }),
);
// Fetch the first page's code now, alongside the session requests, instead of after the guards
// have waited for them.
const firstPage = (router.state.matches.at(-1)?.route.handle as RouteHandle | undefined)?.page;
const firstPageLoaded = firstPage ? preloadPage(firstPage) : Promise.resolve();
api.setNavigationHandlers({
  forbidden: () => void router.navigate('/denied'),
  notFound: () => void router.navigate('/not-found'),
});

/**
 * How long the first render waits for the first page's code: the page usually arrives with the
 * portal's own code (the server names it in the page), and then the frame and the page show in
 * one render. Past this, the frame shows with the loader and the page follows.
 */
const FIRST_PAGE_WAIT_MS = 300;

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <LoaderProvider>
            <AppProviders>
              <NotificationsProvider>
                <FullScreenLoader />
                <RouterProvider router={router} />
              </NotificationsProvider>
            </AppProviders>
          </LoaderProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

// Not a top-level await: the pages' code imports from this module, which must have finished.
void Promise.all([
  primeFirstQueries(queryClient, location.pathname),
  Promise.race([
    firstPageLoaded,
    new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
  ]),
]).finally(render);
