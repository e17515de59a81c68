import type { AccessFlag } from '@schemas/entities/access-flags.schema';
import { requireFlags, requireOwnerOrFlags, requireSignedIn, requirementOf } from '@engine/server';
import type { FastifyRequest } from 'fastify';
import { errorSchema } from '@schemas/entities/common.schema';

/** preHandler: every named access flag is needed (typed flag names). */
export const needFlags = (...flags: AccessFlag[]) => requireFlags(...flags);

/** preHandler: the caller must be signed in. */
export const needSignedIn = () => requireSignedIn();

/**
 * preHandler: the caller owns the resource or holds every named flag. `ownerOf` reads the
 * owner's uid before validation, so from a path param it is still a string.
 */
export const needOwnerOr = (
  ownerOf: (request: FastifyRequest) => unknown,
  ...flags: AccessFlag[]
) => requireOwnerOrFlags(ownerOf, ...flags);

const ACCESS_CHECK = Symbol('access check');

/**
 * Marks an access check written in a route file, so that it runs before input validation like
 * the engine's checks (see the route-table plugin). It reads the request unvalidated: path
 * params are strings.
 *
 * @example
 * const needActOn = accessCheck(async function needActOn(request) { ... });
 */
export function accessCheck<T extends (request: FastifyRequest) => Promise<void>>(check: T): T {
  return Object.assign(check, { [ACCESS_CHECK]: true });
}

/** Whether a route hook checks access: made by the engine's guards or marked by {@link accessCheck}. */
export function isAccessCheck(hook: unknown): boolean {
  return requirementOf(hook) !== undefined || (typeof hook === 'function' && ACCESS_CHECK in hook);
}

/** Error answers every route declares. */
export const errorResponses = { '4xx': errorSchema, '5xx': errorSchema } as const;
