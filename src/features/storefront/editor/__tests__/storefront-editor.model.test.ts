import { TestModel, type TestParam, type TestPath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type SnapshotFrom } from 'xstate';
import { createMemoryClipboard } from '../clipboard';
import { editingStates } from '../editor-config';
import { editorMessages, saveDisabledReason, toPatch } from '../selectors';
import {
  storefrontEditorMachine,
  type SaveInput,
  type SaveOutput,
  type StorefrontEditorEvent,
} from '../storefront-editor.machine';
import { layout } from './fixtures';

/**
 * Model-based: shortest paths through the editor machine, bounded to at most 3 sections, are
 * replayed on a live actor whose `save` actor is answered by the path (DONE / FAILED). In every
 * state reached, the live snapshot must match the model's and keep the editor's invariants.
 *
 * `createTestModel()` refuses machines with invocations, so this is a plain `TestModel`. The
 * state key leaves out ids, content and history depth (only "can undo / can redo"), so the graph
 * stays finite: inserting, removing and undoing would otherwise mint new states forever.
 */
const DONE = 'xstate.done.actor.0.storefrontEditor.saving';
const FAILED = 'xstate.error.actor.0.storefrontEditor.saving';
type ModelEvent =
  | StorefrontEditorEvent
  | { type: typeof DONE; output: SaveOutput }
  | { type: typeof FAILED; error: unknown };
type Snap = SnapshotFrom<typeof storefrontEditorMachine>;

const MAX_SECTIONS = 3;
const input = () => ({ layout: layout(1), clipboard: createMemoryClipboard() });

/** What the model tells apart: section states and novelty, buffer, editing index, flags. */
function key(snap: Snap): string {
  const { config, history, preview, pasteError } = snap.context;
  return JSON.stringify([
    snap.value,
    config.sections.map((s) => `${s.state}${s.isNew ? '+' : ''}`),
    config.buffer !== null,
    config.sections.findIndex((s) => s.id === config.editingId),
    config.changed,
    preview !== null,
    history.past.length > 0,
    history.future.length > 0,
    pasteError,
  ]);
}

/** The server's answer to a save: the patch with ids given to new sections. */
function savedAnswer(snap: Snap): SaveOutput {
  const { sections } = toPatch(snap.context.config);
  return {
    data: { sections: sections.map((s, i) => ({ ...s, id: s.id ?? 100 + i })) },
  };
}

function candidates(snap: Snap): ModelEvent[] {
  if (snap.matches('saving')) {
    return [
      { type: DONE, output: savedAnswer(snap) },
      { type: DONE, output: {} },
      { type: FAILED, error: new Error('offline') },
    ];
  }
  const { config, history, preview } = snap.context;
  const n = config.sections.length;
  const first = config.sections[0];
  const last = config.sections.at(-1);
  const events: ModelEvent[] = [{ type: 'RESET' }, { type: 'SAVE' }];
  if (n < MAX_SECTIONS) events.push({ type: 'INSERT', sectionType: 'hero', index: 0 });
  if (n >= 2) events.push({ type: 'MOVE', from: 0, to: n - 1 });
  if (first && !config.buffer) events.push({ type: 'COPY', id: first.id });
  if (config.buffer && n < MAX_SECTIONS) events.push({ type: 'PASTE', index: n });
  if (first) events.push({ type: 'REMOVE', id: first.id });
  if (last && n >= 2) events.push({ type: 'REMOVE', id: last.id });
  if (first && config.editingId === null)
    events.push({ type: 'SET_SECTION_STATE', id: first.id, state: 'edit' });
  if (config.editingId !== null) {
    events.push({ type: 'SET_SECTION_STATE', id: config.editingId, state: 'view' });
    events.push({
      type: 'UPDATE_SECTION',
      id: config.editingId,
      data: { content: { title: 'Edited' } },
    });
  }
  if (history.past.length > 0) events.push({ type: 'UNDO' });
  if (history.future.length > 0) events.push({ type: 'REDO' });
  events.push(
    preview ? { type: 'CLEAR_PREVIEW' } : { type: 'PREVIEW', filters: { language: 'fr' } },
  );
  // Only events the machine takes in this state: a refused SAVE or PREVIEW adds no edge.
  return events.filter((e) => snap.can(e as StorefrontEditorEvent));
}

const model = new TestModel<Snap, ModelEvent, unknown>(
  storefrontEditorMachine as unknown as ActorLogic<Snap, ModelEvent, unknown>,
  {
    input: input(),
    events: candidates,
    serializeState: (snap) => key(snap),
    stateMatcher: (snap, k) => snap.matches(k as never),
  },
);

