import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Options of {@link xsrfProtection}. */
export interface XsrfOptions {
  /** Cookie readable by scripts; default `XSRF-TOKEN`. */
  cookieName?: string;
  /** Header that must echo the cookie; default `x-xsrf-token`. */
  headerName?: string;
  /** Body message of the 403. */
  message?: string;
  /** Mark the cookie Secure (production over HTTPS). */
  secure?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit XSRF protection. Safe requests get an `XSRF-TOKEN` cookie when they have none;
 * every unsafe request (POST, PUT, PATCH, DELETE…) must send the cookie's value in the
 * `X-XSRF-TOKEN` header, otherwise it is answered 403 before any handler runs.
 * Needs `@fastify/cookie` registered first.
 *
 * @example
 * await app.register(cookie);
 * await app.register(xsrfProtection, { secure: production });
 */
export const xsrfProtection = fp(
  async function xsrf(app: FastifyInstance, options: XsrfOptions) {
    const cookieName = options.cookieName ?? 'XSRF-TOKEN';
    const headerName = (options.headerName ?? 'x-xsrf-token').toLowerCase();
    const message =
      options.message ?? 'Invalid or missing XSRF token. Reload the page and try again.';

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const cookie = request.cookies[cookieName];
      if (SAFE_METHODS.has(request.method)) {
        if (!cookie) {
          void reply.setCookie(cookieName, randomBytes(32).toString('base64url'), {
            path: '/',
            sameSite: 'lax',
            httpOnly: false,
            secure: options.secure === true,
          });
        }
        return;
      }
      const header = request.headers[headerName];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        return reply.code(403).send({ message });
      }
    });
  },
  { name: 'xsrf-protection', dependencies: ['@fastify/cookie'] },
);
