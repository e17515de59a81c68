import type { ApiSession } from '../lib/http';

/** A storefront section as `PATCH storefront/manage/{id}` takes it (`id: null` adds one). */
export interface PatchSection {
  id: number | null;
  type: string;
  weight: number;
  data: {
    content: Record<string, unknown>;
    settings: Record<string, unknown>;
    appearance: Record<string, unknown>;
    restrictions: unknown[];
  };
}

/** The editable layout of an audience, in English. */
export interface ManagedLayout {
  id: number;
  sections: (PatchSection & { id: number })[];
}

/** Where the editor of the registered users' storefront lives. */
export const REGISTERED_EDITOR = '/settings/storefront/registered';

/** The registered users' English layout, as the editor loads it. */
export async function registeredLayout(admin: ApiSession): Promise<ManagedLayout> {
  const { data } = await admin.expect<{ data: ManagedLayout }>(
    200,
    'GET',
    '/api/v2/storefront/manage?type=registered&language=en',
  );
  return data;
}

/** Saves a layout's sections through the API, as the editor's Save does; returns them as saved. */
export async function saveSections(
  admin: ApiSession,
  layoutId: number,
  sections: readonly PatchSection[],
): Promise<ManagedLayout> {
  const { data } = await admin.expect<{ data: ManagedLayout }>(
    200,
    'PATCH',
    `/api/v2/storefront/manage/${layoutId}`,
    { sections: sections.map(({ id, type, weight, data }) => ({ id, type, weight, data })) },
  );
  return data;
}
