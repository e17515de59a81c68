import fc from 'fast-check';

/** A JSON Schema as it appears in the OpenAPI document (a plain object, or `true`/`false`). */
export type Schema = { readonly [key: string]: unknown } | boolean;

/** Resolves a `$ref` of the OpenAPI document (`#/components/schemas/def-3`). */
export type RefResolver = (ref: string) => Schema;

type SchemaObject = { readonly [key: string]: unknown };

const MAX_DEPTH = 6;
const EPOCH_MIN = Date.UTC(1970, 0, 1);
const EPOCH_MAX = Date.UTC(2100, 11, 31);

/**
 * Strings a careless server stumbles on: NUL bytes (PostgreSQL text refuses them), a lone
 * surrogate, right-to-left overrides, SQL and markup, path traversal, emoji and combining marks.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eevil',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '🎉👩‍👩‍👧',
  'e\u0301\u0301\u0301',
  'ﷺ',
  '\r\n\t',
  '{"a":1}',
  'null',
  '-1',
  '-0',
  '1e309',
  '9223372036854775808',
];

/** A string far beyond any declared maximum (but well inside the body limit). */
export const HUGE_STRING = 'x'.repeat(100_000);

/** A long text where no maximum is declared: 10,000 characters, of two bytes each in UTF-8. */
const LONG_STRING = 'é'.repeat(10_000);

/**
 * Numbers at and beyond the edges: PostgreSQL `integer` and `bigint` overflows, the last exact
 * JavaScript integers, negative zero, fractions, extremes.
 */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  -0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  99_999_999_999,
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  -0,
  1e308,
  -1e308,
];

/**
 * Date-times `format: 'date-time'` lets through at the edges of what JavaScript and PostgreSQL
 * can read: leap seconds, the years 0000, 0001 and 9999 (also moved across a year by their time
 * zone), 29 February, the extreme real time zone offsets and offsets beyond them, offsets
 * without minutes or colon, lowercase letters, a space for `T`, nanoseconds and more.
 */
const BOUNDARY_DATE_TIMES: readonly string[] = [
  '2026-01-01T23:59:60Z',
  '2016-12-31T23:59:60Z',
  '1969-12-31T23:59:60Z',
  '2027-01-01T05:29:60+05:30',
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00+14:00',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-12:00',
  '9999-12-31T23:59:59.999999999Z',
  '1899-12-31T23:59:59Z',
  '1900-01-01T00:00:00Z',
  '1900-01-01T00:00:00+14:00',
  '2999-12-31T23:59:59-12:00',
  '3000-01-01T00:00:00Z',
  '2000-02-29T12:00:00Z',
  '2024-02-29T23:59:59-12:00',
  '1970-01-01T00:00:00Z',
  '2026-03-29T01:30:00+14:00',
  '2026-03-29T01:30:00-12:00',
  '2026-07-01T10:00:00+23:59',
  '2026-07-01T10:00:00-23:59',
  '2026-07-01T10:00:00+15:00',
  '2026-07-01T10:00:00+05',
  '2026-07-01T10:00:00+0530',
  '2026-07-01t10:00:00z',
  '2026-07-01 10:00:00Z',
  '2026-07-01T10:00:00.1234567891234Z',
];

/** Calendar dates at the same edges. */
const BOUNDARY_DATES: readonly string[] = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '1899-12-31',
  '1900-01-01',
  '2999-12-31',
  '3000-01-01',
  '2000-02-29',
  '2024-02-29',
  '1970-01-01',
];

/**
 * Dates and date-times that break the calendar or the clock: 29 February of years that have
 * none (2023, and the centuries 1900 and 2100), a leap second that is not at the end of a day,
 * 24:00, years beyond four digits or before year 0.
 */
