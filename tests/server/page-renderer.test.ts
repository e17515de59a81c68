import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import {
  beforeScripts,
  renderSafely,
  withoutPortalScripts,
  withRenderedPage,
} from '../../src/server/plugins/page-renderer';

const PAGE =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Atrium</title>' +
  '<link rel="stylesheet" href="/assets/index-1a2b3c4d.css"><script type="module" src="/assets/index-2b3c4d5e.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
const POLICY = "default-src 'self';script-src 'self';style-src 'self';img-src 'self'";
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('a page rendered on the server, in the portal page', () => {
  const rendered = {
    html: '<div style="background-color:#f5f7fb"><p style="--a:&quot;x&quot;">Hi</p><p style="background-color:#f5f7fb">$&amp;</p></div>',
    head: '<link rel="preload" as="image" href="/images/a.svg"/>',
    themeCss: ':root{--color-primary:#3754db}',
    language: 'ar',
    dir: 'rtl' as const,
    title: 'Home | Atrium',
    queries: '',
    document: false,
  };

  it('carries the title the page set, as text', () => {
    expect(withRenderedPage(PAGE, rendered, POLICY).html).toContain('<title>Home | Atrium</title>');
    const hostile = withRenderedPage(
      PAGE,
      { ...rendered, title: '</title><script>alert(1)</script> & co' },
      POLICY,
    ).html;
    expect(hostile).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</title>',
    );
    // A page that sets none keeps the portal's.
    expect(withRenderedPage(PAGE, { ...rendered, title: '' }, POLICY).html).toContain(
      '<title>Atrium</title>',
    );
  });

  it("a page sent as a document loses the portal's scripts and its JavaScript notice", () => {
    const page = PAGE.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/framework-3c4d5e6f.js"></head>',
    ).replace('</body>', '<noscript>Atrium needs JavaScript</noscript></body>');
    const document = withoutPortalScripts(page);
    expect(document).not.toMatch(/index-2b3c4d5e\.js|framework-3c4d5e6f|noscript/);
    expect(document).toContain('index-1a2b3c4d.css');
    expect(document).toContain('<div id="root"></div>');
  });

  it('puts the content in #root, the language on <html>, the theme and preloads before the scripts', () => {
    const { html } = withRenderedPage(PAGE, rendered, POLICY);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(`<div id="root">${rendered.html}</div>`);
    const order = [
      'index-1a2b3c4d.css',
      '<style data-theme>:root{',
      'images/a.svg',
      'index-2b3c4d5e.js',
    ];
    const at = order.map((part) => html.indexOf(part));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("carries its queries' data right after its content, for the portal to take over", () => {
    const queries =
      '<script type="application/json" id="atrium-page-queries">{"queries":[]}</script>';
    const { html } = withRenderedPage(PAGE, { ...rendered, queries }, POLICY);
    expect(html).toContain(`<div id="root">${rendered.html}</div>${queries}</body>`);
    expect(withRenderedPage(PAGE, rendered, POLICY).html).toContain('</div></body>');
  });

  it('lets exactly its inline styles apply: the theme and each style attribute by hash', () => {
    const { csp } = withRenderedPage(PAGE, rendered, POLICY);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['style-src']).toEqual(["'self'", hash(rendered.themeCss)]);
    // Attribute values as the browser reads them, each once.
    expect(directives['style-src-attr']).toEqual([
      "'unsafe-hashes'",
      hash('background-color:#f5f7fb'),
      hash('--a:"x"'),
    ]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });

  it('a theme value cannot end the style element', () => {
    const { html, csp } = withRenderedPage(
      PAGE,
      { ...rendered, themeCss: ':root{--font-body:x</style><script>alert(1)</script>}' },
      POLICY,
    );
    expect(html).not.toContain('</style><script>');
    const style = /<style data-theme>(.*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(csp).toContain(hash(style));
  });

  it('without a module script, head content goes at the end of the head', () => {
    expect(beforeScripts('<head><title>x</title></head><body></body>', '<b>')).toBe(
      '<head><title>x</title><b></head><body></body>',
    );
  });
});

describe('a page that asks for more than its answers', () => {
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
  const page = {
    html: '<p>Topics</p>',
    head: '',
    themeCss: '',
    language: 'en',
    dir: 'ltr' as const,
    title: 'Home',
    queries: '',
    document: true,
  };
  /** A renderer whose page needs `storefront`, then (once it has it) `terms`. */
  const renderer = {
    renderPage: (_url: string, answers: Record<string, unknown>) =>
      Promise.resolve(
        !('storefront' in answers)
          ? { missing: ['storefront'] }
          : !('terms' in answers)
            ? { missing: ['terms'] }
            : page,
      ),
  };

  it('is rendered again with each answer the server asks for it, and carries them', async () => {
    const answers = new Map([['me', '{"data":{"uid":0}}']]);
    const asked: string[][] = [];
    const ask = (keys: string[]) => {
      asked.push(keys);
      keys.forEach((key) => answers.set(key, '{"data":[]}'));
      return Promise.resolve();
    };
    expect(await renderSafely(renderer, '/', answers, ask, log)).toEqual(page);
    expect(asked).toEqual([['storefront'], ['terms']]);
    expect([...answers.keys()]).toEqual(['me', 'storefront', 'terms']);
  });

  it('is told which answers were refused, and rendered without them when it can be', async () => {
    const calls: (readonly string[] | undefined)[] = [];
    /** A page whose list stays loading when its answer is refused, as a page query does. */
    const tolerant = {
      renderPage: (_url: string, answers: Record<string, unknown>, refused?: readonly string[]) => {
        calls.push(refused);
        return Promise.resolve(
          'list' in answers || refused?.includes('list') ? page : { missing: ['list'] },
        );
      },
    };
    const ask = () => Promise.resolve();
    expect(await renderSafely(tolerant, '/', new Map(), ask, log)).toEqual(page);
    expect(calls).toEqual([[], ['list']]);
  });

  it('is left to the browser when a route refuses what it asks for', async () => {
    const asked: string[][] = [];
    const ask = (keys: string[]) => {
      asked.push(keys);
      return Promise.resolve();
    };
    expect(await renderSafely(renderer, '/', new Map(), ask, log)).toBeUndefined();
    expect(asked).toEqual([['storefront']]);
  });
});
