import type { StorefrontLayout, StorefrontPatch } from '@schemas/entities/storefront.schema';
import { assign, fromPromise, setup } from 'xstate';
import { sharedClipboard, type EditorClipboard } from './clipboard';
import {
  createEditorConfig,
  type AudienceFilters,
  type EditorConfig,
  type EditorLayoutInput,
  type SectionData,
  type SectionId,
  type SectionState,
} from './editor-config';
import { editorReducer, type EditorAction } from './reducers/editor-reducer';
import { editorMessages, pasteRefusal, saveDisabledReason, toPatch } from './selectors';

/** Undo keeps at most this many steps. */
export const HISTORY_LIMIT = 100;

export type StorefrontEditorEvent =
  /** A fresh copy of the saved layout arrived from the server. */
  | { type: 'LOADED'; layout: EditorLayoutInput }
  | { type: 'INSERT'; sectionType: string; index: number; data?: Partial<SectionData> }
  | { type: 'MOVE'; from: number; to: number }
  | { type: 'COPY'; id: SectionId }
  | { type: 'PASTE'; index: number }
  | { type: 'CLEAR_BUFFER' }
  | { type: 'REMOVE'; id: SectionId }
  | { type: 'SET_SECTION_STATE'; id: SectionId; state: SectionState }
  | { type: 'UPDATE_SECTION'; id: SectionId; data: Partial<SectionData> }
  | { type: 'UNDO' }
  | { type: 'REDO' }
  | { type: 'RESET' }
  | { type: 'SAVE' }
  | { type: 'PREVIEW'; filters: AudienceFilters }
  | { type: 'CLEAR_PREVIEW' };

export interface EditorHistory {
  /** Configs before each undoable action, oldest first. */
  past: EditorConfig[];
  /** Configs undone, the next one to redo last. */
  future: EditorConfig[];
}

export interface StorefrontEditorContext {
  config: EditorConfig;
  /** The layout as last loaded or saved; RESET goes back to it. */
  saved: EditorLayoutInput;
  history: EditorHistory;
  /** Target audience preview filters, or null when not previewing. */
  preview: AudienceFilters | null;
  /** Shared with the other storefront editor; the buffer mirrors it. */
  clipboard: EditorClipboard;
  /** Section types this layout accepts (null: any); checked on paste. */
  allowedTypes: readonly string[] | null;
  /** Why the last paste was refused, until the next editor action. */
  pasteError: string | null;
}

export interface StorefrontEditorInput {
  layout: EditorLayoutInput;
  allowedTypes?: readonly string[] | null;
  clipboard?: EditorClipboard;
}

export interface SaveInput {
  /** The saved layout's id; null for a draft, which this save creates. */
  id: EditorConfig['id'];
  /** The layout's language (a draft is saved as the layout of its audience and language). */
  language: EditorConfig['language'];
  patch: StorefrontPatch;
}

/** The PATCH answer: the saved layout under `data` (missing or null counts as a failure). */
export interface SaveOutput {
  data?: (Partial<StorefrontLayout> & Pick<StorefrontLayout, 'sections'>) | null;
}

export interface Notification {
  type: 'success' | 'error' | 'warning';
  message: string;
}

const emptyHistory: EditorHistory = { past: [], future: [] };

function push(stack: readonly EditorConfig[], config: EditorConfig): EditorConfig[] {
  return [...stack, config].slice(-HISTORY_LIMIT);
}

/** Editor actions undo can take back. Section state changes (opening a form) are not among them. */
function isUndoable(action: EditorAction): boolean {
  return action.type !== 'set-state';
}

/**
 * The storefront section editor (SPEC points 2 and 4). `ready` takes editor actions, each applied
 * by the pure reducers in `reducers/`; `saving` waits for the `save` actor.
 *
 * Side effects are named so the UI and tests swap them with `.provide()`: the `save` actor (the
 * real one PATCHes storefront/manage/{id}, or POSTs storefront/manage for a draft), the `notify` action (toasts), and the `canPaste`
 * guard (by default: the section type is one of `allowedTypes`).
 */
