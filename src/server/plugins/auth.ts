import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { visitorAccess, type RequestAccess } from '@engine/server';
import { ANONYMOUS_ROLE, AUTHENTICATED_ROLE, computeFlags } from '../lib/access';
import { hashToken, SESSION_ABSOLUTE_MS, TOUCH_EVERY_MS } from '../repositories/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session token sent by the browser, whether or not it is still valid. */
    sessionToken: string | undefined;
    /**
     * While an administrator masquerades: their uid (`access` is then the acting user's, so
     * every check judges the acting user). Undefined otherwise.
     */
    realUid: number | undefined;
  }
  interface FastifyInstance {
    sessionCookie: {
      name: string;
      set(reply: FastifyReply, token: string): void;
      clear(reply: FastifyReply): void;
    };
  }
}

/** Options of the auth plugin. */
export interface AuthPluginOptions {
  production: boolean;
}

/**
 * The probes need no caller: liveness must answer while the database is down, and readiness
 * tests the database itself and says so.
 */
const PROBES = /^\/api\/v2\/(health|ready)(\?|$)/;

/** Paths whose requests need the caller's access computed. */
function needsAccess(url: string): boolean {
  if (PROBES.test(url)) return false;
  return url.startsWith('/api/') || url.startsWith('/system/');
}

/**
 * Resolves the session cookie into `request.access` (uid, roles, flags) for API requests.
 * Flags come from role grants and the site switches. Both the session and the access are kept
 * in the table cache, so a change of sessions, accounts, roles or settings applies at once in
 * every server process; a kept session is checked again at least every minute, which also
 * keeps its idle timer running.
 */
export const authPlugin = fp(
  async function auth(app: FastifyInstance, options: AuthPluginOptions) {
    const name = options.production ? '__Host-atrium_session' : 'atrium_session';
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: options.production,
    };
    app.decorate('sessionCookie', {
      name,
      set(reply: FastifyReply, token: string) {
        void reply.setCookie(name, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
      },
      clear(reply: FastifyReply) {
        void reply.clearCookie(name, cookieOptions);
      },
    });
    app.decorateRequest('access', null as unknown as RequestAccess);
    app.decorateRequest('sessionToken', undefined);
    app.decorateRequest('realUid', undefined);

    app.addHook('onRequest', async (request: FastifyRequest) => {
      request.access = visitorAccess;
      if (!needsAccess(request.url)) return;
      const token = request.cookies[name];
      request.sessionToken = token;
      const session = token
        ? await app.cache.get(
            `session:${hashToken(token)}`,
            ['sessions', 'users'],
            () => app.repos.sessions.resolve(token),
            (found) => Math.min(TOUCH_EVERY_MS, found?.lifetimeMs ?? Infinity),
          )
        : undefined;
      const uid = session?.uid;
      request.realUid = session?.realUid ?? undefined;
      request.access = await app.cache.get(
        `access:${uid ?? 0}`,
        ['user_roles', 'role_flags', 'settings'],
        async (): Promise<RequestAccess> => {
          const roles = uid
            ? [AUTHENTICATED_ROLE, ...(await app.repos.users.roles(uid))]
            : [ANONYMOUS_ROLE];
          const [grants, site] = await Promise.all([
            app.repos.roles.grants(roles),
            app.repos.settings.get('site'),
          ]);
          return {
            uid: uid ?? 0,
            signedIn: uid !== undefined,
            roles,
            flags: computeFlags(grants, site),
          };
        },
      );
    });
  },
  { name: 'atrium-auth', dependencies: ['atrium-db', '@fastify/cookie'] },
);
