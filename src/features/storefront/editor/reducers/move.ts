import type { EditorConfig } from '../editor-config';
import { renumber } from './renumber';

export interface MoveAction {
  type: 'move';
  from: number;
  to: number;
}

/** Moves the section at `from` to `to`, renumbers and marks the config changed. */
export function move(config: EditorConfig, action: MoveAction): EditorConfig {
  const { from, to } = action;
  const n = config.sections.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return config;
  const sections = [...config.sections];
  const [moved] = sections.splice(from, 1);
  sections.splice(to, 0, moved!);
  return { ...config, sections: renumber(sections), changed: true };
}
