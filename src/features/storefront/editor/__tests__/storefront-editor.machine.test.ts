import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createMemoryClipboard, createStorageClipboard, type EditorClipboard } from '../clipboard';
import type { EditorLayoutInput } from '../editor-config';
import { editorMessages, isPreviewDisabled, saveDisabledReason, toPatch } from '../selectors';
import {
  HISTORY_LIMIT,
  storefrontEditorMachine,
  type SaveInput,
  type SaveOutput,
} from '../storefront-editor.machine';
import { ids, layout, storedSection } from './fixtures';

interface StartOptions {
  layout?: EditorLayoutInput;
  save?: (input: SaveInput) => Promise<SaveOutput>;
  clipboard?: EditorClipboard;
  allowedTypes?: readonly string[] | null;
}

function start(options: StartOptions = {}) {
  const notify = vi.fn();
  const save = vi.fn(options.save ?? (() => new Promise<SaveOutput>(() => {})));
  const actor = createActor(
    storefrontEditorMachine.provide({
      actions: {
        notify: (_, params) => {
          notify(params);
        },
      },
      actors: { save: fromPromise<SaveOutput, SaveInput>(({ input }) => save(input)) },
    }),
    {
      input: {
        layout: options.layout ?? layout(2),
        clipboard: options.clipboard ?? createMemoryClipboard(),
        allowedTypes: options.allowedTypes ?? null,
      },
    },
  ).start();
  const config = () => actor.getSnapshot().context.config;
  return { actor, notify, save, config };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('storefrontEditorMachine', () => {
  it('starts ready with the loaded layout, Save disabled as up to date', () => {
    const { actor, config } = start();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(ids(config())).toEqual([1, 2]);
    expect(saveDisabledReason(config())).toBe("You're all set! Everything is up to date");
  });

  it('gives the three Save hints in order, and none once changes are ready', () => {
    const { actor, config } = start();
    actor.send({ type: 'MOVE', from: 0, to: 1 });
    expect(saveDisabledReason(config())).toBeNull();
    actor.send({ type: 'SET_SECTION_STATE', id: 1, state: 'edit' });
    expect(saveDisabledReason(config())).toBe('Finish editing to enable saving');
    actor.send({ type: 'COPY', id: 2 });
    expect(saveDisabledReason(config())).toBe('Paste the section to enable saving');
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'PASTE', index: 0 });
    actor.send({ type: 'SET_SECTION_STATE', id: 1, state: 'view' });
    expect(saveDisabledReason(config())).toBeNull();
  });

  it('undoes and redoes editor actions, but not opening a section', () => {
    const { actor, config } = start({ layout: layout(3) });
    actor.send({ type: 'MOVE', from: 0, to: 2 });
    actor.send({ type: 'SET_SECTION_STATE', id: 2, state: 'edit' });
    actor.send({ type: 'UPDATE_SECTION', id: 2, data: { content: { title: 'Changed' } } });
    actor.send({ type: 'SET_SECTION_STATE', id: 2, state: 'view' });
    expect(actor.getSnapshot().context.history.past).toHaveLength(2);

    actor.send({ type: 'UNDO' });
    expect(config().sections[0]!.data.content).toEqual({ title: 'Section 2' });
    // Undo goes back to the moment before the update, when the section was open.
    expect(config().editingId).toBe(2);
    actor.send({ type: 'UNDO' });
    expect(ids(config())).toEqual([1, 2, 3]);
    expect(config().changed).toBe(false);
    actor.send({ type: 'UNDO' });
    expect(ids(config())).toEqual([1, 2, 3]);

    actor.send({ type: 'REDO' });
    expect(ids(config())).toEqual([2, 3, 1]);
    actor.send({ type: 'REDO' });
    expect(config().sections[0]!.data.content).toEqual({ title: 'Changed' });
    actor.send({ type: 'REDO' });
    expect(actor.getSnapshot().context.history.future).toHaveLength(0);
  });

  it('a new action after undo drops the redo stack; history is capped', () => {
    const { actor } = start({ layout: layout(2) });
    actor.send({ type: 'MOVE', from: 0, to: 1 });
    actor.send({ type: 'UNDO' });
    actor.send({ type: 'REMOVE', id: 1 });
    expect(actor.getSnapshot().context.history.future).toEqual([]);
    for (let i = 0; i < HISTORY_LIMIT + 20; i += 1)
      actor.send({ type: 'UPDATE_SECTION', id: 2, data: { content: { n: i } } });
    expect(actor.getSnapshot().context.history.past).toHaveLength(HISTORY_LIMIT);
  });

  it('saves the patch and takes the saved sections, then notifies', async () => {
    const saved = {
      data: { id: 7, sections: [storedSection(9, 'hero', 0), storedSection(1, 'hero', 1)] },
    };
    const { actor, notify, save, config } = start({ save: async () => saved });
    actor.send({ type: 'INSERT', sectionType: 'hero', index: 0 });
    actor.send({ type: 'SET_SECTION_STATE', id: -1, state: 'view' });
    actor.send({ type: 'REMOVE', id: 2 });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save).toHaveBeenCalledWith({
      id: 7,
      language: 'en',
      patch: {
        enabled: true,
        sections: [
          { id: null, type: 'hero', weight: 0, data: expect.any(Object) as unknown },
          { id: 1, type: 'hero', weight: 1, data: storedSection(1).data },
        ],
      },
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(ids(config())).toEqual([9, 1]);
    expect(config().changed).toBe(false);
    expect(config().sections.every((s) => !s.isNew && s.state === 'view')).toBe(true);
    expect(actor.getSnapshot().context.history.past).toEqual([]);
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Storefront settings have been successfully saved!',
    });
  });

  it('saves a draft (id null) with its language, then keeps the id the save gave it', async () => {
    const draft: EditorLayoutInput = { id: null, language: 'fr', sections: [] };
    const saves: SaveInput[] = [];
    const { actor, config } = start({
      layout: draft,
      save: async (input) => {
        saves.push(input);
        return { data: { id: 40, sections: [storedSection(5, 'hero', 0)] } };
      },
    });
    expect(config().id).toBeNull();
    actor.send({ type: 'INSERT', sectionType: 'hero', index: 0 });
    actor.send({ type: 'SET_SECTION_STATE', id: -1, state: 'view' });
    actor.send({ type: 'SAVE' });
    await flush();
    expect(saves).toEqual([
      {
        id: null,
        language: 'fr',
        patch: {
          enabled: true,
          sections: [{ id: null, type: 'hero', weight: 0, data: expect.any(Object) as unknown }],
        },
      },
    ]);
    expect(config()).toMatchObject({ id: 40, language: 'fr', changed: false });
    // The next save goes to the layout the first one created.
    actor.send({ type: 'REMOVE', id: 5 });
    actor.send({ type: 'SAVE' });
    await flush();
    expect(saves[1]).toMatchObject({ id: 40, language: 'fr', patch: { sections: [] } });
  });

  it.each([
    ['an answer without data', async () => ({})],
    ['an answer with null data', async () => ({ data: null })],
    ['an error', () => Promise.reject(new Error('500'))],
  ])('%s reports the generic failure and keeps the changes', async (_, save) => {
    const { actor, notify, config } = start({ save });
    actor.send({ type: 'MOVE', from: 0, to: 1 });
    actor.send({ type: 'SAVE' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(ids(config())).toEqual([2, 1]);
    expect(config().changed).toBe(true);
    expect(notify).toHaveBeenCalledWith({
      type: 'error',
      message: 'Something went wrong, please try again.',
    });
  });

  it('ignores editor actions while saving', () => {
    const { actor, config } = start();
    actor.send({ type: 'MOVE', from: 0, to: 1 });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'REMOVE', id: 1 });
    actor.send({ type: 'UNDO' });
    expect(ids(config())).toEqual([2, 1]);
  });

  it('allows preview only without unsaved changes; a change ends it', () => {
    const { actor, config } = start();
    const filters = { language: 'fr', organizations: [3, 4] };
    actor.send({ type: 'MOVE', from: 0, to: 1 });
    expect(isPreviewDisabled(config())).toBe(true);
    actor.send({ type: 'PREVIEW', filters });
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'UNDO' });
    actor.send({ type: 'PREVIEW', filters });
    expect(actor.getSnapshot().context.preview).toEqual(filters);
    actor.send({ type: 'CLEAR_PREVIEW' });
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'PREVIEW', filters });
    actor.send({ type: 'REMOVE', id: 1 });
    expect(actor.getSnapshot().context.preview).toBeNull();
  });

  it('RESET goes back to the saved layout and clears the audience preview', () => {
    const { actor, config } = start();
    actor.send({ type: 'PREVIEW', filters: { language: 'en' } });
    actor.send({ type: 'SET_SECTION_STATE', id: 1, state: 'settings' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'INSERT', sectionType: 'hero', index: 0 });
    actor.send({ type: 'RESET' });
    expect(ids(config())).toEqual([1, 2]);
    expect(config()).toMatchObject({ changed: false, editingId: null });
    expect(actor.getSnapshot().context.history).toEqual({ past: [], future: [] });
  });

  it('LOADED replaces an unchanged config, but keeps unsaved work for RESET', () => {
    const { actor, config } = start();
    actor.send({ type: 'LOADED', layout: layout(3) });
    expect(ids(config())).toEqual([1, 2, 3]);
    actor.send({ type: 'REMOVE', id: 3 });
    actor.send({ type: 'LOADED', layout: layout(1) });
    expect(ids(config())).toEqual([1, 2]);
    actor.send({ type: 'RESET' });
    expect(ids(config())).toEqual([1]);
  });

  describe('clipboard across layouts', () => {
    it('a section copied in the registered editor is pasted in the unregistered one', () => {
      const clipboard = createMemoryClipboard();
      const registered = start({ clipboard, layout: layout(2, ['hero', 'catalogue'], 1) });
      registered.actor.send({ type: 'COPY', id: 2 });
      registered.actor.stop();

      const unregistered = start({
        clipboard,
        layout: layout(1, [], 2),
        allowedTypes: ['hero', 'catalogue'],
      });
      expect(unregistered.config().buffer).toMatchObject({ id: 2, type: 'catalogue' });
      expect(saveDisabledReason(unregistered.config())).toBe(editorMessages.pasteToSave);
      unregistered.actor.send({ type: 'PASTE', index: 0 });
      expect(unregistered.config().sections[0]).toMatchObject({
        id: -1,
        type: 'catalogue',
        isNew: true,
        state: 'view',
      });
      expect(unregistered.config().buffer).toBeNull();
      expect(clipboard.read()).toBeNull();
      expect(toPatch(unregistered.config()).sections[0]!.id).toBeNull();
    });

    it('refuses a section type the target layout does not allow, with a reason', () => {
      const clipboard = createMemoryClipboard();
      clipboard.write({ ...storedSection(4, 'leaderboard'), state: 'view', isNew: false });
      const { actor, notify, config } = start({ clipboard, allowedTypes: ['hero'] });
      actor.send({ type: 'PASTE', index: 0 });
      expect(ids(config())).toEqual([1, 2]);
      expect(config().changed).toBe(false);
      expect(actor.getSnapshot().context.pasteError).toBe(editorMessages.pasteRefused);
      expect(notify).toHaveBeenCalledWith({
        type: 'warning',
        message: editorMessages.pasteRefused,
      });
      actor.send({ type: 'CLEAR_BUFFER' });
      expect(config().buffer).toBeNull();
      expect(clipboard.read()).toBeNull();
      expect(actor.getSnapshot().context.pasteError).toBeNull();
    });

    it('takes a provided canPaste guard', () => {
      const clipboard = createMemoryClipboard();
      clipboard.write({ ...storedSection(4), state: 'view', isNew: false });
      const actor = createActor(
        storefrontEditorMachine.provide({ guards: { canPaste: () => false } }),
        { input: { layout: layout(1), clipboard } },
      ).start();
      actor.send({ type: 'PASTE', index: 0 });
      expect(actor.getSnapshot().context.config.sections).toHaveLength(1);
      expect(actor.getSnapshot().context.pasteError).toBe(editorMessages.pasteRefused);
    });

    it('undoing a paste puts the section back in the buffer and the clipboard', () => {
      const clipboard = createMemoryClipboard();
      const { actor, config } = start({ clipboard });
      actor.send({ type: 'COPY', id: 1 });
      actor.send({ type: 'PASTE', index: 2 });
      expect(clipboard.read()).toBeNull();
      actor.send({ type: 'UNDO' });
      expect(config().buffer).toMatchObject({ id: 1 });
      expect(clipboard.read()).toMatchObject({ id: 1 });
    });

    it('a storage clipboard survives a reload and ignores junk', () => {
      const store = new Map<string, string>();
      const storage = {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      };
      const section = { ...storedSection(3), state: 'edit' as const, isNew: false };
      createStorageClipboard(storage).write(section);
      expect(createStorageClipboard(storage).read()).toEqual({ ...section, state: 'view' });
      store.set('atrium.storefront.clipboard', '{"id":1}');
      expect(createStorageClipboard(storage).read()).toBeNull();
      store.set('atrium.storefront.clipboard', 'not json');
      expect(createStorageClipboard(storage).read()).toBeNull();
      createStorageClipboard(storage).clear();
      expect(store.size).toBe(0);
    });
  });

  it('rejects saving by default until a save actor is provided', async () => {
    const notify = vi.fn();
    const actor = createActor(
      storefrontEditorMachine.provide({ actions: { notify: (_, p) => void notify(p) } }),
      { input: { layout: layout(2), clipboard: createMemoryClipboard() } },
    ).start();
    actor.send({ type: 'MOVE', from: 0, to: 1 });
    actor.send({ type: 'SAVE' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ type: 'error', message: editorMessages.failed });
  });
});
