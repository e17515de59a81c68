import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './errors';

/**
 * What the server knows about the caller, computed once per request by the application
 * (session lookup, roles, flags) and read by the access-check preHandlers.
 */
export interface RequestAccess {
  /** 0 for a visitor. */
  uid: number;
  signedIn: boolean;
  roles: readonly string[];
  /** Boolean access flags by name; a missing flag means no access. */
  flags: Readonly<Record<string, boolean>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    access: RequestAccess;
  }
}

/** Texts of the access answers; override per application. */
export const accessMessages = {
  unauthorized: 'You need to log in to continue.',
  forbidden: 'Access denied',
};

/** The access of a visitor: no uid, no roles, no flags. */
export const visitorAccess: RequestAccess = Object.freeze({
  uid: 0,
  signedIn: false,
  roles: [],
  flags: {},
});

/**
 * What an access check asks of the caller, kept on the check itself so that the route table
 * can be read as an access matrix (which role may call which endpoint) without running it.
 */
export type AccessRequirement =
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'allFlags'; readonly flags: readonly string[] }
  | { readonly kind: 'anyFlag'; readonly flags: readonly string[] }
  | { readonly kind: 'ownerOrFlags'; readonly flags: readonly string[] };

/** An access-check preHandler that says what it requires. */
export type AccessGuard = preHandlerAsyncHookHandler & { readonly requirement: AccessRequirement };

function guard(check: preHandlerAsyncHookHandler, requirement: AccessRequirement): AccessGuard {
  return Object.assign(check, { requirement: Object.freeze(requirement) });
}

/**
 * The requirement of an access-check preHandler made by this module; undefined for any other
 * function (a custom check, or a preHandler that checks nothing).
 *
 * @example
 * requirementOf(requireFlags('site_manage')); // { kind: 'allFlags', flags: ['site_manage'] }
 */
export function requirementOf(handler: unknown): AccessRequirement | undefined {
  if (typeof handler !== 'function' || !('requirement' in handler)) return undefined;
  return handler.requirement as AccessRequirement;
}

function deny(request: FastifyRequest): never {
  if (!request.access.signedIn) throw new HttpError(401, accessMessages.unauthorized);
  throw new HttpError(403, accessMessages.forbidden);
}

/**
 * preHandler that answers 401 unless the caller is signed in.
 *
 * @example
 * app.get('/navigation', { preHandler: requireSignedIn() }, handler);
 */
export function requireSignedIn(): AccessGuard {
  return guard(
    async function signedIn(request) {
      if (!request.access.signedIn) throw new HttpError(401, accessMessages.unauthorized);
    },
    { kind: 'signedIn' },
  );
}

/**
 * preHandler that needs every listed flag. A visitor without them gets 401 (so the client
 * sends them to the login page), a signed-in user 403.
 *
 * @example
 * app.get('/users', { preHandler: requireFlags('site_manage') }, handler);
 */
export function requireFlags(...flags: readonly string[]): AccessGuard {
  return guard(
    async function hasFlags(request) {
      if (!flags.every((f) => request.access.flags[f] === true)) deny(request);
    },
    { kind: 'allFlags', flags: [...flags] },
  );
}

/**
 * preHandler that needs at least one of the listed flags.
 *
 * @example
 * app.get('/settings/reports', { preHandler: requireAnyFlag('reports_manage', 'site_manage') }, handler);
 */
export function requireAnyFlag(...flags: readonly string[]): AccessGuard {
  return guard(
    async function hasAnyFlag(request) {
      if (!flags.some((f) => request.access.flags[f] === true)) deny(request);
    },
    { kind: 'anyFlag', flags: [...flags] },
  );
}

/**
 * The uid an owner check compares: a path param is still a string when access is checked
 * before validation, and coerces as the validator would; anything else names no user.
 */
function ownerUid(value: unknown): number {
  return typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
}

/**
 * preHandler for resources owned by a user: passes when the signed-in caller owns the resource
 * (by uid) or holds every listed flag. `ownerOf` may return the raw path param (a string before
 * validation); one that is no number is treated as someone else's resource.
 *
 * @example
 * app.patch('/users/:uid', { preHandler: requireOwnerOrFlags((r) => (r.params as { uid: string }).uid, 'site_manage') }, handler);
 */
export function requireOwnerOrFlags(
  ownerOf: (request: FastifyRequest) => unknown,
  ...flags: readonly string[]
): AccessGuard {
  return guard(
    async function ownerOrFlags(request) {
      if (!request.access.signedIn) throw new HttpError(401, accessMessages.unauthorized);
      if (ownerUid(ownerOf(request)) === request.access.uid) return;
      if (!flags.every((f) => request.access.flags[f] === true)) deny(request);
    },
    { kind: 'ownerOrFlags', flags: [...flags] },
  );
}
