import type { StorefrontPatch } from '@schemas/entities/storefront.schema';
import type { EditorConfig, EditorSection } from './editor-config';

/** Texts the editor shows (SPEC points 4 and 8); translation keys for `t()`. */
export const editorMessages = {
  pasteToSave: 'Paste the section to enable saving',
  finishEditing: 'Finish editing to enable saving',
  upToDate: "You're all set! Everything is up to date",
  saved: 'Storefront settings have been successfully saved!',
  failed: 'Something went wrong, please try again.',
  pasteRefused: 'This section cannot be pasted into this storefront.',
} as const;

export type SaveDisabledReason =
  | typeof editorMessages.pasteToSave
  | typeof editorMessages.finishEditing
  | typeof editorMessages.upToDate;

/** True while a copied section waits to be pasted. */
export function isBufferFull(config: EditorConfig): boolean {
  return config.buffer !== null;
}

/** True while a section is in create, edit, settings or customize. */
export function isEditing(config: EditorConfig): boolean {
  return config.editingId !== null;
}

/** The section being edited, if any. */
export function editingSection(config: EditorConfig): EditorSection | null {
  return config.sections.find((s) => s.id === config.editingId) ?? null;
}

/**
 * Why Save is disabled (the hint shown with it), or null when saving is allowed. The checks run
 * in SPEC order: buffer full, then a section being edited, then nothing changed.
 */
export function saveDisabledReason(config: EditorConfig): SaveDisabledReason | null {
  if (isBufferFull(config)) return editorMessages.pasteToSave;
  if (isEditing(config)) return editorMessages.finishEditing;
  if (!config.changed) return editorMessages.upToDate;
  return null;
}

/** Target audience preview is only offered when there are no unsaved changes. */
export function isPreviewDisabled(config: EditorConfig): boolean {
  return config.changed;
}

/**
 * Why a section cannot be pasted into a layout that allows `allowedTypes` (null: any type), or
 * null when it can.
 */
export function pasteRefusal(
  section: EditorSection | null,
  allowedTypes: readonly string[] | null,
): string | null {
  if (!section) return null;
  if (allowedTypes && !allowedTypes.includes(section.type)) return editorMessages.pasteRefused;
  return null;
}

/**
 * The `PATCH storefront/manage/{id}` body: sections in order, new ones with `id: null`, without
 * the editor's `hide`, `state` and `isNew`.
 */
export function toPatch(config: EditorConfig): StorefrontPatch {
  return {
    enabled: config.enabled,
    sections: config.sections.map((s) => ({
      id: s.isNew ? null : s.id,
      type: s.type,
      weight: s.weight,
      data: s.data,
    })),
  };
}
