import type { EditorConfig } from '../editor-config';
import { clampIndex, nextTempId, renumber } from './renumber';

export interface PasteAction {
  type: 'paste';
  /** Position in the list; clamped to 0..n. */
  index: number;
}

/**
 * Inserts the buffered section at an index with a new (temporary) id, `isNew: true` and state
 * `view`, then empties the buffer and marks the config changed. Without a buffer, nothing happens.
 */
export function paste(config: EditorConfig, action: PasteAction): EditorConfig {
  if (!config.buffer) return config;
  // `hide` is a view toggle of the copied section, not part of what is pasted.
  const { hide: _hide, ...copied } = config.buffer;
  const index = clampIndex(action.index, config.sections.length);
  const section = { ...copied, id: nextTempId(config), state: 'view', isNew: true } as const;
  return {
    ...config,
    sections: renumber([
      ...config.sections.slice(0, index),
      section,
      ...config.sections.slice(index),
    ]),
    buffer: null,
    changed: true,
  };
}
