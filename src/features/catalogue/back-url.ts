/**
 * Where the search page's back link goes: the `search_back_url` when it is a path on this site,
 * else `fallback`. Anything that could leave the site (`//host`, `https://…`, backslashes,
 * control characters) is refused.
 */
export function safeBackUrl(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  return value;
}
