/** The `contentMediaType` that marks a string of a JSON Schema as HTML. */
export const HTML_CONTENT_TYPE = 'text/html';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a JSON Schema declares an HTML string (`contentMediaType: 'text/html'`). */
export function isHtmlSchema(schema: unknown): boolean {
  return isRecord(schema) && schema.contentMediaType === HTML_CONTENT_TYPE;
}

/**
 * A copy of `value` with `clean` applied to every string its JSON Schema marks as HTML
 * (`contentMediaType: 'text/html'`), at any depth of object properties and array items. Values
 * the schema does not mark, or that are not strings, are kept as they are.
 *
 * @example
 * const schema = { type: 'object', properties: { body: { type: 'string', contentMediaType: 'text/html' } } };
 * mapHtmlFields(schema, { body: '<p onclick="x()">Hi</p>' }, sanitize); // { body: '<p>Hi</p>' }
 */
export function mapHtmlFields<T>(schema: unknown, value: T, clean: (html: string) => string): T {
  if (!isRecord(schema)) return value;
  if (typeof value === 'string') return (isHtmlSchema(schema) ? clean(value) : value) as T;
  if (Array.isArray(value))
    return isRecord(schema.items)
      ? (value.map((item: unknown) => mapHtmlFields(schema.items, item, clean)) as T)
      : value;
  if (!isRecord(value) || !isRecord(schema.properties)) return value;
  const properties = schema.properties;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const next = Object.hasOwn(properties, key)
      ? mapHtmlFields(properties[key], field, clean)
      : field;
    if (next !== field) changed = true;
    out[key] = next;
  }
  return (changed ? out : value) as T;
}
