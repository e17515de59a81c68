import type { EditorSection } from './editor-config';

/**
 * Where a copied section lives between editors, so one copied in the registered storefront can
 * be pasted in the unregistered one. The editor mirrors it into its `buffer` when it starts.
 */
export interface EditorClipboard {
  read(): EditorSection | null;
  write(section: EditorSection): void;
  clear(): void;
}

/** A clipboard in memory: survives switching editors (client-side navigation), not a reload. */
export function createMemoryClipboard(): EditorClipboard {
  let held: EditorSection | null = null;
  return {
    read: () => held,
    write: (section) => {
      held = section;
    },
    clear: () => {
      held = null;
    },
  };
}

function isSectionLike(value: unknown): value is EditorSection {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const data = v.data as Record<string, unknown> | null | undefined;
  return (
    typeof v.id === 'number' &&
    typeof v.type === 'string' &&
    typeof v.weight === 'number' &&
    typeof data === 'object' &&
    data !== null &&
    ['content', 'settings', 'appearance'].every(
      (k) => typeof data[k] === 'object' && data[k] !== null,
    ) &&
    Array.isArray(data.restrictions)
  );
}

/**
 * A clipboard in Web Storage (e.g. `sessionStorage`): also survives a reload. Anything stored
 * under the key that does not look like a section reads as empty.
 */
export function createStorageClipboard(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  key = 'atrium.storefront.clipboard',
): EditorClipboard {
  return {
    read: () => {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
        return isSectionLike(parsed)
          ? { ...parsed, state: 'view', isNew: Boolean(parsed.isNew) }
          : null;
      } catch {
        return null;
      }
    },
    write: (section) => storage.setItem(key, JSON.stringify(section)),
    clear: () => storage.removeItem(key),
  };
}

/** The clipboard every storefront editor shares unless given another one. */
export const sharedClipboard: EditorClipboard = createMemoryClipboard();
