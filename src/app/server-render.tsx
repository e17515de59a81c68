// The portal rendered on the server: the page the browser shows before any script has run, which
// the portal then takes over (hydrates). Built with `vite build --ssr` into dist/ssr and loaded
// by the server (src/server/plugins/first-answers.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { appearanceToCssVars, directionOf, resolveLanguage } from '@engine/core';
import { PageTitleRecorder, routeMatches, RouteTree } from '@engine/react';
import type { Appearance } from '@schemas/entities/appearance.schema';
import type { GeneralSettings } from '@schemas/entities/settings.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { answerFromPagesOnly } from '@/lib/api';
import { pageQueriesScript, queriesAwaitingData } from '@/lib/page-queries';
import { appearanceQueryKey } from '@/lib/queries/appearance';
import { generalSettingsQueryKey } from '@/lib/queries/general-settings';
import { meQueryKey } from '@/lib/queries/me';
import { createQueryClient } from '@/lib/query-client';
import { primeFirstQueries } from './first-render';
import { preloadPage } from './pages';
import { Portal, portalRoutes } from './portal';

/**
 * The page being rendered: its answers, the requests they did not answer, and the answer keys
 * of those that were GETs under the API, which the server can ask.
 */
interface Rendering {
  answers: Map<string, unknown>;
  unanswered: string[];
  missing: string[];
}

const rendering = new AsyncLocalStorage<Rendering>();
answerFromPagesOnly(
  () => rendering.getStore()?.answers,
  (url) => rendering.getStore()?.unanswered.push(url),
  (key) => rendering.getStore()?.missing.push(key),
);

/** What {@link renderPage} returns when the page needs answers it was not given. */
export interface MissingAnswers {
  /** Their keys, as the portal's HTTP client writes them (`taxonomy_terms?machine_name=…`). */
  missing: string[];
}

/**
 * Whether every request the page made was a GET the server can ask; then the page can be
 * rendered once it has those answers.
 */
const askable = (state: Rendering) => state.missing.length === state.unanswered.length;

const routes = portalRoutes();

/**
 * The pages the server renders: those that show content. A page built around a form (logging
 * in, editing, settings) is left to the browser: typed into before the portal has taken it over,
 * it would submit natively, with what was typed in the address.
 */
const RENDERED_PAGES = new Set([
  'home',
  'dashboard',
  'trainings',
  'training',
  'search',
  'storefront',
  'storefront-section',
  'incentives-shop',
  'incentives-product',
  'leaderboard',
  'not-found',
  'denied',
  'content-page',
]);

/**
 * Pages a visitor is sent as finished documents, without the portal's code: everything on them
 * is text, pictures and links, which work without it. The page's own small script
 * (src/app/document-page.ts) runs the only controls they may hold, the cookie banner's and the
 * back-to-top button's, which are marked `data-island`. Links lead to the next page with a full
 * page load, and a page that needs the portal loads it then.
 */
const DOCUMENT_PAGES = new Set(['home']);

/** A form control or other element that works only with a script, unless it is an island's. */
const CONTROL_TAG = /<(?:button|input|select|textarea|form|dialog|details)\b[^>]*>/g;
const onlyIslandControls = (html: string) =>
  [...html.matchAll(CONTROL_TAG)].every(([tag]) => / data-island="[\w-]+"/.test(tag));

/** A part of the page that shows it is loading (the portal's loading states are status regions). */
const STILL_LOADING = /<[^>]+ role="status"/;

/** A value that cannot end its declaration, its rule or the style element it is written in. */
const SAFE_CSS_VALUE = /^[^;{}<>\\]*$/;
/** A custom property's name that is nothing but a name. */
const SAFE_CSS_NAME = /^--[a-z0-9-]+$/;

/**
 * The theme's custom properties as a `:root` rule, so the server-rendered page has the site's
 * colours without the portal's colour maths. A theme with a name or value that could break out
 * of its declaration is left to the script, whole (the theme maths writes neither).
 */
function themeRule(appearance: Appearance | undefined): string {
  if (!appearance) return '';
  const declarations = Object.entries(appearanceToCssVars(appearance));
  const safe = ([name, value]: [string, string]) =>
    SAFE_CSS_NAME.test(name) && SAFE_CSS_VALUE.test(value);
  if (!declarations.every(safe)) return '';
  return `:root{${declarations.map(([name, value]) => `${name}:${value}`).join(';')}}`;
}

