/**
 * A path on this site for `value`: a path as it is, or a full address (`http://host/path?q#h`)
 * whose origin is `origin` (the page's own) as its path, query and fragment. Null for anything
 * that could leave the site (another origin, `//host`, another scheme, backslashes, control
 * characters) or when `value` is empty.
 *
 * @example
 * sameSitePath('http://127.0.0.1:3000/trainings?x=1', 'http://127.0.0.1:3000'); // '/trainings?x=1'
 */
export function sameSitePath(value: string | null, origin?: string): string | null {
  if (!value) return null;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  if (!origin || !/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