/** Invariants that hold in every state the editor can reach. */
function checkInvariants(snap: Snap, clipboardHolds: unknown) {
  const { config, preview } = snap.context;
  // Weights are 0..n-1 in display order.
  expect(config.sections.map((s) => s.weight)).toEqual(config.sections.map((_, i) => i));
  // Ids are unique.
  expect(new Set(config.sections.map((s) => s.id)).size).toBe(config.sections.length);
  // editingId is set iff a section is in create/edit/settings/customize, and names it.
  const editing = config.sections.filter((s) => editingStates.includes(s.state));
  expect(editing.length).toBeLessThanOrEqual(1);
  expect(config.editingId).toBe(editing[0]?.id ?? null);
  // The Save hint follows SPEC order.
  const expected = config.buffer
    ? editorMessages.pasteToSave
    : config.editingId !== null
      ? editorMessages.finishEditing
      : !config.changed
        ? editorMessages.upToDate
        : null;
  expect(saveDisabledReason(config)).toBe(expected);
  // Preview only without unsaved changes.
  if (preview) expect(config.changed).toBe(false);
  // Unsaved sections are new and have temporary ids.
  for (const s of config.sections) expect(s.isNew).toBe(s.id < 0);
  // The buffer mirrors the shared clipboard.
  expect(clipboardHolds).toEqual(config.buffer);
}

function setupLive() {
  const clipboard = createMemoryClipboard();
  let answer: { resolve: (o: SaveOutput) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    storefrontEditorMachine.provide({
      actors: {
        save: fromPromise<SaveOutput, SaveInput>(
          () => new Promise<SaveOutput>((resolve, reject) => (answer = { resolve, reject })),
        ),
      },
    }),
    { input: { ...input(), clipboard } },
  ).start();
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  const check = (expected: Snap) => {
    const live = actor.getSnapshot();
    expect(key(live)).toBe(key(expected));
    checkInvariants(live, clipboard.read());
  };
  const send = (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const before = actor.getSnapshot().context.config;
    actor.send(event as StorefrontEditorEvent);
    // Paste always empties the buffer.
    if (event.type === 'PASTE' && before.buffer) {
      expect(actor.getSnapshot().context.config.buffer).toBeNull();
    }
  };
  const params: TestParam<Snap, ModelEvent> = {
    states: { ready: check, saving: check },
    events: {
      LOADED: send,
      INSERT: send,
      MOVE: send,
      COPY: send,
      PASTE: send,
      CLEAR_BUFFER: send,
      REMOVE: send,
      SET_SECTION_STATE: send,
      UPDATE_SECTION: send,
      UNDO: send,
      REDO: send,
      RESET: send,
      SAVE: send,
      PREVIEW: send,
      CLEAR_PREVIEW: send,
      [DONE]: async ({ event }) => {
        answer!.resolve((event as Extract<ModelEvent, { type: typeof DONE }>).output);
        await flush();
      },
      [FAILED]: async () => {
        answer!.reject(new Error('offline'));
        await flush();
      },
    },
  };
  return params;
}

const label = (e: ModelEvent): string => {
  switch (e.type) {
    case DONE:
      return e.output.data ? 'saved' : 'saved without data';
    case FAILED:
      return 'save fails';
    case 'SET_SECTION_STATE':
      return `${e.state} ${e.id}`;
    case 'MOVE':
      return `move ${e.from}→${e.to}`;
    case 'INSERT':
    case 'PASTE':
      return `${e.type.toLowerCase()} @${e.index}`;
    case 'COPY':
    case 'REMOVE':
    case 'UPDATE_SECTION':
      return `${e.type.toLowerCase()} ${e.id}`;
    default:
      return e.type.toLowerCase();
  }
};
const name = (path: TestPath<Snap, ModelEvent>) =>
  path.steps
    .slice(1)
    .map((s) => label(s.event))
    .join(' → ') || 'initial';

describe('storefront editor model', () => {
  it('knows the events the save actor answers with', () => {
    expect(storefrontEditorMachine.states.saving!.invoke.map((i) => i.id)).toEqual([
      DONE.replace('xstate.done.actor.', ''),
    ]);
  });

  const paths = model.getShortestPaths();

  it('reaches every kind of state', () => {
    const reached = paths.map((p) => p.state);
    expect(reached.some((s) => s.matches('saving'))).toBe(true);
    expect(reached.some((s) => s.context.config.sections.length === MAX_SECTIONS)).toBe(true);
    expect(reached.some((s) => s.context.config.buffer !== null)).toBe(true);
    expect(reached.some((s) => s.context.preview !== null)).toBe(true);
    expect(reached.some((s) => s.context.history.future.length > 0)).toBe(true);
    expect(reached.some((s) => s.context.config.sections.length === 0)).toBe(true);
  });

  for (const path of paths) {
    it(name(path), async () => {
      await path.test(setupLive());
    });
  }
});
