import type { EditorConfig, SectionId } from '../editor-config';

export interface CopyAction {
  type: 'copy';
  id: SectionId;
}

/** Places a section in the buffer (replacing what was there). Copying changes nothing saved. */
export function copy(config: EditorConfig, action: CopyAction): EditorConfig {
  const section = config.sections.find((s) => s.id === action.id);
  if (!section) return config;
  return { ...config, buffer: { ...section, state: 'view' } };
}
