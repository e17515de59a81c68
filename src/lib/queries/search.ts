import type { SearchMeta, SearchQuery, SearchResult } from '@schemas/entities/training.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const searchRootKey = ['search'] as const;

export interface SearchResponse {
  data: SearchResult[];
  meta: SearchMeta;
}

/** `GET search?s&tags[]&language&free&page&limit`: ranked hits with snippets and facet counts. */
export const searchQueryOptions = (query: SearchQuery) =>
  queryOptions({
    queryKey: [...searchRootKey, query] as const,
    queryFn: ({ signal }) => api.get<SearchResponse>('search', { searchParams: query, signal }),
    placeholderData: keepPreviousData,
  });

/** Runs only with a non-empty `s` (the server needs one). */
export const useSearch = (query: SearchQuery) =>
  useQuery({ ...searchQueryOptions(query), enabled: query.s.trim() !== '' });
