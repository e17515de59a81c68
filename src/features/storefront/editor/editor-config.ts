import type {
  RestrictionItem,
  StorefrontLayout,
  StorefrontSection,
} from '@schemas/entities/storefront.schema';

/** A section's editing state (SPEC point 4): `view`, or one of the four editing states. */
export const sectionStates = ['view', 'create', 'edit', 'settings', 'customize'] as const;
export type SectionState = (typeof sectionStates)[number];

/** The states in which a section is "being edited": entering one of them sets `editingId`. */
export const editingStates: readonly SectionState[] = ['create', 'edit', 'settings', 'customize'];

/** `content`, `settings`, `appearance` and `restrictions` of a section. */
export type SectionData = StorefrontSection['data'];

/**
 * A section as the editor holds it: the stored section plus the editor's own fields.
 *
 * `id` keeps the schema's integer type. Sections that have never been saved (inserted or pasted)
 * get a temporary negative id (-1, -2, …), unique within the editor, and `isNew: true`;
 * {@link toPatch} in `selectors.ts` sends them with `id: null`.
 */
export type EditorSection = StorefrontSection & {
  state: SectionState;
  isNew: boolean;
  /** Hidden in the editor's preview; never sent to the server. */
  hide?: boolean;
};

export type SectionId = EditorSection['id'];

/** Storefront config (editor state), SPEC point 3. */
export interface EditorConfig {
  id: StorefrontLayout['id'];
  enabled: boolean;
  language: string;
  /** In display order; `weight` always equals the index. */
  sections: EditorSection[];
  /** The one copied section waiting to be pasted, or null. */
  buffer: EditorSection | null;
  /** The section in create, edit, settings or customize, or null. */
  editingId: SectionId | null;
  /** True once anything was changed since the config was loaded or saved. */
  changed: boolean;
  /** Restriction types the target audience dialog offers for this layout. */
  restrictions: StorefrontLayout['restrictions'];
}

/** Filters chosen in the Target audience dialog: one value (or list) per restriction type. */
export type AudienceFilters = Record<string, RestrictionItem['value'] | null | undefined>;

/** What a layout needs to become an editor config; `enabled` and `language` have defaults. */
export type EditorLayoutInput = Pick<StorefrontLayout, 'id' | 'sections'> &
  Partial<Pick<StorefrontLayout, 'enabled' | 'language' | 'restrictions'>>;

/** Empty section data, the base every new section's defaults are merged onto. */
export function emptySectionData(): SectionData {
  return { content: {}, settings: {}, appearance: {}, restrictions: [] };
}

/** A stored section as a saved, viewed editor section. */
export function toEditorSection(section: StorefrontSection): EditorSection {
  return { ...section, state: 'view', isNew: false };
}

/**
 * The editor config for a layout as loaded (or just saved): sections in weight order and
 * renumbered, nothing being edited, nothing changed.
 *
 * @example createEditorConfig({ id: 1, sections: [] }, null) // enabled: true, language: 'en'
 */
export function createEditorConfig(
  layout: EditorLayoutInput,
  buffer: EditorSection | null = null,
): EditorConfig {
  const sections = [...layout.sections]
    .sort((a, b) => a.weight - b.weight)
    .map((section, weight) => ({ ...toEditorSection(section), weight }));
  return {
    id: layout.id,
    enabled: layout.enabled ?? true,
    language: layout.language ?? 'en',
    sections,
    buffer,
    editingId: null,
    changed: false,
    restrictions: layout.restrictions ?? [],
  };
}
