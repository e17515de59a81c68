import type { Envelope } from '@engine/core';
import type { StorefrontLayout, StorefrontPatch } from '@schemas/entities/storefront.schema';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { storefrontRootKey } from './storefront';
import { storefrontManageKey, storefrontManageRootKey } from './storefront-manage';

/**
 * `PATCH storefront/manage/{id}`: saves a layout's sections. Returns the answer as it came (a
 * body without `data` is for the caller to treat as a failure). On success the editor's cached
 * layout is replaced and every public storefront and preview query refetches.
 */
export async function saveStorefront(
  queryClient: QueryClient,
  id: number,
  patch: StorefrontPatch,
): Promise<Partial<Envelope<StorefrontLayout>>> {
  const body = await api.patch<Partial<Envelope<StorefrontLayout>> | null>(
    `storefront/manage/${id}`,
    patch,
    // Empty lists and strings (no restrictions, an empty colour) must arrive as they are.
    { json: true },
  );
  const layout = body?.data;
  if (layout) {
    queryClient.setQueryData(storefrontManageKey(layout.audience, layout.language), layout);
    void queryClient.invalidateQueries({ queryKey: [...storefrontManageRootKey, 'preview'] });
    void queryClient.invalidateQueries({ queryKey: storefrontRootKey });
  }
  return body ?? {};
}
