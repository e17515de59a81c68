import type { StorefrontSection } from '@schemas/entities/storefront.schema';
import { createEditorConfig, type EditorConfig } from '../editor-config';

/** A saved section of a type, with a marker in its content. */
export function storedSection(id: number, type = 'hero', weight = id - 1): StorefrontSection {
  return {
    id,
    type,
    weight,
    data: {
      content: { title: `Section ${id}` },
      settings: { size: 4 },
      appearance: {},
      restrictions: [{ rule: 'and', type: 'language', value: 'en' }],
    },
  };
}

/** A layout with saved sections 1..n (all `hero` unless types are given). */
export function layout(n: number, types: string[] = [], id = 7) {
  return {
    id,
    sections: Array.from({ length: n }, (_, i) => storedSection(i + 1, types[i] ?? 'hero')),
  };
}

/** A freshly loaded editor config with saved sections 1..n. */
export function config(n = 3): EditorConfig {
  return createEditorConfig(layout(n));
}

/** Deep-freezes a value so a mutating reducer throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Ids in display order. */
export const ids = (c: EditorConfig) => c.sections.map((s) => s.id);
export const weights = (c: EditorConfig) => c.sections.map((s) => s.weight);
