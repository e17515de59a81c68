/**
 * Values a JSON schema refuses, built from the schema itself: the opposite of `sampleOf`. The
 * server coerces types (`coerceTypes: 'array'`), so a value counts as surely refused only when
 * no coercion can make it fit: a word where a number, boolean or object is wanted, an object
 * where a string is wanted, an unknown property where none is allowed.
 */

type Schema = Record<string, unknown>;

/** Where a value travels: path params are always strings, query values strings or objects. */
export type Part = 'params' | 'query' | 'body';

/** A value for one request part, and whether the schema surely refuses it. */
export interface Malformed {
  value: unknown;
  sure: boolean;
}

/** The word sent for every value that should be a number, a boolean or an object. */
export const BAD_WORD = 'abc';
const BAD_OBJECT = { __bad: 1 };
const WORD_REFUSED_FORMATS = new Set(['date', 'date-time', 'time', 'email', 'uri', 'url', 'uuid']);

function resolve(schema: unknown, refs: (id: string) => unknown): Schema {
  if (typeof schema !== 'object' || schema === null) return {};
  const s = schema as Schema;
  if (typeof s.$ref !== 'string') return s;
  const target = refs(s.$ref.replace(/#$/, ''));
  if (target === undefined) throw new Error(`Unknown schema ${s.$ref}`);
  return resolve(target, refs);
}

/** The JSON types a schema accepts, or undefined when it does not say. */
function typesOf(s: Schema, refs: (id: string) => unknown): Set<string> | undefined {
  if (s.type !== undefined) return new Set([s.type].flat() as string[]);
  if (s.properties !== undefined) return new Set(['object']);
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!Array.isArray(branches)) return undefined;
  const types = new Set<string>();
  for (const branch of branches) {
    const t = typesOf(resolve(branch, refs), refs);
    if (t === undefined) return undefined;
    for (const one of t) types.add(one);
  }
  return types;
}

/** Whether a string schema surely refuses the bad word. */
function refusesWord(s: Schema): boolean {
  if (Array.isArray(s.enum)) return !s.enum.includes(BAD_WORD);
  if ('const' in s) return s.const !== BAD_WORD;
  if (typeof s.format === 'string' && WORD_REFUSED_FORMATS.has(s.format)) return true;
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(BAD_WORD)) return true;
  return typeof s.minLength === 'number' && s.minLength > BAD_WORD.length;
}

/**
 * A value `schema` refuses when sent in `part`, as far as the schema allows one.
 *
 * @example
 * wrongValueOf({ type: 'integer' }, 'body'); // { value: 'abc', sure: true }
 */
export function wrongValueOf(
  schema: unknown,
  part: Part,
  refs: (id: string) => unknown = () => undefined,
): Malformed {
  const s = resolve(schema, refs);
  const types = typesOf(s, refs);
  if (types === undefined) {
    const sure = (Array.isArray(s.enum) || 'const' in s) && refusesWord(s);
    return { value: BAD_WORD, sure };
  }
  // A word fits neither numbers, booleans, objects nor null, and coercion cannot change that.
  if (!types.has('string') && !types.has('array')) return { value: BAD_WORD, sure: true };
  if (part === 'params') return { value: BAD_WORD, sure: !types.has('array') && refusesWord(s) };
  // An object fits no string; an array would wrap it, and what its items take is another matter.
  return { value: BAD_OBJECT, sure: !types.has('object') && !types.has('array') };
}

/**
 * An object for a query or body schema: an unknown property, and every declared property with a
 * value it refuses. Sure when the schema forbids unknown properties or any property is sure.
 *
 * @example
 * malformedObject({ type: 'object', properties: { page: { type: 'integer' } } }, 'query');
 * // { value: { __bad: 1, page: 'abc' }, sure: true }
 */
export function malformedObject(
  schema: unknown,
  part: Part,
  refs: (id: string) => unknown = () => undefined,
): Malformed {
  const s = resolve(schema, refs);
  const types = typesOf(s, refs);
  if (types !== undefined && !types.has('object')) return wrongValueOf(s, part, refs);
  const parts = [s, ...(Array.isArray(s.allOf) ? s.allOf.map((p) => resolve(p, refs)) : [])];
  const value: Record<string, unknown> = { ...BAD_OBJECT };
  let sure = parts.some((p) => p.additionalProperties === false);
  for (const p of parts) {
    for (const [name, property] of Object.entries(
      (p.properties ?? {}) as Record<string, unknown>,
    )) {
      const wrong = wrongValueOf(property, part, refs);
      value[name] = wrong.value;
      sure ||= wrong.sure;
    }
  }
  return { value, sure };
}
