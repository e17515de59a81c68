/**
 * Catalogue and search filters as they live in the address (so back and forward restore them):
 * `tags` repeated, `language`, `free` (`true`/`false`), `page` counted from 1.
 */
export interface Filters {
  tags: number[];
  language: string;
  /** '' means either. */
  free: '' | 'true' | 'false';
  /** Counted from 0, as the API does. */
  page: number;
}

export function readFilters(params: URLSearchParams): Filters {
  const tags = [
    ...new Set(
      params
        .getAll('tags')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
  const free = params.get('free');
  const page = Number(params.get('page'));
  return {
    tags,
    language: params.get('language') ?? '',
    free: free === 'true' || free === 'false' ? free : '',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function hasFilters(f: Filters): boolean {
  return f.tags.length > 0 || f.language !== '' || f.free !== '';
}

/** How many filters are set: each topic, the language and the price count one. */
export function activeFilterCount(f: Filters): number {
  return f.tags.length + (f.language ? 1 : 0) + (f.free ? 1 : 0);
}

/** The API query of the filters (`free` as a boolean, empty values left out). */
export function apiFilters(f: Filters): { tags?: number[]; language?: string; free?: boolean } {
  return {
    ...(f.tags.length ? { tags: f.tags } : {}),
    ...(f.language ? { language: f.language } : {}),
    ...(f.free ? { free: f.free === 'true' } : {}),
  };
}

/**
 * A copy of `params` with `changes` applied (arrays replace, '' or null removes). Any change
 * other than the page itself goes back to the first page.
 */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | number | (string | number)[] | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (Array.isArray(value)) value.forEach((v) => next.append(key, String(v)));
    else if (value !== null && value !== '') next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The address of page `page` (0-based) with the other parameters kept. */
export function pageHref(pathname: string, params: URLSearchParams, page: number): string {
  const next = withParams(params, { page: page > 0 ? page + 1 : null });
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Adds or removes one tag. */
export function toggleTag(tags: number[], tid: number): number[] {
  return tags.includes(tid) ? tags.filter((t) => t !== tid) : [...tags, tid];
}
