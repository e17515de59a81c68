import type { FastifyRequest } from 'fastify';
import type { AuditRepository } from '../repositories/audit';

/** Fields never written to the audit log, whatever changed. */
const SECRET = /pass|secret|token/i;

/** One changed field: its value before and after (null when absent). */
export interface FieldChange {
  old: unknown;
  new: unknown;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields whose values differ between two versions of a record, as `{ field: { old, new } }`
 * (top-level fields; nested values compared whole). Password-like fields are left out. Pass
 * `null` as `before` for a creation, as `after` for a deletion.
 */
export function changes(
  before: object | null | undefined,
  after: object | null | undefined,
  keys?: readonly string[],
): Record<string, FieldChange> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = keys ?? [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const out: Record<string, FieldChange> = {};
  for (const key of fields) {
    if (SECRET.test(key) || same(b[key], a[key])) continue;
    out[key] = { old: b[key] ?? null, new: a[key] ?? null };
  }
  return out;
}

/**
 * Records an administrative change made by the caller: the actor is the real administrator
 * while masquerading (and the acting user is kept beside). Pass the transaction's repositories
 * when the route writes in one, so the entry commits or rolls back with the change.
 *
 * @example
 * await audit(app.repos, request, 'settings.site', 'settings:site', changes(before, after));
 */
export async function audit(
  repos: { audit: AuditRepository },
  request: FastifyRequest,
  action: string,
  target: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const acting = request.access.uid;
  const real = request.realUid;
  await repos.audit.record({
    actor: real ?? acting,
    as: real !== undefined ? acting : null,
    action,
    target,
    details,
  });
}
