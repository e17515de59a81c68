import {
  editingStates,
  type EditorConfig,
  type SectionId,
  type SectionState,
} from '../editor-config';
import { othersToView } from './renumber';

export interface SetStateAction {
  type: 'set-state';
  id: SectionId;
  state: SectionState;
}

/**
 * Puts a section in a state. Entering create, edit, settings or customize makes it the section
 * being edited (any other editing section returns to view, so at most one is edited); any other
 * state clears `editingId`. A state change alone does not mark the config changed.
 */
export function setState(config: EditorConfig, action: SetStateAction): EditorConfig {
  const target = config.sections.find((s) => s.id === action.id);
  if (!target) return config;
  const editing = editingStates.includes(action.state);
  const sections = (editing ? othersToView(config.sections, action.id) : config.sections).map(
    (s) => (s.id === action.id && s.state !== action.state ? { ...s, state: action.state } : s),
  );
  return { ...config, sections, editingId: editing ? action.id : null };
}
