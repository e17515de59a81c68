import qs from 'qs';

/** qs filter that drops empty strings; qs itself skips undefined, and `skipNulls` skips null. */
const dropEmpty = (_prefix: string, value: unknown): unknown => (value === '' ? undefined : value);

/**
 * Encodes a body as `application/x-www-form-urlencoded` with bracket notation and indexed
 * arrays. Empty strings, `null` and `undefined` are dropped (send JSON to clear a field).
 *
 * @example
 * encodeForm({ sections: [{ title: 'A', note: '' }], ajax: true });
 * // 'sections[0][title]=A&ajax=true'
 */
export function encodeForm(body: Record<string, unknown>): string {
  return qs.stringify(body, {
    arrayFormat: 'indices',
    encodeValuesOnly: true,
    skipNulls: true,
    filter: dropEmpty,
  });
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
  return qs.stringify(params, {
    arrayFormat: 'brackets',
    encodeValuesOnly: true,
    skipNulls: true,
    filter: dropEmpty,
  });
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
