import { emptySectionData, type EditorConfig, type SectionData } from '../editor-config';
import { clampIndex, nextTempId, othersToView, renumber } from './renumber';

export interface InsertAction {
  type: 'insert';
  /** The section type, e.g. `hero`. */
  sectionType: string;
  /** Position in the list; clamped to 0..n. */
  index: number;
  /** The type's defaults; missing parts are empty. */
  data?: Partial<SectionData>;
}

/**
 * Inserts a new section of a type with its defaults at an index. It starts in `create`, is new
 * (temporary id), becomes the section being edited, and marks the config changed.
 */
export function insert(config: EditorConfig, action: InsertAction): EditorConfig {
  const id = nextTempId(config);
  const others = othersToView(config.sections);
  const index = clampIndex(action.index, others.length);
  const section = {
    id,
    type: action.sectionType,
    weight: index,
    data: { ...emptySectionData(), ...action.data },
    state: 'create',
    isNew: true,
  } as const;
  return {
    ...config,
    sections: renumber([...others.slice(0, index), section, ...others.slice(index)]),
    editingId: id,
    changed: true,
  };
}
