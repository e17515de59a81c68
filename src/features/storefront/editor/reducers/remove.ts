import type { EditorConfig, SectionId } from '../editor-config';
import { renumber } from './renumber';

export interface RemoveAction {
  type: 'remove';
  id: SectionId;
}

/**
 * Removes a section, renumbers the rest and marks the config changed. Removing the section being
 * edited clears `editingId`.
 */
export function remove(config: EditorConfig, action: RemoveAction): EditorConfig {
  if (!config.sections.some((s) => s.id === action.id)) return config;
  return {
    ...config,
    sections: renumber(config.sections.filter((s) => s.id !== action.id)),
    editingId: config.editingId === action.id ? null : config.editingId,
    changed: true,
  };
}
