import type { RouteHandle } from '@engine/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { api } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import '@/shell/styles/global.css';
import { primeFirstQueries } from './first-render';
import { preloadPage } from './pages';
import { Portal, portalRoutes } from './portal';

const queryClient = createQueryClient();
const router = createBrowserRouter(portalRoutes());
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
  const portal = (
    <Portal queryClient={queryClient}>
      <RouterProvider router={router} />
    </Portal>
  );
  // The server rendered the page: take it over as it is. Otherwise render it here.
  if (root.firstElementChild) hydrateRoot(root, portal);
  else createRoot(root).render(portal);
}

// Not a top-level await: the pages' code imports from this module, which must have finished.
void Promise.all([
  primeFirstQueries(queryClient, location.pathname),
  Promise.race([
    firstPageLoaded,
    new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
  ]),
]).finally(render);
