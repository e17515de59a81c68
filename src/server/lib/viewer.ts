import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../repositories/trainings';

/** The caller as the training repositories see them. */
export function viewerOf(request: FastifyRequest): Viewer {
  return { uid: request.access.uid, manage: request.access.flags.site_manage === true };
}
