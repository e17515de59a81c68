import type { AccessFlag } from '@schemas/entities/access-flags.schema';
import { requireFlags, requireOwnerOrFlags, requireSignedIn } from '@engine/server';
import type { FastifyRequest } from 'fastify';
import { errorSchema } from '@schemas/entities/common.schema';

/** preHandler: every named access flag is needed (typed flag names). */
export const needFlags = (...flags: AccessFlag[]) => requireFlags(...flags);

/** preHandler: the caller must be signed in. */
export const needSignedIn = () => requireSignedIn();

/** preHandler: the caller owns the resource or holds every named flag. */
export const needOwnerOr = (ownerOf: (request: FastifyRequest) => number, ...flags: AccessFlag[]) =>
  requireOwnerOrFlags(ownerOf, ...flags);

/** Error answers every route declares. */
export const errorResponses = { '4xx': errorSchema, '5xx': errorSchema } as const;
