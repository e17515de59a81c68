import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { loginBodySchema } from '@schemas/entities/auth.schema';
import { currentUserSchema } from '@schemas/entities/user.schema';
import { envelope, HttpError, ok } from '@engine/server';
import { errorResponses, needSignedIn } from '../lib/guards';
import { verifyNothing, verifyPassword } from '../lib/password';
import type { Repositories } from '../repositories/create-repositories';

/** Login throttling: this many failures within the window block the account and the address. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** How often a running server forgets ended sessions and failed logins past their window. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/**
 * Deletes ended sessions and failed logins older than the window. Each key's old failures also go
 * when it tries again, but the keys an attacker used once (every address of a botnet) never do.
 */
export async function forgetStaleSignIns(repos: Repositories): Promise<void> {
  await repos.sessions.purgeExpired();
  await repos.loginFailures.purgeOlderThan(LOGIN_FAILURE_WINDOW_MS);
}

/** Sign in and out. */
export const authRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  // Hourly while the server runs (every process may: the deletes are idempotent); tests call
  // forgetStaleSignIns themselves.
  if (process.env.NODE_ENV !== 'test' && !process.env.VITEST) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        forgetStaleSignIns(app.repos).catch((error: unknown) =>
          app.log.error({ err: error }, 'forgetting ended sessions and old login failures failed'),
        );
      }, HOUSEKEEPING_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  }

  /** The uid of the account the password opens: 400 for a wrong one, 403 for a blocked account. */
  async function accountOf(name: string, password: string): Promise<number> {
    const account = await app.repos.users.credentials(name.trim());
    const valid = account
      ? await verifyPassword(password, account.pass)
      : await verifyNothing(password);
    if (!account || !valid) throw new HttpError(400, 'Unrecognized username or password.');
    if (account.blocked) throw new HttpError(403, 'This account is blocked.');
    return account.uid;
  }

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
      // The attempt is counted before its password is checked: counted after, every attempt of
      // a burst would be checked before the first failure was written.
      const attempt = await app.repos.loginFailures.reserve(
        keys,
        LOGIN_FAILURE_LIMIT,
        LOGIN_FAILURE_WINDOW_MS,
      );
      if (!attempt.granted) {
        throw new HttpError(429, 'Too many failed login attempts. Try again later.', undefined, {
          'Retry-After': String(Math.max(1, Math.ceil(attempt.clearsInMs / 1000))),
        });
      }

      let uid: number;
      let token: string;
      try {
        uid = await accountOf(name, password);
        const previous = request.sessionToken;
        token = await app.repos.transaction(async (repos) => {
          if (previous) await repos.sessions.delete(previous);
          await repos.loginFailures.release(keys, attempt.ids, keys[0]);
          return repos.sessions.create(uid);
        });
      } catch (error) {
        // A wrong password keeps its attempt as a failure. Anything else is given back, if the
        // database lets it (else it counts, which errs on the safe side).
        const wrong = error instanceof HttpError && error.statusCode === 400;
        if (!wrong) await app.repos.loginFailures.release(keys, attempt.ids).catch(() => undefined);
        throw error;
      }
      app.sessionCookie.set(reply, token);
      // The earning rules hear of it, with the user's run of days (never fails the login).
      const at = app.events.now();
      await app.events.emit(
        request.log,
        'signed_in',
        uid,
        () => app.repos.earning.recordSignIn(uid, at),
        at,
      );
      const user = await app.repos.users.current(uid);
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