/** What {@link renderPage} returns. */
export interface RenderedPage {
  /** The content of `#root`. */
  html: string;
  /** Elements for the page's head that the rendering asked for (image preloads). */
  head: string;
  /** The theme's custom properties as a CSS rule, or ''. */
  themeCss: string;
  /** The page's language and direction, for `<html lang dir>`. */
  language: string;
  dir: 'ltr' | 'rtl';
  /** The document title the page sets, or '' when it sets none. */
  title: string;
  /** The data of the page's own queries, as a script element for the portal, or ''. */
  queries: string;
  /**
   * Whether the page can be sent without the portal's code (a visitor's page among
   * {@link DOCUMENT_PAGES} with no controls but the islands').
   */
  document: boolean;
}

/** Leading `<link>` elements: what React hoists for the head (preloads of eager images). */
const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += typeof chunk === 'string' ? chunk : String(chunk);
  return out;
}

/**
 * Renders the portal's page for `url` with the page's first answers (by request, as the portal's
 * HTTP client writes them), parts that load lazily included. When the page asked for more, the
 * keys of those GETs ({@link MissingAnswers}): the server asks them and renders again. Undefined
 * for a page the server does not render ({@link RENDERED_PAGES}), when it made a request the
 * server cannot ask for it, or when its route redirects: the browser renders it. `refused`: the
 * keys the server asked and got no answer for; a query of the page that needs one stays loading.
 *
 * @example
 * const page = await renderPage('/', { 'me?attributes[]=profile': { data: { uid: 0 } }, … });
 */
export async function renderPage(
  url: string,
  answers: Record<string, unknown>,
  refused: readonly string[] = [],
): Promise<RenderedPage | MissingAnswers | undefined> {
  const state: Rendering = {
    answers: new Map(Object.entries(answers)),
    unanswered: [],
    missing: [],
  };
  const missing = () => (askable(state) ? { missing: [...new Set(state.missing)] } : undefined);
  return rendering.run(state, async () => {
    const address = new URL(url, 'http://portal.invalid');
    const page = routeMatches(routes, address.pathname).at(-1)?.handle?.page;
    if (!page || !RENDERED_PAGES.has(page)) return undefined;
    const queryClient = createQueryClient();
    await Promise.all([primeFirstQueries(queryClient, address.pathname), preloadPage(page)]);
    const me = queryClient.getQueryData<CurrentUser>(meQueryKey);
    const general = queryClient.getQueryData<GeneralSettings>(generalSettingsQueryKey);
    if (state.unanswered.length) return missing();
    if (!me || !general) return undefined;
    let title = '';
    const render = async () => {
      const errors: unknown[] = [];
      const { prelude } = await prerenderToNodeStream(
        <PageTitleRecorder record={(recorded) => (title = recorded)}>
          <Portal queryClient={queryClient}>
            <StaticRouter location={address.pathname + address.search}>
              <RouteTree routes={routes} />
            </StaticRouter>
          </Portal>
        </PageTitleRecorder>,
        {
          onError: (error) => void errors.push(error),
          // Every part inline where it belongs: a large part written apart would need an inline
          // script to move it into place, which the page's policy forbids.
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        },
      );
      const html = await text(prelude);
      // A part that failed would be left to the browser with an inline script too: the browser
      // renders the whole page instead.
      if (errors.length) throw errors[0];
      if (html.includes('<script')) throw new Error(`${url}: the rendered page needs a script`);
      return html;
    };
    let rendered = await render();
    // Anything the page asked for beyond its answers would show as loading here and as loaded in
    // the browser (which asks the network): render it again with those answers.
    if (state.unanswered.length) return missing();
    // The page's own queries (its lists, its points…) registered while it rendered: fetched
    // from the answers, or asked for, and the page rendered again with their data, which it
    // carries for the portal. One the server was refused stays loading, here and in the browser.
    const awaiting = queriesAwaitingData(queryClient);
    if (awaiting.length) {
      await Promise.allSettled(awaiting.map((query) => query.fetch()));
      const ask = new Set(state.missing.filter((key) => !refused.includes(key)));
      if (ask.size) return { missing: [...ask] };
      state.unanswered.length = 0;
      state.missing.length = 0;
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      rendered = await render();
      if (state.unanswered.length) return missing();
    }
    const queries = pageQueriesScript(
      queryClient,
      new Set(awaiting.map((query) => query.queryHash)),
    );
    const head = LEADING_LINKS.exec(rendered)?.[0] ?? '';
    const language = resolveLanguage(me.uid > 0 ? me.language : null, general.current_language);
    const html = rendered.slice(head.length);
    const result: RenderedPage = {
      html,
      head,
      title,
      queries,
      document:
        me.uid === 0 &&
        DOCUMENT_PAGES.has(page) &&
        onlyIslandControls(html) &&
        !STILL_LOADING.test(html),
      themeCss: themeRule(queryClient.getQueryData<Appearance>(appearanceQueryKey)),
      language,
      dir: directionOf(language, general.languages ?? []),
    };
    queryClient.clear();
    return result;
  });
}
