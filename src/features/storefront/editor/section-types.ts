import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import type { EditorSection } from './editor-config';

/** The declaration of a section type, or null for a type this client does not know. */
export function sectionTypeOf(type: string): SectionTypeDeclaration | null {
  return sectionTypes.find((s) => s.type === type) ?? null;
}

/** Every section type's key: both storefronts accept them all. */
export const allSectionTypes: readonly string[] = sectionTypes.map((s) => s.type);

/**
 * What the editor calls a section: its own title, else its heading, else null (the caller
 * falls back to the type's label). User content: not translated.
 */
export function sectionName(section: Pick<EditorSection, 'data'>): string | null {
  const { settings, content } = section.data;
  for (const value of [settings.title, content.heading])
    if (typeof value === 'string' && value.trim()) return value.trim();
  return null;
}

/**
 * What the editor shows and announces as a section's name: {@link sectionName}, else its type's
 * label (translated with `t`).
 */
export function sectionDisplayName(
  section: Pick<EditorSection, 'data' | 'type'>,
  t: (source: string) => string,
): string {
  const type = sectionTypeOf(section.type);
  return sectionName(section) ?? (type ? t(type.label) : t('Unknown section type'));
}
