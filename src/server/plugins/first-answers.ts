import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CookieDisclaimer, GeneralSettings } from '@schemas/entities/settings.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { directionOf, FIRST_ANSWERS_ID, sameSitePath } from '@engine/core';
import {
  beforeScripts,
  renderSafely,
  withLanguage,
  withoutPortalScripts,
  withRenderedPage,
  type PageRenderer,
} from './page-renderer';
import { pageStatus } from './page-status';
import type { RoutePreloads } from './route-preloads';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The API requests every page of the portal makes first, exactly as its HTTP client writes them
 * (path and query under /api/v2). The page carries their answers, so the portal can show itself
 * without waiting for them.
 */
export const FIRST_REQUESTS = [
  'me?attributes[]=profile',
  'settings?type=general',
  'appearance?attributes[]=logo&attributes[]=colors&attributes[]=fonts&attributes[]=roundness&attributes[]=favicon&attributes[]=site_background',
  'settings/branding',
  'settings?type=footer',
  'settings/cookies-disclaimer',
] as const;

/** The page's answers, and how to add one: see {@link firstAnswers}. */
interface Answers {
  answers: Map<string, string>;
  /** Asks a GET under the API (its answer key) and keeps a 200 answer. */
  ask: (url: string) => Promise<void>;
}

/**
 * Answers for the caller's page: each request is made through the real route with the caller's
 * cookies, so the same access checks apply. Only 200 answers are kept; a request left out is
 * simply made by the portal as usual.
 */
function answersFor(app: FastifyInstance, request: FastifyRequest, apiPrefix: string): Answers {
  // The caller's cookies and languages: the answers are theirs, in their language.
  const headers: Record<string, string> = {};
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  const languages = request.headers['accept-language'];
  if (languages) headers['accept-language'] = languages;
  const answers = new Map<string, string>();
  const ask = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: `${apiPrefix}/${url}`, headers });
    if (res.statusCode === 200) answers.set(url, res.body);
  };
  return { answers, ask };
}

/**
 * The caller's answers to {@link FIRST_REQUESTS}, then to the interface texts of their language
 * (unless English), a signed-in user's sidebar and points and, on the home page for a visitor,
 * to the storefront request (see {@link answersFor}). Whether the caller is signed in, and
 * the language and direction of their pages.
 */
async function firstAnswers(
  { answers, ask }: Answers,
  request: FastifyRequest,
): Promise<{ signedIn: boolean; language?: { code: string; dir: 'ltr' | 'rtl' } }> {
  await Promise.all(FIRST_REQUESTS.map(ask));
  const me = answers.get('me?attributes[]=profile');
  const general = answers.get('settings?type=general');
  if (!me || !general) return { signedIn: false };
  const { uid } = (JSON.parse(me) as { data: CurrentUser }).data;
  const settings = (JSON.parse(general) as { data: GeneralSettings }).data;
  const language = settings.current_language;
  const then: Promise<void>[] = [];
  // The interface texts of any language but English (which needs none).
  if (language !== 'en')
    then.push(ask(`translations?context=interface&language=${encodeURIComponent(language)}`));
  // A signed-in user's pages show the sidebar and the points badge.
  if (uid > 0) then.push(ask('navigation'), ask('incentives/wallet'));
  if (request.url.split('?')[0] === '/' && uid === 0)
    then.push(ask(`storefront?audience=unregistered&language=${encodeURIComponent(language)}`));
  await Promise.all(then);
  return {
    signedIn: uid > 0,
    language: { code: language, dir: directionOf(language, settings.languages ?? []) },
  };
}

/** Whether the answers show a cookie disclaimer that this browser has yet to agree to. */
function bannerPending(answers: Map<string, string>): boolean {
  const body = answers.get('settings/cookies-disclaimer');
  if (!body) return false;
  const { data } = JSON.parse(body) as { data: CookieDisclaimer };
  return data.disclaimer_text.trim() !== '' && !data.agreed;
}

