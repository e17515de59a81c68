import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, type FieldMessage } from '@engine/server';
import { INVALID_FIELDS } from '../lib/messages';

/** PostgreSQL `integer`: ids, counts, points, weights and list offsets are stored as one. */
const INT_MAX = 2_147_483_647;
/** The largest page size any list allows; a missing `limit` is judged by it. */
const LIMIT_MAX = 100;
const NOT_ALLOWED_CHARACTER = 'Contains a character that is not allowed';
const OUT_OF_RANGE = `Must be between ${-INT_MAX - 1} and ${INT_MAX}`;
// NUL, which PostgreSQL text cannot hold, and UTF-16 halves without their pair (not text at all).
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function collect(value: unknown, path: string, out: FieldMessage[]): void {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) out.push({ path, text: NOT_ALLOWED_CHARACTER });
  } else if (typeof value === 'number') {
    // Schema validation takes "1e309" for an integer: it coerces to Infinity.
    if (
      !Number.isFinite(value) ||
      (Number.isInteger(value) && (value > INT_MAX || value < -INT_MAX - 1))
    )
      out.push({ path, text: OUT_OF_RANGE });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, `${path}[${i}]`, out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}[${key}]` : key;
      if (UNSTORABLE.test(key)) out.push({ path: at, text: NOT_ALLOWED_CHARACTER });
      collect(item, at, out);
    }
  }
}

/** Field messages for input the database could not store, by bracket path. */
function unstorable(request: FastifyRequest): FieldMessage[] {
  const out: FieldMessage[] = [];
  collect(request.params, '', out);
  collect(request.query, '', out);
  collect(request.body, '', out);
  const query = request.query as { page?: unknown; limit?: unknown } | undefined;
  if (typeof query?.page === 'number') {
    const limit = typeof query.limit === 'number' ? query.limit : LIMIT_MAX;
    const lastPage = Math.floor(INT_MAX / Math.max(1, limit));
    if (query.page > lastPage && query.page <= INT_MAX)
      out.push({ path: 'page', text: `Must be less than or equal to ${lastPage}` });
  }
  return out;
}

/**
 * Refuses, with 400 and field messages, input that passed the route's schema but that
 * PostgreSQL cannot store or compare: a NUL character or half a surrogate pair in any text, an
 * infinite number or an integer beyond the 32-bit range, a page whose offset would be. Without it such input reached
 * the SQL and failed there with a 500. Runs after schema validation (values are coerced) and
 * before the routes' access checks and handlers, so nothing is written.
 */
export const storableInputPlugin = fp(
  async function storableInput(app: FastifyInstance) {
    app.addHook('preHandler', async (request) => {
      const problems = unstorable(request);
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
    });
  },
  { name: 'storable-input' },
);
