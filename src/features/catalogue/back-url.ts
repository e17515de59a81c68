import { sameSitePath } from '@engine/core';

/** The origin of the page in the browser; undefined where there is none (the server). */
function pageOrigin(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.location.origin;
}

/**
 * Where the search page's back link goes: the `search_back_url` when it is a path on this site or
 * a full address with the page's own origin (as its path), else `fallback`. Anything that could
 * leave the site is refused.
 */
export function safeBackUrl(
  value: string | null,
  fallback: string,
  origin: string | undefined = pageOrigin(),
): string {
  return sameSitePath(value, origin) ?? fallback;
}
