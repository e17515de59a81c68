import { Ajv, type AnySchema } from 'ajv';

/**
 * Ajv options that leave checking schemas against the JSON Schema meta-schema to
 * {@link assertJsonSchema}. Each Ajv compiles that meta-schema itself on its first schema, and
 * with the server's several Ajvs (routes, settings documents, section and rule types) doing so
 * took about a sixth of its start-up; one Ajv now does it for all.
 */
export const SHARED_META_CHECK = { validateSchema: false } as const;

let metaChecker: Ajv | undefined;

/**
 * Throws, in Ajv's words, when `schema` is not a valid JSON Schema: what an Ajv made with
 * {@link SHARED_META_CHECK} options no longer checks when it compiles a declared schema.
 *
 * @throws Error "schema is invalid: data/type must be equal to one of the allowed values"
 * @example
 * assertJsonSchema(declaration.content);
 * const validate = ajv.compile(declaration.content);
 */
export function assertJsonSchema(schema: unknown): void {
  metaChecker ??= new Ajv({ strict: false, allErrors: true });
  if (!metaChecker.validateSchema(schema as AnySchema))
    throw new Error(`schema is invalid: ${metaChecker.errorsText(metaChecker.errors)}`);
}
