import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The Ajv options of the routes' schemas: form values coerced (one value for a list too),
 * declared defaults filled in, every error with the data it is about, nothing removed.
 */
export const ROUTE_AJV_OPTIONS = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: false,
  allErrors: true,
  verbose: true,
} as const;

/** An Ajv that validates as the routes do, for what the server checks beside them. */
export function routeAjv(): Ajv {
  const ajv = new Ajv({ ...ROUTE_AJV_OPTIONS, strict: false });
  addFormats(ajv);
  return ajv;
}
