import type { ListEnvelope } from './http';

/**
 * Fetches every page of a paged list, one after another from page 0 until the last page, and
 * merges them: `data` holds all items, `meta` is the last page's with `isLastPage: true`.
 *
 * @example
 * const all = await fetchAllPages((page) =>
 *   api.get<ListEnvelope<Organization>>('organizations', { searchParams: { limit: 100, page } }),
 * );
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number) => Promise<ListEnvelope<T>>,
): Promise<ListEnvelope<T>> {
  const first = await fetchPage(0);
  const data = [...first.data];
  let meta = first.meta;
  for (let page = 1; page < first.meta.totalPages; page++) {
    const next = await fetchPage(page);
    data.push(...next.data);
    meta = next.meta;
  }
  return { data, meta: { ...meta, isLastPage: true } };
}
