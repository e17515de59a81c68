import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { TRANSLATABLE } from '@engine/core';
import { SHARED_META_CHECK } from '@engine/server';

/**
 * The Ajv options of the routes' schemas: form values coerced (one value for a list too),
 * declared defaults filled in, every error with the data it is about, nothing removed. A field's
 * `x-translatable` declaration is known: it says how the field is stored, not what it may hold.
 * The routes' schemas are the project's own, checked by its tests and `npm run validate`; a
 * declared schema is checked with `assertJsonSchema` before it is compiled.
 */
export const ROUTE_AJV_OPTIONS = {
  keywords: [TRANSLATABLE] as string[],
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: false,
  allErrors: true,
  verbose: true,
  ...SHARED_META_CHECK,
} as const;

/** An Ajv that validates as the routes do, for what the server checks beside them. */
export function routeAjv(): Ajv {
  const ajv = new Ajv({ ...ROUTE_AJV_OPTIONS, strict: false });
  addFormats(ajv);
  return ajv;
}
