/**
 * The keyword that marks a string of a JSON Schema as text an administrator enters once per site
 * language: `{ type: 'string', 'x-translatable': true }`. The default language's text is the
 * field itself; the other languages' texts are kept beside it and read in the reader's language.
 */
export const TRANSLATABLE = 'x-translatable';

/** Texts of one language by field path (`title`, `about.title`). */
export type FieldTexts = Record<string, string>;

/** Texts per language code, then per field path: `{ ar: { title: 'جائزة' } }`. */
export type ContentTranslations = Record<string, FieldTexts>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a JSON Schema declares a translatable string. */
export function isTranslatableSchema(schema: unknown): boolean {
  return isRecord(schema) && schema[TRANSLATABLE] === true;
}

/**
 * The object a field holds when it is an object or nothing: the one branch of its `anyOf` or
 * `oneOf` that is not `{ type: 'null' }` (`banner: { anyOf: [image, { type: 'null' }] }`).
 */
function nullableObject(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  for (const key of ['anyOf', 'oneOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches) || !branches.every(isRecord)) continue;
    const others = branches.filter((branch) => branch.type !== 'null');
    if (others.length === 1 && others.length < branches.length) return others[0];
  }
  return undefined;
}

/** The properties of an object schema, or of the object a field holds when it is one or null. */
function propertiesOf(schema: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema)) return undefined;
  if (isRecord(schema.properties)) return schema.properties;
  const object = nullableObject(schema);
  return object && isRecord(object.properties) ? object.properties : undefined;
}

/**
 * The dotted paths of the strings a schema declares translatable, through its object
 * properties at any depth, an object that may be null included (`['title', 'about.title']`).
 *
 * @example
 * translatablePaths({ type: 'object', properties: { title: { type: 'string', 'x-translatable': true } } }); // ['title']
 */
export function translatablePaths(schema: unknown, prefix = ''): string[] {
  if (!isRecord(schema)) return [];
  if (isTranslatableSchema(schema)) return prefix ? [prefix] : [];
  const properties = propertiesOf(schema);
  if (!properties) return [];
  return Object.entries(properties).flatMap(([key, sub]) =>
    translatablePaths(sub, prefix ? `${prefix}.${key}` : key),
  );
}

/** The field schema at a dotted path of an object schema, if it declares one. */
export function schemaAtPath(schema: unknown, path: string): Record<string, unknown> | undefined {
  let node: unknown = schema;
  for (const key of path.split('.')) {
    const properties = propertiesOf(node);
    if (!properties) return undefined;
    node = properties[key];
  }
  return isRecord(node) ? node : undefined;
}

/**
 * The titles of the fields along a dotted path of an object schema, outermost first (English
 * sources, for the interface translation); a field without a title is named by its key.
 *
 * @example
 * fieldTitles(productInputSchema, 'image.alt'); // ['Image', 'Image description']
 */
export function fieldTitles(schema: unknown, path: string): string[] {
  const keys = path.split('.');
  return keys.map((key, i) => {
    const title = schemaAtPath(schema, keys.slice(0, i + 1).join('.'))?.title;
    return typeof title === 'string' && title !== '' ? title : key;
  });
}

/** The value at a dotted path, or undefined. */
export function valueAtPath(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[key];
  }
  return node;
}

function withValueAt(value: unknown, keys: string[], text: string): unknown {
  if (!isRecord(value)) return value;
  const [key, ...rest] = keys;
  if (key === undefined || !Object.hasOwn(value, key)) return value;
  return { ...value, [key]: rest.length ? withValueAt(value[key], rest, text) : text };
}

/**
 * A copy of `value` with each translatable string of its schema replaced by its text in `texts`
 * when there is one; the other fields, and fields without a text, stay as they are (the default
 * language's text is the fallback).
 *
 * @example
 * localize(productSchema, { title: 'Mug', price: 5 }, { title: 'كوب' }); // { title: 'كوب', price: 5 }
 */
export function localize<T>(schema: unknown, value: T, texts: FieldTexts | undefined): T {
  if (!texts) return value;
  let out: unknown = value;
  for (const path of translatablePaths(schema)) {
    const text = texts[path];
    if (text !== undefined && text !== '' && typeof valueAtPath(out, path) === 'string')
      out = withValueAt(out, path.split('.'), text);
  }
  return out as T;
}

/** A problem with an `x-translatable` declaration, at a JSON pointer inside the schema. */
export interface TranslatableProblem {
  pointer: string;
  message: string;
}

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];

const allowsOnlyStrings = (type: unknown) =>
  type === 'string' ||
  (Array.isArray(type) && type.includes('string') && type.every((t) => t === 'string'));

/**
 * Checks every `x-translatable` of a schema: it is `true` or `false`, it marks a string
 * (`type: 'string'`), and it is a property of an object (a string that is itself an item of a
 * list, or one of a choice of schemas, has no stable place to keep its translations; an object
 * in a list, an entity of its own, keeps its texts under its own id).
 *
 * @example
 * translatableProblems({ properties: { n: { type: 'integer', 'x-translatable': true } } });
 * // [{ pointer: '/properties/n/x-translatable', message: '…' }]
 */
export function translatableProblems(schema: unknown): TranslatableProblem[] {
  const problems: TranslatableProblem[] = [];
  // `inChoice`: under one of several schemas, where nothing below has a fixed place either.
  const visit = (node: unknown, pointer: string, reachable: boolean, inChoice = false) => {
    if (!isRecord(node)) return;
    if (TRANSLATABLE in node) {
      const at = `${pointer}/${TRANSLATABLE}`;
      const value = node[TRANSLATABLE];
      if (typeof value !== 'boolean')
        problems.push({
          pointer: at,
          message: `must be true or false, not ${JSON.stringify(value)}`,
        });
      else if (value && !allowsOnlyStrings(node.type))
        problems.push({
          pointer: at,
          message: `marks a ${JSON.stringify(node.type ?? 'value of any type')}: only a field of type "string" can have a text per language; remove ${TRANSLATABLE} or make the field a string`,
        });
      else if (value && !reachable)
        problems.push({
          pointer: at,
          message: `marks an item of a list or one of a choice of schemas, where its texts per language have no fixed place: declare it on a property of an object`,
        });
    }
    if (isRecord(node.properties))
      for (const [key, sub] of Object.entries(node.properties))
        visit(
          sub,
          `${pointer}/properties/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          !inChoice,
          inChoice,
        );
    // An object that may be null keeps the place of its field; any other choice has none.
    const object = nullableObject(node);
    for (const key of SUBSCHEMA_LISTS)
      if (Array.isArray(node[key]))
        node[key].forEach((sub, i) =>
          sub === object
            ? visit(sub, `${pointer}/${key}/${i}`, reachable, inChoice)
            : visit(sub, `${pointer}/${key}/${i}`, false, true),
        );
    for (const key of SUBSCHEMAS) visit(node[key], `${pointer}/${key}`, false, inChoice);
  };
  visit(schema, '', true);
  return problems;
}
