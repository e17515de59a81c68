import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { loginBodySchema, signupBodySchema } from '@schemas/entities/auth.schema';
import { currentUserSchema } from '@schemas/entities/user.schema';
import { MIN_PASSWORD_LENGTH, passwordRules } from '@engine/core';
import { envelope, HttpError, ok } from '@engine/server';
import { PG_UNIQUE_VIOLATION, sqlState } from '../db/db';
import { errorResponses, needSignedIn } from '../lib/guards';
import { hashPassword, verifyNothing, verifyPassword } from '../lib/password';
import { visitorLanguage } from '../lib/visitor-language';
import type { Repositories } from '../repositories/create-repositories';

/** Login throttling: this many failures within the window block the account and the address. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Sign-up throttling: this many attempts (successful or not) from one address within the window;
 * then 429 until the oldest leaves it.
 */
export const SIGNUP_ATTEMPT_LIMIT = 10;

/** The role a person who signs up gets. */
const SIGNUP_ROLE = 'learner';

const signupMessages = {
  closed: 'Sign-up is not open on this site.',
  mailTaken: 'An account with this e-mail address already exists. Log in instead.',
  tooMany: 'Too many sign-up attempts. Try again later.',
  invalid: 'Please check the fields marked.',
} as const;

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
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign up: creates a learner account (when the site setting self_registration allows it) and signs it in',
        body: signupBodySchema,
        response: { 201: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const site = await app.repos.settings.get('site');
      if (!site.self_registration) throw new HttpError(404, signupMessages.closed);
      const keys = [`signup:ip:${request.ip}`];
      const attempt = await app.repos.loginFailures.reserve(
        keys,
        SIGNUP_ATTEMPT_LIMIT,
        LOGIN_FAILURE_WINDOW_MS,
      );
      if (!attempt.granted) {
        throw new HttpError(429, signupMessages.tooMany, undefined, {
          'Retry-After': String(Math.max(1, Math.ceil(attempt.clearsInMs / 1000))),
        });
      }
      const name = request.body.name.trim().replace(/\s+/g, ' ');
      const mail = request.body.mail.trim().toLowerCase();
      const broken = passwordRules(request.body.password, { name, mail }).filter((r) => !r.met);
      if (broken.length)
        throw new HttpError(
          400,
          signupMessages.invalid,
          broken.map((rule) => ({
            path: 'password',
            text: rule.text.replace('@count', String(MIN_PASSWORD_LENGTH)),
          })),
        );
      const taken = () =>
        new HttpError(409, signupMessages.mailTaken, [
          { path: 'mail', text: signupMessages.mailTaken },
        ]);
      if (await app.repos.users.mailTaken(mail)) throw taken();
      const [first_name = '', ...rest] = name.split(' ');
      const [languages, regional, pass] = await Promise.all([
        app.repos.languages.list(),
        app.repos.settings.get('regional'),
        hashPassword(request.body.password),
      ]);
      const previous = request.sessionToken;
      let created: { uid: number; token: string };
      try {
        created = await app.repos.transaction(async (repos) => {
          // They sign in with their e-mail address: unique as a user name.
          const uid = await repos.users.create({
            name: mail,
            mail,
            pass,
            first_name,
            last_name: rest.join(' '),
            language: visitorLanguage(request, languages, regional.default_language),
            timezone: null,
            profile: {},
            roles: [SIGNUP_ROLE],
            organizations: [],
          });
          // Administrators see who signed up on their own, beside the accounts they created.
          await repos.audit.record({
            actor: uid,
            as: null,
            action: 'user.register',
            target: `user:${uid}`,
            details: { mail, consent: request.body.consent },
          });
          if (previous) await repos.sessions.delete(previous);
          return { uid, token: await repos.sessions.create(uid) };
        });
      } catch (error) {
        if (sqlState(error) === PG_UNIQUE_VIOLATION) throw taken();
        throw error;
      }
      app.sessionCookie.set(reply, created.token);
      const user = await app.repos.users.current(created.uid);
      return reply.code(201).send(ok(user ?? { uid: created.uid }));
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
