import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, visitorAccess, type RequestAccess } from '@engine/server';
import { ANONYMOUS_ROLE, AUTHENTICATED_ROLE, computeFlags } from '../lib/access';
import { mayActAs } from '../lib/site-admin';
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

/** Methods that change something: each one made while acting as another user is recorded. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Answer of a change asked for by a session whose act has just ended. */
export const ACT_ENDED =
  'You may no longer act as another user, so nothing was done. You are signed in as yourself again.';

/** The longest request path an audit entry keeps. */
const MAX_AUDITED_PATH = 500;

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
 *
 * While the session acts as another user, every request first judges the act again by the
 * real user's own current access ({@link mayActAs}). An act no longer allowed ends there: the
 * session is the real user's again, as after "Switch back" (they signed in with their own
 * password and are not blocked, so they stay signed in, like any administrator whose role is
 * taken away), and a change asked for is refused with 403 rather than made as either user.
 * Every unsafe request made while acting is written to the audit log, with the real user as
 * actor, before the route runs: if the entry cannot be written, the request fails unrun.
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
      const access = await accessOf(session?.uid);
      request.access = access;
      const realUid = session?.realUid ?? undefined;
      if (realUid === undefined || !token) return;
      const unsafe = UNSAFE_METHODS.has(request.method);
      const real = await accessOf(realUid);
      if (!mayActAs(real.flags, access.flags)) {
        await endAct(token, realUid, access.uid);
        request.access = real;
        if (unsafe) throw new HttpError(403, ACT_ENDED);
        return;
      }
      request.realUid = realUid;
      if (unsafe)
        await app.repos.audit.record({
          actor: realUid,
          as: access.uid,
          action: 'masquerade.request',
          target: `user:${access.uid}`,
          details: {
            method: request.method,
            route: request.routeOptions.url ?? null,
            path: request.url.split('?')[0]!.slice(0, MAX_AUDITED_PATH),
          },
        });
    });

    /** The access of a user (a visitor without `uid`), kept until their roles or the settings change. */
    function accessOf(uid: number | undefined): Promise<RequestAccess> {
      return app.cache.get(
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
    }

    /**
     * Switches a session that may no longer act back to its real user, with an audit entry.
     * Of requests that find the same act ended at once, only the one that switches records it.
     */
    async function endAct(token: string, realUid: number, actingUid: number): Promise<void> {
      await app.repos.transaction(async (repos) => {
        if ((await repos.sessions.unmasquerade(token)) === undefined) return;
        await repos.audit.record({
          actor: realUid,
          as: actingUid,
          action: 'masquerade.end',
          target: `user:${actingUid}`,
        });
      });
    }
  },
  { name: 'atrium-auth', dependencies: ['atrium-db', '@fastify/cookie'] },
);
