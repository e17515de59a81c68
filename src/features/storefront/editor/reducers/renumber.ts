import type { EditorConfig, EditorSection, SectionId } from '../editor-config';

/** Sections with weights 0..n-1 by position; sections already in place keep their identity. */
export function renumber(sections: readonly EditorSection[]): EditorSection[] {
  return sections.map((section, weight) =>
    section.weight === weight ? section : { ...section, weight },
  );
}

/**
 * The next temporary id: one below the lowest id in use (sections and buffer), at most -1.
 * Deterministic, so the reducers stay pure.
 */
export function nextTempId(config: Pick<EditorConfig, 'sections' | 'buffer'>): SectionId {
  const ids = config.sections.map((s) => s.id);
  if (config.buffer) ids.push(config.buffer.id);
  return Math.min(0, ...ids) - 1;
}

/** Sections with every editing section other than `keep` returned to view. */
export function othersToView(
  sections: readonly EditorSection[],
  keep: SectionId | null = null,
): EditorSection[] {
  return sections.map((s) => (s.id === keep || s.state === 'view' ? s : { ...s, state: 'view' }));
}

export function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(length, Math.trunc(index)));
}
