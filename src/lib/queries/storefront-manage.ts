import type { Envelope } from '@engine/core';
import type {
  RestrictionItem,
  StorefrontLayout,
  StorefrontManageQuery,
} from '@schemas/entities/storefront.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

type Audience = NonNullable<StorefrontManageQuery['type']>;

/** Filters of the target audience dialog: one value (or list) per restriction type. */
export type PreviewFilters = Record<string, RestrictionItem['value'] | null | undefined>;

/** Every editor query (layouts and previews) starts with this key. */
export const storefrontManageRootKey = ['storefront-manage'] as const;

/** The query key of one editable layout. */
export const storefrontManageKey = (type: Audience, language: string) =>
  [...storefrontManageRootKey, 'layout', type, language] as const;

/**
 * `GET storefront/manage?type&language`: a layout as the editor edits it (every section, not
 * filtered, trainings not resolved) and the target audience dialog's restriction types. For a
 * language that has no layout yet the server answers an empty draft with `id: null` (a read never
 * creates one); its first save creates it.
 */
export const storefrontManageQueryOptions = (type: Audience, language: string) =>
  queryOptions({
    queryKey: storefrontManageKey(type, language),
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<StorefrontLayout>>('storefront/manage', {
          searchParams: { type, language },
          signal,
        })
      ).data,
    // The editor keeps its own working copy; a background refetch would only be ignored.
    staleTime: Infinity,
  });

export const useStorefrontManage = (type: Audience, language: string) =>
  useQuery(storefrontManageQueryOptions(type, language));

/**
 * The preview query's parameters: the audience's language goes as `audience_language` (the
 * layout's `language` stays the one edited), every other type as a list.
 */
export function previewSearchParams(
  type: Audience,
  language: string,
  filters: PreviewFilters,
): Record<string, unknown> {
  const params: Record<string, unknown> = { type, language, preview: true };
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0) continue;
    if (key === 'language') params.audience_language = String(list[0]);
    else params[key] = list;
  }
  return params;
}

/**
 * `GET storefront/manage?preview=true&…`: the saved layout as the audience the filters describe
 * would see it, trainings resolved.
 */
export const storefrontPreviewQueryOptions = (
  type: Audience,
  language: string,
  filters: PreviewFilters,
) =>
  queryOptions({
    queryKey: [...storefrontManageRootKey, 'preview', type, language, filters] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<StorefrontLayout>>('storefront/manage', {
          searchParams: previewSearchParams(type, language, filters),
          signal,
        })
      ).data,
  });

export const useStorefrontPreview = (type: Audience, language: string, filters: PreviewFilters) =>
  useQuery(storefrontPreviewQueryOptions(type, language, filters));
