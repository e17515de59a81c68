import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Options of the security-headers plugin. */
export interface SecurityHeadersOptions {
  /** Served over HTTPS: adds Strict-Transport-Security and upgrade-insecure-requests. */
  production: boolean;
}

/** HSTS lifetime: one year, the minimum browsers' preload lists accept. */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy directives of every answer.
 *
 * - `script-src 'self'` only: the built client is external module files (no inline script in
 *   `index.html`), so no `'unsafe-inline'`; and nothing in it turns strings into code (the
 *   schema forms validate with a validator that interprets schemas instead of compiling them),
 *   so no `'unsafe-eval'`.
 * - `style-src 'self'` only: the client's styles are files, React sets `style` props through
 *   the CSSOM (which CSP allows), and cleaned HTML keeps no `style` attribute.
 * - `img-src https:`: administrators may set the logo, backgrounds and product images to
 *   images on other sites; `data:` and `blob:` cover inline icons and the avatar preview.
 */
function contentSecurityDirectives(production: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    // The page has no <base> element; 'none' keeps injected markup from re-rooting its URLs.
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain HTTP (development, tests) an upgrade would break every asset.
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The headers helmet sets with these options. Helmet builds them from the options alone (no
 * header depends on the request), so they are built once instead of on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader() {
      /* X-Powered-By: Fastify sends none */
    },
  };
  // Helmet throws on options it does not accept when called, and then sets the headers.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer (API, uploaded files, the built client and its fallback):
 * CSP, nosniff, a strict referrer policy, no framing, a same-origin opener and, in production
 * only, HSTS. A route may still set its own stricter CSP (uploaded files do).
 *
 * @example
 * await app.register(securityHeadersPlugin, { production });
 */
export const securityHeadersPlugin = fp(
  async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityDirectives(options.production),
      },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // For browsers that predate `frame-ancestors`.
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: options.production
        ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true }
        : false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'atrium-security-headers' },
);
