import type { EditorConfig, SectionData, SectionId } from '../editor-config';

export interface UpdateDataAction {
  type: 'update-data';
  id: SectionId;
  /** The parts to replace; each given part replaces the old one whole. */
  data: Partial<SectionData>;
}

/** Replaces a section's content, settings, appearance and/or restrictions; marks it changed. */
export function updateData(config: EditorConfig, action: UpdateDataAction): EditorConfig {
  if (!config.sections.some((s) => s.id === action.id)) return config;
  return {
    ...config,
    sections: config.sections.map((s) =>
      s.id === action.id ? { ...s, data: { ...s.data, ...action.data } } : s,
    ),
    changed: true,
  };
}