/**
 * The answers as the content of a JSON script element: `<` is written `\u003c`, so no text in
 * them can close the element.
 */
function answersScript(answers: Map<string, string>): string {
  const json = `{${[...answers].map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}

/**
 * The page's address with its `search_back_url` as a path when it is a full address on this site
 * (`origin`, the request's own): the page then renders the back link the browser shows, which
 * reads the full address against the page's origin. Anything else is left for the page to refuse.
 *
 * @example
 * withBackUrlPath('/search?s=a&search_back_url=http%3A%2F%2Fhost%2Fx', 'http://host'); // '/search?s=a&search_back_url=%2Fx'
 */
function withBackUrlPath(url: string, origin: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const back = params.get('search_back_url');
  const path = back && !back.startsWith('/') ? sameSitePath(back, origin) : null;
  if (path === null) return url;
  params.set('search_back_url', path);
  return `${url.slice(0, at)}?${params.toString()}`;
}

/**
 * Sends the portal's page with the caller's first answers in it, links that fetch the requested
 * route's page code at once (when the build says which files it needs, `assets`) and, when the
 * build has a page renderer, the page itself rendered from those answers, which the portal then
 * takes over; a page that needs no portal (`document` in the rendered page) comes with the
 * build's document script instead of the portal's. The page is personal now: browsers revalidate it and shared caches do not keep it.
 * Compressed with Brotli or gzip when the browser accepts it.
 */
export async function sendPortalPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  portal: { html: string; assets?: RoutePreloads | undefined; renderer?: PageRenderer | undefined },
  apiPrefix: string,
): Promise<FastifyReply> {
  const pageAnswers = answersFor(app, request, apiPrefix);
  const { answers } = pageAnswers;
  const { signedIn, language } = await firstAnswers(pageAnswers, request);
  const rendered = portal.renderer
    ? await renderSafely(
        portal.renderer,
        withBackUrlPath(request.url, `${request.protocol}://${request.host}`),
        answers,
        (keys) => Promise.all(keys.map(pageAnswers.ask)).then(() => undefined),
        request.log,
      )
    : undefined;
  // A page that works without the portal's code is sent with its own small script instead.
  const asDocument = rendered?.document === true && portal.assets?.document !== undefined;
  const routeLinks = portal.assets?.linksFor(request.url.split('?')[0] ?? '/', signedIn);
  // The server renders the cookie banner into the page while it waits for an agreement: its
  // styles must come with the page, not with its code.
  const banner = rendered && bannerPending(answers) ? portal.assets?.untilAgreed : undefined;
  const document = asDocument ? portal.assets?.document : undefined;
  const links = document
    ? { styles: (routeLinks?.styles ?? '') + document.styles, scripts: document.scripts }
    : routeLinks && {
        styles: routeLinks.styles + (banner?.styles ?? ''),
        // Not its code: fetched early, it would hold up the portal taking the page over, and a
        // click before then would be lost. The portal fetches it when it reaches the banner.
        scripts: routeLinks.scripts,
      };
  let page = beforeScripts(
    asDocument ? withoutPortalScripts(portal.html) : portal.html,
    links?.styles ?? '',
  ).replace('</head>', `${links?.scripts ?? ''}${answersScript(answers)}</head>`);
  if (rendered) {
    const policy = reply.getHeader('content-security-policy');
    const { html, csp } = withRenderedPage(
      page,
      // A document has no portal to take its queries' data.
      asDocument ? { ...rendered, queries: '' } : rendered,
      typeof policy === 'string' ? policy : '',
    );
    page = html;
    if (typeof policy === 'string') void reply.header('Content-Security-Policy', csp);
  } else if (language) {
    // The portal renders this page itself, in the caller's language and direction from the
    // start: an Arabic page does not flash left to right while the portal loads.
    page = withLanguage(page, language.code, language.dir);
  }
  void reply
    .code(pageStatus(request.url.split('?')[0] ?? '/'))
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
    .type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted))
    return reply.header('Content-Encoding', 'gzip').send(await gzipped(page));
  return reply.send(page);
}
