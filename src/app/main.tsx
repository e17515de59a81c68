import {
  BlockingBrowserRouter,
  createBlockingHistory,
  routeMatches,
  RouteTree,
  type BlockingHistory,
} from '@engine/react';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { api } from '@/lib/api';
import { takePageQueries } from '@/lib/page-queries';
import { createQueryClient } from '@/lib/query-client';
import '@/shell/styles/global.css';
import { keepEarlyClicks } from './early-clicks';
import { primeFirstQueries } from './first-render';
import { preloadPage } from './pages';
import { Portal, portalRoutes } from './portal';

/**
 * How long the first render waits for the first page's code: the page usually arrives with the
 * portal's own code (the server names it in the page), and then the frame and the page show in
 * one render. Past this, the frame shows with the loader and the page follows.
 */
const FIRST_PAGE_WAIT_MS = 300;
/** How long the take-over of a page the server rendered waits for the code of its parts. */
const SERVER_RENDERED_CODE_WAIT_MS = 10_000;

/** Lets the browser paint and answer input before the next step of starting the portal. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `work` once the browser is idle (the take-over done), or after a second at the latest. */
const afterTakeOver = (work: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(work, { timeout: 1000 })
    : setTimeout(work, 0);

function render(queryClient: QueryClient, browser: BlockingHistory, routes: RouteObject[]) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const portal = (
    <Portal queryClient={queryClient}>
      <BlockingBrowserRouter history={browser}>
        <RouteTree routes={routes} />
      </BlockingBrowserRouter>
    </Portal>
  );
  // The server rendered the page: take it over as it is, in slices that leave the main thread
  // free between them (a transition); a click or key press on the page first finishes the
  // take-over and then reaches its control, and so does a click that came while the portal was
  // starting. Otherwise render it here.
  if (root.firstElementChild) {
    startTransition(() => void hydrateRoot(root, portal));
    early?.replay();
  } else createRoot(root).render(portal);
}

/** Clicks on the server-rendered page before the portal has taken it over. */
const serverRendered = document.getElementById('root');
const early = serverRendered?.firstElementChild ? keepEarlyClicks(serverRendered) : undefined;

/** Starts the portal in steps, each a task of its own, so that none holds the page up long. */
async function start() {
  await nextTask();
  const queryClient = createQueryClient();
  takePageQueries(queryClient);
  const primed = primeFirstQueries(queryClient, location.pathname);
  await nextTask();
  const routes = portalRoutes();
  const browser = createBlockingHistory();
  api.setNavigationHandlers({
    forbidden: () => browser.history.push('/denied'),
    notFound: () => browser.history.push('/not-found'),
  });
  // Fetch the first page's code now, alongside the session requests, instead of after the
  // guards have waited for them.
  const firstPage = routeMatches(routes, location.pathname).at(-1)?.handle?.page;
  const firstPageLoaded = firstPage ? preloadPage(firstPage) : Promise.resolve();
  // A page the server rendered carries the answers to its requests: the client's network code
  // can follow the take-over. A page rendered here may ask the network at once: fetch it now.
  if (!early) api.preload();
  await primed;
  // A page the server rendered shows already: its take-over waits for the code of the page,
  // since a click on a part without its code is lost. Otherwise the frame shows soon.
  await Promise.race([
    firstPageLoaded,
    new Promise((resolve) =>
      setTimeout(resolve, early ? SERVER_RENDERED_CODE_WAIT_MS : FIRST_PAGE_WAIT_MS),
    ),
  ]);
  await nextTask();
  render(queryClient, browser, routes);
  if (early) afterTakeOver(() => api.preload());
}

// Not a top-level await: the pages' code imports from this module, which must have finished.
void start();
