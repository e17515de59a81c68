import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/** What the renderer built into dist/ssr (src/app/server-render.tsx) returns for a page. */
export interface RenderedPage {
  html: string;
  head: string;
  themeCss: string;
  language: string;
  dir: 'ltr' | 'rtl';
  title: string;
  /** The page's own queries' data, a script element for the portal, or ''. */
  queries: string;
  document: boolean;
}

/** What the renderer returns when the page needs answers it was not given: their keys. */
interface MissingAnswers {
  missing: string[];
}

/** The server's side of the page renderer: see {@link loadPageRenderer}. */
export interface PageRenderer {
  renderPage(
    url: string,
    answers: Record<string, unknown>,
    refused?: readonly string[],
  ): Promise<RenderedPage | MissingAnswers | undefined>;
}

/**
 * How many times a page is rendered again with the answers it asked for: a list, then what its
 * items need (the home's storefront, then its categories' terms).
 */
const ASK_ROUNDS = 2;

/**
 * Loads the page renderer the build wrote (`dist/ssr/server-render.js`), or undefined when there
 * is none: the portal's pages are then rendered in the browser only, as before.
 */
export async function loadPageRenderer(file: string): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  if (typeof module.renderPage !== 'function') {
    throw new Error(`${file} exports no renderPage function: rebuild with \`npm run build\`.`);
  }
  return { renderPage: module.renderPage };
}

/**
 * Renders a page, or undefined when it cannot be (the browser then renders it): a failure is
 * logged, never shown. When the page asks for more than `answers` holds, `ask` adds those answers
 * (through the real routes) and the page is rendered again, at most {@link ASK_ROUNDS} times; the
 * page then carries them too.
 */
export async function renderSafely(
  renderer: PageRenderer,
  url: string,
  answers: Map<string, string>,
  ask: (keys: string[]) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<RenderedPage | undefined> {
  const asked = new Set<string>();
  try {
    for (let round = 0; ; round++) {
      const parsed = Object.fromEntries([...answers].map(([key, body]) => [key, JSON.parse(body)]));
      const refused = [...asked].filter((key) => !answers.has(key));
      const result = await renderer.renderPage(url, parsed, refused);
      if (!result || !('missing' in result)) return result;
      // A request its route refused stays missing: the browser renders such a page.
      const keys = result.missing.filter((key) => !asked.has(key));
      if (round === ASK_ROUNDS || keys.length === 0) return undefined;
      keys.forEach((key) => asked.add(key));
      await ask(keys);
    }
  } catch (error) {
    log.warn({ err: error, url }, 'the page could not be rendered on the server');
    return undefined;
  }
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** An attribute value as the browser reads it (React escapes these five). */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The portal's page without its scripts (the entry, the preloads of its imports) and without the
 * notice that it needs JavaScript: for a page sent as a finished document, which needs neither.
 */
export function withoutPortalScripts(page: string): string {
  return page
    .replace(/[ \t]*<script type="module"[^>]*><\/script>\n?/g, '')
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(/[ \t]*<noscript>[\s\S]*?<\/noscript>\n?/g, '');
}

/**
 * `content` placed in the head before the portal's scripts (after its stylesheets), so the
 * browser fetches it first; or at the end of the head when the page has no module script.
 */
export function beforeScripts(page: string, content: string): string {
  if (!content) return page;
  const at = page.indexOf('<script type="module"');
  const end = page.indexOf('</head>');
  const index = at !== -1 && (end === -1 || at < end) ? at : end;
  return index === -1 ? page : `${page.slice(0, index)}${content}${page.slice(index)}`;
}

/** The page with `language` and its direction on `<html>`. */
export function withLanguage(page: string, language: string, dir: 'ltr' | 'rtl'): string {
  return page.replace(/<html[^>]*>/, `<html lang="${escapeAttribute(language)}" dir="${dir}">`);
}

/**
 * The portal's page with a rendered page in it: the content in `#root`, the head elements and
 * theme rule in the head, its title, and the language and direction on `<html>`. Returns the page and the
 * Content-Security-Policy that lets exactly its inline styles apply: the theme rule by its hash,
 * and each `style` attribute React wrote by its hash (`'unsafe-hashes'` allows only those).
 *
 * @example
 * const { html, csp } = withRenderedPage(page, rendered, reply.getHeader('content-security-policy'));
 */
export function withRenderedPage(
  page: string,
  rendered: RenderedPage,
  policy: string,
): { html: string; csp: string } {
  // `data-theme`: the portal leaves the appearance this rule holds to it.
  const theme = rendered.themeCss
    ? `<style data-theme>${rendered.themeCss.replace(/</g, '\\3c ')}</style>`
    : '';
  const attributes = new Set(
    [...rendered.html.matchAll(/ style="([^"]*)"/g)].map((m) => unescapeAttribute(m[1] ?? '')),
  );
  const html = withLanguage(
    beforeScripts(page, `${theme}${rendered.head}`),
    rendered.language,
    rendered.dir,
  )
    .replace(/<title>[^<]*<\/title>/, (title) =>
      rendered.title ? `<title>${escapeText(rendered.title)}</title>` : title,
    )
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${rendered.html}</div>${rendered.queries}`,
    );
  const themeHash = rendered.themeCss
    ? ` ${sha256(theme.slice('<style data-theme>'.length, -'</style>'.length))}`
    : '';
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !d.startsWith('style-src-attr '))
    .map((d) => (d.startsWith('style-src ') ? `${d}${themeHash}` : d));
  if (attributes.size) {
    directives.push(`style-src-attr 'unsafe-hashes' ${[...attributes].map(sha256).join(' ')}`);
  }
  return { html, csp: directives.join(';') };
}
