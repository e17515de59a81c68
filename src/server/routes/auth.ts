import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { loginBodySchema } from '@schemas/entities/auth.schema';
import { currentUserSchema } from '@schemas/entities/user.schema';
import { envelope, HttpError, ok } from '@engine/server';
import { errorResponses, needSignedIn } from '../lib/guards';
import { verifyNothing, verifyPassword } from '../lib/password';

/** Login throttling: this many failures within the window block the account and the address. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** Sign in and out. */
export const authRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; rotates the session',
        body: loginBodySchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { name, password } = request.body;
      const keys = [`account:${name.trim().toLowerCase()}`, `ip:${request.ip}`];
      const blocked = (await app.repos.loginFailures.status(keys, LOGIN_FAILURE_WINDOW_MS)).filter(
        (s) => s.count >= LOGIN_FAILURE_LIMIT,
      );
      if (blocked.length) {
        const seconds = Math.max(1, ...blocked.map((s) => Math.ceil(s.clearsInMs / 1000)));
        throw new HttpError(429, 'Too many failed login attempts. Try again later.', undefined, {
          'Retry-After': String(seconds),
        });
      }

      const account = await app.repos.users.credentials(name.trim());
      const valid = account
        ? await verifyPassword(password, account.pass)
        : await verifyNothing(password);
      if (!account || !valid) {
        await app.repos.loginFailures.record(keys);
        throw new HttpError(400, 'Unrecognized username or password.');
      }
      if (account.blocked) throw new HttpError(403, 'This account is blocked.');

      const previous = request.sessionToken;
      const token = await app.repos.transaction(async (repos) => {
        if (previous) await repos.sessions.delete(previous);
        await repos.loginFailures.clear(keys[0]!);
        return repos.sessions.create(account.uid);
      });
      app.sessionCookie.set(reply, token);
      // Incentives: the first sign-in of a UTC day earns points (never fails the login).
      await app.repos.earning.awardSafely(
        request.log,
        account.uid,
        'daily_login',
        new Date().toISOString().slice(0, 10),
      );
      const user = await app.repos.users.current(account.uid);
      if (!user) throw new HttpError(400, 'Unrecognized username or password.');
      return ok(user);
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: needSignedIn(),
      schema: {
        tags: ['auth'],
        summary: 'Sign out; ends the session',
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await app.repos.sessions.delete(request.sessionToken);
      app.sessionCookie.clear(reply);
      return ok({ uid: 0 });
    },
  );
};
