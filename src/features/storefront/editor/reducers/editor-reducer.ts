import type { EditorConfig } from '../editor-config';
import { clearBuffer, type ClearBufferAction } from './clear-buffer';
import { copy, type CopyAction } from './copy';
import { insert, type InsertAction } from './insert';
import { move, type MoveAction } from './move';
import { paste, type PasteAction } from './paste';
import { remove, type RemoveAction } from './remove';
import { setState, type SetStateAction } from './set-state';
import { updateData, type UpdateDataAction } from './update-data';

/** Every editor action; each has its own reducer file. */
export type EditorAction =
  | InsertAction
  | MoveAction
  | CopyAction
  | PasteAction
  | RemoveAction
  | SetStateAction
  | UpdateDataAction
  | ClearBufferAction;

/**
 * Applies one editor action. Returns the same config object when the action changes nothing
 * (unknown id, index out of range, empty buffer), so callers can tell no-ops apart.
 *
 * @example editorReducer(config, { type: 'move', from: 0, to: 2 })
 */
export function editorReducer(config: EditorConfig, action: EditorAction): EditorConfig {
  switch (action.type) {
    case 'insert':
      return insert(config, action);
    case 'move':
      return move(config, action);
    case 'copy':
      return copy(config, action);
    case 'paste':
      return paste(config, action);
    case 'remove':
      return remove(config, action);
    case 'set-state':
      return setState(config, action);
    case 'update-data':
      return updateData(config, action);
    case 'clear-buffer':
      return clearBuffer(config, action);
  }
}