export const storefrontEditorMachine = setup({
  types: {
    context: {} as StorefrontEditorContext,
    events: {} as StorefrontEditorEvent,
    input: {} as StorefrontEditorInput,
  },
  actors: {
    save: fromPromise<SaveOutput, SaveInput>(async () => {
      throw new Error('storefrontEditorMachine: provide a `save` actor.');
    }),
  },
  actions: {
    notify: (_, _params: Notification) => {},
    apply: assign(({ context }, params: { action: EditorAction }) => {
      const next = editorReducer(context.config, params.action);
      if (next === context.config) return { pasteError: null };
      return {
        config: next,
        pasteError: null,
        // A preview shows the saved layout; it ends as soon as there is something unsaved.
        preview: next.changed ? null : context.preview,
        history: isUndoable(params.action)
          ? { past: push(context.history.past, context.config), future: [] }
          : context.history,
      };
    }),
    undo: assign(({ context }) => {
      const previous = context.history.past.at(-1);
      if (!previous) return {};
      return {
        config: previous,
        pasteError: null,
        preview: previous.changed ? null : context.preview,
        history: {
          past: context.history.past.slice(0, -1),
          future: [...context.history.future, context.config],
        },
      };
    }),
    redo: assign(({ context }) => {
      const next = context.history.future.at(-1);
      if (!next) return {};
      return {
        config: next,
        pasteError: null,
        preview: next.changed ? null : context.preview,
        history: {
          past: push(context.history.past, context.config),
          future: context.history.future.slice(0, -1),
        },
      };
    }),
    writeClipboard: ({ context }) => {
      if (context.config.buffer) context.clipboard.write(context.config.buffer);
    },
    clearClipboard: ({ context }) => context.clipboard.clear(),
    /** After undo/redo the buffer may have changed; the shared clipboard follows it. */
    syncClipboard: ({ context }) => {
      if (context.config.buffer) context.clipboard.write(context.config.buffer);
      else context.clipboard.clear();
    },
    refusePaste: assign(({ context }) => ({
      pasteError:
        pasteRefusal(context.config.buffer, context.allowedTypes) ?? editorMessages.pasteRefused,
    })),
    reset: assign(({ context }) => ({
      // The buffer is the shared clipboard, not part of the saved layout, so it stays.
      config: createEditorConfig(context.saved, context.config.buffer),
      history: emptyHistory,
      preview: null,
      pasteError: null,
    })),
    load: assign(({ context }, params: { layout: EditorLayoutInput }) =>
      // Unsaved work is kept; RESET picks the new copy up.
      context.config.changed
        ? { saved: params.layout }
        : {
            saved: params.layout,
            config: createEditorConfig(params.layout, context.config.buffer),
            history: emptyHistory,
          },
    ),
    applySaved: assign(({ context }, params: { output: SaveOutput }) => {
      const saved = { ...context.saved, ...params.output.data };
      return {
        saved,
        config: createEditorConfig(saved, context.config.buffer),
        history: emptyHistory,
      };
    }),
    setPreview: assign({ preview: (_, params: { filters: AudienceFilters }) => params.filters }),
    clearPreview: assign({ preview: null }),
  },
  guards: {
    canSave: ({ context }) => saveDisabledReason(context.config) === null,
    canPreview: ({ context }) => !context.config.changed,
    hasBuffer: ({ context }) => context.config.buffer !== null,
    canPaste: ({ context }) =>
      context.config.buffer !== null &&
      pasteRefusal(context.config.buffer, context.allowedTypes) === null,
    canUndo: ({ context }) => context.history.past.length > 0,
    canRedo: ({ context }) => context.history.future.length > 0,
    hasData: (_, params: { output: SaveOutput | undefined }) => params.output?.data != null,
  },
}).createMachine({
  id: 'storefrontEditor',
  context: ({ input }) => ({
    config: createEditorConfig(input.layout, (input.clipboard ?? sharedClipboard).read()),
    saved: input.layout,
    history: emptyHistory,
    preview: null,
    clipboard: input.clipboard ?? sharedClipboard,
    allowedTypes: input.allowedTypes ?? null,
    pasteError: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        LOADED: { actions: { type: 'load', params: ({ event }) => ({ layout: event.layout }) } },
        INSERT: {
          actions: {
            type: 'apply',
            params: ({ event }) => ({
              action: {
                type: 'insert',
                sectionType: event.sectionType,
                index: event.index,
                ...(event.data && { data: event.data }),
              },
            }),
          },
        },
        MOVE: {
          actions: {
            type: 'apply',
            params: ({ event }) => ({ action: { type: 'move', from: event.from, to: event.to } }),
          },
        },
        COPY: {
          actions: [
            { type: 'apply', params: ({ event }) => ({ action: { type: 'copy', id: event.id } }) },
            'writeClipboard',
          ],
        },
        PASTE: [
          {
            guard: 'canPaste',
            actions: [
              {
                type: 'apply',
                params: ({ event }) => ({ action: { type: 'paste', index: event.index } }),
              },
              'clearClipboard',
            ],
          },
          {
            guard: 'hasBuffer',
            actions: [
              'refusePaste',
              {
                type: 'notify',
                params: ({ context }) => ({
                  type: 'warning',
                  message: context.pasteError ?? editorMessages.pasteRefused,
                }),
              },
            ],
          },
        ],
        CLEAR_BUFFER: {
          actions: [
            { type: 'apply', params: { action: { type: 'clear-buffer' } } },
            'clearClipboard',
          ],
        },
        REMOVE: {
          actions: {
            type: 'apply',
            params: ({ event }) => ({ action: { type: 'remove', id: event.id } }),
          },
        },
        SET_SECTION_STATE: {
          actions: {
            type: 'apply',
            params: ({ event }) => ({
              action: { type: 'set-state', id: event.id, state: event.state },
            }),
          },
        },
        UPDATE_SECTION: {
          actions: {
            type: 'apply',
            params: ({ event }) => ({
              action: { type: 'update-data', id: event.id, data: event.data },
            }),
          },
        },
        UNDO: { guard: 'canUndo', actions: ['undo', 'syncClipboard'] },
        REDO: { guard: 'canRedo', actions: ['redo', 'syncClipboard'] },
        RESET: { actions: 'reset' },
        SAVE: { guard: 'canSave', target: 'saving' },
        PREVIEW: {
          guard: 'canPreview',
          actions: { type: 'setPreview', params: ({ event }) => ({ filters: event.filters }) },
        },
        CLEAR_PREVIEW: { actions: 'clearPreview' },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          id: context.config.id,
          language: context.config.language,
          patch: toPatch(context.config),
        }),
        onDone: [
          {
            guard: { type: 'hasData', params: ({ event }) => ({ output: event.output }) },
            target: 'ready',
            actions: [
              { type: 'applySaved', params: ({ event }) => ({ output: event.output }) },
              { type: 'notify', params: { type: 'success', message: editorMessages.saved } },
            ],
          },
          {
            target: 'ready',
            actions: { type: 'notify', params: { type: 'error', message: editorMessages.failed } },
          },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'notify', params: { type: 'error', message: editorMessages.failed } },
        },
      },
    },
  },
});