const IMPOSSIBLE_DATES: readonly string[] = [
  '2023-02-29',
  '1900-02-29',
  '2100-02-29T00:00:00Z',
  '2023-02-29T10:00:00Z',
  '2026-01-01T12:00:60Z',
  '2026-01-01T24:00:00Z',
  '2026-04-31T10:00:00Z',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '275760-09-13',
];

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema with `$ref` and `allOf` resolved at the top level (properties merged). */
export function normalize(schema: Schema, resolve: RefResolver): Schema {
  let current: Schema = schema;
  for (let i = 0; i < 20 && isObject(current) && typeof current.$ref === 'string'; i++)
    current = resolve(current.$ref);
  if (!isObject(current) || !Array.isArray(current.allOf)) return current;
  const { allOf, ...rest } = current as SchemaObject & { allOf: Schema[] };
  const merged: Record<string, unknown> = { ...rest };
  for (const part of allOf) {
    const p = normalize(part, resolve);
    if (!isObject(p)) continue;
    for (const [key, value] of Object.entries(p)) {
      if (key === 'properties' && isObject(value))
        merged.properties = { ...(merged.properties as object), ...value };
      else if (key === 'required' && Array.isArray(value))
        merged.required = [...((merged.required as string[] | undefined) ?? []), ...value];
      else merged[key] ??= value;
    }
  }
  return merged;
}

