/**
 * The smallest value a JSON schema accepts, built from the schema itself: required properties
 * only, lower bounds, first enum member or anyOf branch. Requests carrying such values pass
 * Fastify's validation, so the answer a caller sees comes from the access check and the
 * handler, not from the validator.
 */

type Schema = Record<string, unknown>;

/** Strings tried, in order, against a `pattern` the schema declares. */
const PATTERN_CANDIDATES = [
  'matrix_sample',
  'Matrix sample',
  'zz',
  'NL',
  '09:00',
  '17:00',
  '#336699',
  '2030-01-07',
  'x',
];

function datePlusDays(days: number): string {
  return new Date(Date.UTC(2030, 0, 7 + days)).toISOString();
}

function sampleString(schema: Schema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max;
  switch (schema.format) {
    case 'date-time':
      return datePlusDays(0);
    case 'date':
      return datePlusDays(0).slice(0, 10);
    case 'time':
      return '09:00:00Z';
    case 'email':
      return 'matrix.sample@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = PATTERN_CANDIDATES.find((s) => pattern.test(s) && fits(s));
    if (found === undefined)
      throw new Error(`No sample string matches the pattern ${schema.pattern}: add one.`);
    return found;
  }
  const base = 'matrix sample';
  if (fits(base)) return base;
  return 'x'.repeat(Math.max(min, 1)).slice(0, max);
}

function sampleNumber(schema: Schema, integer: boolean): number {
  let n =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : 1;
  if (typeof schema.maximum === 'number' && n > schema.maximum) n = schema.maximum;
  return integer ? Math.ceil(n) : n;
}

/**
 * A value `schema` accepts. `refs` resolves `$ref`s (the schemas the server registered).
 *
 * @example
 * sampleOf({ type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 2 } } }); // { n: 2 }
 */
export function sampleOf(
  schema: unknown,
  refs: (id: string) => unknown = () => undefined,
): unknown {
  if (typeof schema !== 'object' || schema === null) return {};
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const target = refs(s.$ref.replace(/#$/, ''));
    if (target === undefined) throw new Error(`Unknown schema ${s.$ref}`);
    return sampleOf(target, refs);
  }
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('default' in s) return s.default;
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length) {
    const first = branches.find(
      (b) => !(typeof b === 'object' && b !== null && (b as Schema).type === 'null'),
    );
    return sampleOf({ ...s, anyOf: undefined, oneOf: undefined, ...(first as Schema) }, refs);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, refs) as object)) as unknown;
  }
  const types = [s.type].flat().filter((t) => t !== undefined);
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (s.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const min = typeof s.minProperties === 'number' ? s.minProperties : 0;
      for (const name of Object.keys(properties)) {
        if (required.size >= min) break;
        required.add(name);
      }
      return Object.fromEntries(
        [...required].map((name) => [name, sampleOf(properties[name] ?? {}, refs)]),
      );
    }
    case 'array': {
      const count = typeof s.minItems === 'number' ? s.minItems : 0;
      return Array.from({ length: count }, () => sampleOf(s.items ?? {}, refs));
    }
    case 'integer':
      return sampleNumber(s, true);
    case 'number':
      return sampleNumber(s, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return sampleString(s);
  }
}
