import type { Envelope } from '@engine/core';
import type {
  StorefrontCreate,
  StorefrontLayout,
  StorefrontPatch,
} from '@schemas/entities/storefront.schema';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { storefrontRootKey } from './storefront';
import { storefrontManageKey, storefrontManageRootKey } from './storefront-manage';

/** Which layout a save is for: a saved one by its id, or a draft (id null) by its audience and language. */
export interface StorefrontSaveTarget {
  id: StorefrontLayout['id'];
  audience: StorefrontLayout['audience'];
  language: string;
}

/**
 * Saves a layout's sections: `PATCH storefront/manage/{id}`, or for a draft, which exists only
 * once saved, `POST storefront/manage` with its audience and language. Returns the answer as it
 * came (a body without `data` is for the caller to treat as a failure). On success the editor's
 * cached layout is replaced (a draft's by the layout with its new id) and every public storefront
 * and preview query refetches.
 */
export async function saveStorefront(
  queryClient: QueryClient,
  target: StorefrontSaveTarget,
  patch: StorefrontPatch,
): Promise<Partial<Envelope<StorefrontLayout>>> {
  // Empty lists and strings (no restrictions, an empty colour) must arrive as they are.
  const body =
    target.id === null
      ? await api.post<Partial<Envelope<StorefrontLayout>> | null>(
          'storefront/manage',
          {
            type: target.audience,
            language: target.language,
            ...patch,
          } satisfies StorefrontCreate,
          { json: true },
        )
      : await api.patch<Partial<Envelope<StorefrontLayout>> | null>(
          `storefront/manage/${target.id}`,
          patch,
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