function typesOf(schema: SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (isObject(schema.properties) || schema.required !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

function num(schema: SchemaObject, key: string): number | undefined {
  const v = schema[key];
  return typeof v === 'number' ? v : undefined;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

const anyDate = fc.integer({ min: EPOCH_MIN, max: EPOCH_MAX });

function stringByFormat(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'date':
      return fc.oneof(
        { weight: 4, arbitrary: anyDate.map((ms) => isoDate(ms).slice(0, 10)) },
        { weight: 1, arbitrary: fc.constantFrom(...BOUNDARY_DATES) },
      );
    case 'date-time':
      return fc.oneof(
        { weight: 2, arbitrary: anyDate.map(isoDate) },
        // Near now, so ranges of a few days are common and reach the handler.
        {
          weight: 2,
          arbitrary: fc
            .integer({ min: -30, max: 30 })
            .map((d) => isoDate(Date.now() + d * 86_400_000)),
        },
        { weight: 1, arbitrary: fc.constantFrom(...BOUNDARY_DATE_TIMES) },
      );
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`);
    case 'email':
      return fc.emailAddress().filter((s) => s.length <= 254);
    case 'uri':
    case 'url':
    case 'uri-reference':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    default:
      return undefined;
  }
}

function validString(schema: SchemaObject): fc.Arbitrary<string> {
  const minLength = num(schema, 'minLength') ?? 0;
  const maxLength = num(schema, 'maxLength');
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : undefined;
  const fits = (s: string) =>
    [...s].length >= minLength && (maxLength === undefined || [...s].length <= maxLength);
  const byFormat = typeof schema.format === 'string' ? stringByFormat(schema.format) : undefined;
  // A schema may narrow its format with a pattern (a range of years, say).
  if (byFormat) return byFormat.filter((s) => fits(s) && (pattern?.test(s) ?? true));
  if (typeof schema.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(schema.pattern), {
        size: 'small',
        ...(maxLength !== undefined ? { maxLength } : {}),
      })
      .filter(fits);
  }
  const upper = Math.min(maxLength ?? minLength + 40, minLength + 40);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength: upper, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength: upper, unit: 'grapheme' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...HOSTILE_STRINGS).filter((s) => fits(s) && s.length > 0),
    },
    // Without a declared maximum, a long text is as valid as a short one.
    ...(maxLength === undefined ? [{ weight: 1, arbitrary: fc.constant(LONG_STRING) }] : []),
  );
}

function validInteger(schema: SchemaObject): fc.Arbitrary<number> {
  let min = num(schema, 'minimum') ?? -1_000_000;
  let max = num(schema, 'maximum') ?? 1_000_000_000;
  const exMin = num(schema, 'exclusiveMinimum');
  const exMax = num(schema, 'exclusiveMaximum');
  if (exMin !== undefined) min = Math.max(min, Math.floor(exMin) + 1);
  if (exMax !== undefined) max = Math.min(max, Math.ceil(exMax) - 1);
  min = Math.ceil(min);
  max = Math.floor(max);
  if (min > max) return fc.constant(min);
  // Small values name rows that exist in the demo data, so many requests reach the handler.
  const smallMin = Math.max(min, Math.min(0, max));
  const smallMax = Math.min(max, 40);
  return smallMin <= smallMax
    ? fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: smallMin, max: smallMax }) },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
      )
    : fc.integer({ min, max });
}

function validNumber(schema: SchemaObject): fc.Arbitrary<number> {
  const min = num(schema, 'minimum') ?? num(schema, 'exclusiveMinimum') ?? -1e6;
  const max = num(schema, 'maximum') ?? num(schema, 'exclusiveMaximum') ?? 1e9;
  const inside = (n: number) =>
    (num(schema, 'exclusiveMinimum') === undefined || n > num(schema, 'exclusiveMinimum')!) &&
    (num(schema, 'exclusiveMaximum') === undefined || n < num(schema, 'exclusiveMaximum')!);
  return fc
    .oneof(
      validInteger({ minimum: Math.ceil(min), maximum: Math.floor(max) }),
      fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    )
    .filter((n) => inside(n) && !Object.is(n, -0));
}

function validObject(
  schema: SchemaObject,
  resolve: RefResolver,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = isObject(schema.properties)
    ? (schema.properties as Record<string, Schema>)
    : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties))
    model[name] = valid(sub, resolve, depth + 1);
  // A required property the schema does not describe still has to be there.
  for (const name of required) model[name] ??= fc.jsonValue({ maxDepth: 1 });
  let arb: fc.Arbitrary<Record<string, unknown>> = fc.record(model, {
    requiredKeys: [...required],
  });
  const extra = schema.additionalProperties;
  if (Object.keys(properties).length === 0 && isObject(extra)) {
    arb = fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/),
      valid(extra, resolve, depth + 1),
      {
        maxKeys: 3,
      },
    );
  }
  const minProperties = num(schema, 'minProperties');
  return minProperties ? arb.filter((o) => Object.keys(o).length >= minProperties) : arb;
}

/**
 * An arbitrary of values the schema accepts: types, enums, `const`, bounds, lengths, patterns
 * and the formats date, date-time, time, email, uri and uuid. Handler rules beyond the schema
 * (a known language, an end after a start) are not known here, so such values may still be
 * refused with a 4xx.
 *
 * @example
 * fc.sample(valid({ type: 'integer', minimum: 1 }, resolve), 3) // e.g. [1, 17, 4093]
 */
export function valid(schema: Schema, resolve: RefResolver, depth = 0): fc.Arbitrary<unknown> {
  const s = normalize(schema, resolve);
  if (s === true || (isObject(s) && Object.keys(s).length === 0))
    return fc.jsonValue({ maxDepth: 1 });
  if (s === false || depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives)) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    return fc.oneof(
      ...alternatives.map((alt) =>
        valid({ ...rest, ...(normalize(alt, resolve) as object) }, resolve, depth + 1),
      ),
    );
  }
  const types = typesOf(s);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return validInteger(s);
        case 'number':
          return validNumber(s);
        case 'string':
          return validString(s);
        case 'array': {
          const items = s.items === undefined ? true : (s.items as Schema);
          const minLength = num(s, 'minItems') ?? 0;
          const maxLength = Math.min(num(s, 'maxItems') ?? minLength + 4, minLength + 4);
          const item = valid(items, resolve, depth + 1);
          return s.uniqueItems === true
            ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
            : fc.array(item, { minLength, maxLength });
        }
        default:
          return validObject(s, resolve, depth);
      }
    }),
  );
}

/** Values of every JSON type, to put where another type is expected. */
const anyTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, 'text', '', 0, -1, 1.5, [1, 'a'], { a: 1 }),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_STRINGS),
);

function matchesType(value: unknown, types: string[]): boolean {
  return types.some((t) => {
    switch (t) {
      case 'null':
        return value === null;
      case 'boolean':
        return typeof value === 'boolean';
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'string':
        return typeof value === 'string';
      case 'array':
        return Array.isArray(value);
      default:
        return isObject(value);
    }
  });
}

/**
 * An arbitrary of values the schema most likely refuses: a wrong type, a number or length beyond
 * its bounds, a value outside an enum, a string breaking its pattern or format, an object with a
 * required property left out, an unknown property added or one property broken, an array with a
 * broken item. Where the schema accepts everything, values of any type.
 *
 * @example
 * fc.sample(invalid({ type: 'integer', minimum: 1 }, resolve), 3) // e.g. [0, 'text', 99999999999]
 */
export function invalid(schema: Schema, resolve: RefResolver, depth = 0): fc.Arbitrary<unknown> {
  const s = normalize(schema, resolve);
  if (!isObject(s) || depth > MAX_DEPTH) return anyTypeValue;
  const types = typesOf(s);
  const options: fc.Arbitrary<unknown>[] = [];
  if (types.length) options.push(anyTypeValue.filter((v) => !matchesType(v, types)));
  if (Array.isArray(s.enum)) {
    const allowed = new Set((s.enum as unknown[]).map((v) => JSON.stringify(v)));
    options.push(
      fc
        .oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...HOSTILE_STRINGS), fc.integer())
        .filter((v) => !allowed.has(JSON.stringify(v))),
    );
  }
  if (types.includes('string')) {
    const maxLength = num(s, 'maxLength');
    const minLength = num(s, 'minLength');
    options.push(fc.constant(HUGE_STRING));
    if (maxLength !== undefined) options.push(fc.constant('y'.repeat(maxLength + 1)));
    if (minLength !== undefined && minLength > 0)
      options.push(fc.constant('z'.repeat(minLength - 1)));
    if (typeof s.pattern === 'string' || typeof s.format === 'string')
      options.push(
        fc.constantFrom(
          'not valid',
          '2024-13-45',
          '2024-02-30T25:61:00Z',
          '24:60',
          'no-at-sign',
          '#12345',
          'UPPER',
          ...HOSTILE_STRINGS,
        ),
      );
    if (s.format === 'date' || s.format === 'date-time')
      options.push(fc.constantFrom(...IMPOSSIBLE_DATES, ...BOUNDARY_DATES, ...BOUNDARY_DATE_TIMES));
  }
  if (types.includes('integer') || types.includes('number')) {
    const min = num(s, 'minimum') ?? num(s, 'exclusiveMinimum');
    const max = num(s, 'maximum') ?? num(s, 'exclusiveMaximum');
    if (min !== undefined) options.push(fc.constantFrom(min - 1, min - 1_000_000));
    if (max !== undefined) options.push(fc.constantFrom(max + 1, max * 10 + 1));
    if (types.includes('integer') && !types.includes('number'))
      options.push(fc.constantFrom(0.5, 1.25, -2.5));
    options.push(fc.constantFrom(...HOSTILE_NUMBERS));
  }
  if (types.includes('array')) {
    const items = s.items === undefined ? true : (s.items as Schema);
    options.push(fc.array(invalid(items, resolve, depth + 1), { minLength: 1, maxLength: 3 }));
    const maxItems = num(s, 'maxItems');
    if (maxItems !== undefined)
      options.push(
        fc.array(valid(items, resolve, depth + 1), {
          minLength: maxItems + 1,
          maxLength: maxItems + 3,
        }),
      );
  }
  if (types.includes('object')) {
    const base = validObject(s, resolve, depth);
    const properties = isObject(s.properties) ? (s.properties as Record<string, Schema>) : {};
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    if (required.length)
      options.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([o, drop]) => {
          const { [drop]: _dropped, ...rest } = o;
          return rest;
        }),
      );
    options.push(
      fc
        .tuple(
          base,
          fc.constantFrom('unknown_field', '__proto__', 'constructor', 'uid', 'id'),
          anyTypeValue,
        )
        .map(([o, key, value]) => {
          // `JSON.parse` turns a "__proto__" key into an own property, as the server will see it.
          const copy = JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
          Object.defineProperty(copy, key, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          return copy;
        }),
    );
    const names = Object.keys(properties);
    if (names.length)
      options.push(
        fc
          .constantFrom(...names)
          .chain((name) =>
            fc
              .tuple(base, invalid(properties[name]!, resolve, depth + 1))
              .map(([o, broken]) => ({ ...o, [name]: broken })),
          ),
      );
  }
  return options.length ? fc.oneof(...options) : anyTypeValue;
}
