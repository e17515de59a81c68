import type { ListEnvelope } from '@engine/core';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from '../api';

/** A list the server pages by cursor: where it is, what filters it, how many rows a page. */
interface CursorList {
  queryKey: QueryKey;
  path: string;
  searchParams: Record<string, unknown>;
  limit: number;
  /** Default true: 401, 403 and 404 trigger the redirect handlers; false leaves them to the caller. */
  handleErrors?: boolean;
}

/**
 * Infinite-query options of a list read a page at a time by cursor: the first page without
 * one, each next page after the last row of the one before (`meta.next`); no cursor, no more.
 *
 * @example
 * cursorPagesOptions<Trainer>({ queryKey: key, path: 'availability/trainers', searchParams: filter, limit: 20 })
 */
export const cursorPagesOptions = <T>(list: CursorList) =>
  infiniteQueryOptions({
    queryKey: list.queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<ListEnvelope<T>>(list.path, {
        searchParams: {
          ...list.searchParams,
          limit: list.limit,
          ...(pageParam ? { after: pageParam } : {}),
        },
        signal,
        ...(list.handleErrors === false ? { handleErrors: false } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last: ListEnvelope<T>) => last.meta.next,
  });
