import type { EditorConfig } from '../editor-config';

export interface ClearBufferAction {
  type: 'clear-buffer';
}

/** Drops the copied section without pasting it (re-enables saving). */
export function clearBuffer(config: EditorConfig, _action?: ClearBufferAction): EditorConfig {
  return config.buffer ? { ...config, buffer: null } : config;
}
