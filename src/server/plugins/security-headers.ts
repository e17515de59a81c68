import { ServerResponse, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
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

/** The headers of each mode, built once. */
const built = new Map<boolean, Readonly<Record<string, string>>>();

/**
 * The security headers of every answer, by name: CSP, nosniff, a strict referrer policy, no
 * framing, a same-origin opener and, in production only, HSTS. The one declaration of them: the
 * plugin below puts them on the answers of routes, and the server's own answers to requests
 * that never reach a route (a malformed request, a bad URL) take them from here too.
 *
 * @example
 * reply.headers(securityHeaders({ production }));
 */
export function securityHeaders(options: SecurityHeadersOptions): Readonly<Record<string, string>> {
  let headers = built.get(options.production);
  if (!headers) {
    headers = Object.freeze(
      helmetHeaders({
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
      }),
    );
    built.set(options.production, headers);
  }
  return headers;
}

/** What the server answers to a request it could not read, by status. */
const UNREADABLE = {
  400: 'The request is malformed.',
  408: 'The request took too long to arrive.',
  431: 'The request headers are too large.',
} as const;

/**
 * Fastify constructor options that put the security headers on the answers the server gives
 * before, or without, any route or hook of the app:
 *
 * - every response object Node creates starts with them (`http.ServerResponse`), so the
 *   answers Node writes itself (400 for an HTTP/1.1 request without Host, 417 for an
 *   expectation it cannot meet) and Fastify's router errors (400 for a malformed
 *   percent-encoding, 414 for an over-long path parameter), which run no hooks, carry them;
 *   a route may still replace one (uploaded files set a stricter CSP);
 * - a request Node's parser refuses (malformed request line, unknown method, headers or URL
 *   over the size limit, a timeout) has no response object: its answer is written to the
 *   socket with them, in the API's error shape.
 *
 * @example
 * Fastify({ ...securedServerOptions({ production }), logger: false });
 */
export function securedServerOptions(
  options: SecurityHeadersOptions,
): Pick<FastifyHttpOptions<Server>, 'http' | 'clientErrorHandler'> {
  const headers = Object.entries(securityHeaders(options));
  class SecuredResponse<
    Request extends IncomingMessage = IncomingMessage,
  > extends ServerResponse<Request> {
    constructor(...args: ConstructorParameters<typeof ServerResponse<Request>>) {
      super(...args);
      for (const [name, value] of headers) this.setHeader(name, value);
    }
  }
  const lines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return {
    http: { ServerResponse: SecuredResponse },
    clientErrorHandler(error, socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? 431
            : 400;
      const body = JSON.stringify({ message: UNREADABLE[status] });
      // As Node does: no answer over one whose head is already on its way.
      const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
      if (socket.writable && !inFlight?.headersSent)
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}` +
            `Content-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      socket.destroy(error);
    },
  };
}

/**
 * Security headers on every answer (API, uploaded files, the built client and its fallback):
 * see {@link securityHeaders}. A route may still set its own stricter CSP (uploaded files do).
 * A listening server's answers start with them already ({@link securedServerOptions}); this
 * hook puts them on answers made through `app.inject` (the page's first answers, the tests),
 * whose response objects are not Node's.
 *
 * @example
 * await app.register(securityHeadersPlugin, { production });
 */
export const securityHeadersPlugin = fp(
  async function securityHeadersHook(app: FastifyInstance, options: SecurityHeadersOptions) {
    const headers = securityHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'atrium-security-headers' },
);
