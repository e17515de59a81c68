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
export function requireSignedIn(): preHandlerAsyncHookHandler {
  return async function signedIn(request) {
    if (!request.access.signedIn) throw new HttpError(401, accessMessages.unauthorized);
  };
}

/**
 * preHandler that needs every listed flag. A visitor without them gets 401 (so the client
 * sends them to the login page), a signed-in user 403.
 *
 * @example
 * app.get('/users', { preHandler: requireFlags('site_manage') }, handler);
 */
export function requireFlags(...flags: readonly string[]): preHandlerAsyncHookHandler {
  return async function hasFlags(request) {
    if (!flags.every((f) => request.access.flags[f] === true)) deny(request);
  };
}

/**
 * preHandler that needs at least one of the listed flags.
 *
 * @example
 * app.get('/settings/incentives', { preHandler: requireAnyFlag('incentives_settings', 'site_manage') }, handler);
 */
export function requireAnyFlag(...flags: readonly string[]): preHandlerAsyncHookHandler {
  return async function hasAnyFlag(request) {
    if (!flags.some((f) => request.access.flags[f] === true)) deny(request);
  };
}

/**
 * preHandler for resources owned by a user: passes when the signed-in caller owns the resource
 * (by uid) or holds every listed flag.
 *
 * @example
 * app.patch('/users/:uid', { preHandler: requireOwnerOrFlags((r) => Number((r.params as { uid: number }).uid), 'site_manage') }, handler);
 */
export function requireOwnerOrFlags(
  ownerOf: (request: FastifyRequest) => number,
  ...flags: readonly string[]
): preHandlerAsyncHookHandler {
  return async function ownerOrFlags(request) {
    if (!request.access.signedIn) throw new HttpError(401, accessMessages.unauthorized);
    if (ownerOf(request) === request.access.uid) return;
    if (!flags.every((f) => request.access.flags[f] === true)) deny(request);
  };
}
