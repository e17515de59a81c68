/** Percent-encodes a value as RFC 3986 asks (`encodeURIComponent` leaves `!'()*` as they are). */
const encodeValue = (value: string): string =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Appends `key=value` pairs for a value in bracket notation: objects as `key[name]`, arrays as
 * `key[0]` (indices) or `key[]` (brackets). Keys stay as they are, values are encoded; empty
 * strings, `null` and `undefined` are dropped, as are empty arrays and objects.
 */
function appendPairs(
  out: string[],
  key: string,
  value: unknown,
  arrays: 'indices' | 'brackets',
): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      appendPairs(out, arrays === 'indices' ? `${key}[${index}]` : `${key}[]`, item, arrays),
    );
  } else if (value instanceof Date) {
    out.push(`${key}=${encodeValue(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value))
      appendPairs(out, `${key}[${name}]`, item, arrays);
  } else if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint'
  ) {
    out.push(`${key}=${encodeValue(String(value))}`);
  }
}

function encode(body: Record<string, unknown>, arrays: 'indices' | 'brackets'): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(body)) appendPairs(out, key, value, arrays);
  return out.join('&');
}

/**
 * Encodes a body as `application/x-www-form-urlencoded` with bracket notation and indexed
 * arrays. Empty strings, `null` and `undefined` are dropped (send JSON to clear a field).
 *
 * @example
 * encodeForm({ sections: [{ title: 'A', note: '' }], ajax: true });
 * // 'sections[0][title]=A&ajax=true'
 */
export function encodeForm(body: Record<string, unknown>): string {
  return encode(body, 'indices');
}

/**
 * Encodes query parameters with `[]` brackets for arrays and `[key]` for nested objects.
 * Empty strings, `null` and `undefined` are dropped.
 *
 * @example
 * encodeQuery({ attributes: ['logo', 'colors'], search: '' });
 * // 'attributes[]=logo&attributes[]=colors'
 */
export function encodeQuery(params: Record<string, unknown>): string {
  return encode(params, 'brackets');
}

/**
 * Turns a plain object into `FormData` with bracket keys (`a[0][b]`); files and blobs are kept
 * as they are, empty strings, `null` and `undefined` are dropped.
 *
 * @example
 * toFormData({ title: 'Logo', file: new File(['x'], 'logo.png') });
 */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  const append = (key: string, value: unknown): void => {
    if (value === undefined || value === null || value === '') return;
    if (value instanceof Blob) {
      form.append(key, value);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => append(`${key}[${index}]`, item));
    } else if (value instanceof Date) {
      form.append(key, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) append(`${key}[${k}]`, v);
    } else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      typeof value === 'bigint'
    ) {
      form.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(body)) append(key, value);
  return form;
}

/**
 * Converts a server error path in bracket notation to the dotted form path used by forms.
 *
 * @example
 * bracketToDotted('sections[0][title]'); // 'sections.0.title'
 */
export function bracketToDotted(path: string): string {
  return path
    .replace(/\[([^\]]*)\]/g, '.$1')
    .replace(/^\./, '')
    .replace(/\.{2,}/g, '.');
}
