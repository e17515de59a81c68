import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * The id of the `<script type="application/json">` element in which the server writes the data
 * of the queries a rendered page showed (beyond the first answers, which every page primes), so
 * that the portal takes the page over with the same data and shows the same thing.
 */
const PAGE_QUERIES_ID = 'atrium-page-queries';

/** Whether `value` survives JSON unchanged: plain objects, arrays, strings, finite numbers… */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((v) => v === undefined || isJson(v));
}

/**
 * The queries a page's components asked for while it rendered on the server and that have no
 * data yet: there `useQuery` only registers its query, it never fetches. Those switched off
 * (`enabled: false`) or skipped are left out.
 */
export function queriesAwaitingData(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      const { enabled, queryFn } = query.options as {
        enabled?: boolean | ((q: Query) => boolean);
        queryFn?: unknown;
      };
      if (typeof queryFn !== 'function') return false;
      return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
    });
}

/**
 * The script element that carries the data of `queries` (by hash) into the page, or '' when
 * none has data that survives JSON. `<` is written `\u003c`, so no text in it can end the element.
 *
 * @example
 * page += pageQueriesScript(client, new Set(fetched.map((q) => q.queryHash)));
 */
export function pageQueriesScript(client: QueryClient, queries: ReadonlySet<string>): string {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      queries.has(query.queryHash) && query.state.status === 'success' && isJson(query.state.data),
    shouldDehydrateMutation: () => false,
  });
  if (state.queries.length === 0) return '';
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_QUERIES_ID}">${json}</script>`;
}

/**
 * Puts the data the server rendered the page with (see {@link pageQueriesScript}) into the
 * portal's cache, before the portal takes the page over; the element goes, so it serves once.
 */
export function takePageQueries(client: QueryClient): void {
  const element = document.getElementById(PAGE_QUERIES_ID);
  if (!element) return;
  element.remove();
  try {
    hydrate(client, JSON.parse(element.textContent ?? '{}') as DehydratedState);
  } catch {
    // Data that cannot be read is fetched as usual.
  }
}
