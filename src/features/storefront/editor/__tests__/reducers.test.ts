import { describe, expect, it } from 'vitest';
import { createEditorConfig } from '../editor-config';
import { clearBuffer } from '../reducers/clear-buffer';
import { copy } from '../reducers/copy';
import { editorReducer, type EditorAction } from '../reducers/editor-reducer';
import { insert } from '../reducers/insert';
import { move } from '../reducers/move';
import { paste } from '../reducers/paste';
import { remove } from '../reducers/remove';
import { nextTempId, renumber } from '../reducers/renumber';
import { setState } from '../reducers/set-state';
import { updateData } from '../reducers/update-data';
import { config, deepFreeze, ids, layout, storedSection, weights } from './fixtures';

describe('createEditorConfig', () => {
  it('defaults enabled to true and language to en, sorts by weight, nothing edited or changed', () => {
    const c = createEditorConfig({
      id: 3,
      sections: [storedSection(2, 'hero', 5), storedSection(1, 'hero', 1)],
    });
    expect(c).toMatchObject({ id: 3, enabled: true, language: 'en', buffer: null });
    expect(c).toMatchObject({ editingId: null, changed: false, restrictions: [] });
    expect(ids(c)).toEqual([1, 2]);
    expect(weights(c)).toEqual([0, 1]);
    expect(c.sections.every((s) => s.state === 'view' && !s.isNew)).toBe(true);
  });

  it('keeps enabled, language and restrictions from the layout', () => {
    const c = createEditorConfig({ ...layout(0), enabled: false, language: 'fr' });
    expect(c).toMatchObject({ enabled: false, language: 'fr' });
  });
});

describe('renumber', () => {
  it('sets weights 0..n-1 by position and keeps sections already in place', () => {
    const c = config(3);
    const shuffled = [c.sections[2]!, c.sections[1]!, c.sections[0]!];
    const out = renumber(shuffled);
    expect(out.map((s) => s.weight)).toEqual([0, 1, 2]);
    expect(out[1]).toBe(c.sections[1]);
    expect(shuffled[0]!.weight).toBe(2);
  });

  it('gives temporary ids below every id in use, buffer included', () => {
    expect(nextTempId(config(2))).toBe(-1);
    const c = insert(config(2), { type: 'insert', sectionType: 'hero', index: 0 });
    expect(nextTempId(c)).toBe(-2);
    const buffered = { ...c, buffer: { ...c.sections[0]!, id: -5 } };
    expect(nextTempId(buffered)).toBe(-6);
  });
});

describe('insert', () => {
  it('adds a new section of the type with its defaults, in create, as the editing one', () => {
    const before = deepFreeze(config(2));
    const after = insert(before, {
      type: 'insert',
      sectionType: 'catalogue',
      index: 1,
      data: { settings: { size: 8 } },
    });
    expect(ids(after)).toEqual([1, -1, 2]);
    expect(weights(after)).toEqual([0, 1, 2]);
    expect(after.sections[1]).toEqual({
      id: -1,
      type: 'catalogue',
      weight: 1,
      data: { content: {}, settings: { size: 8 }, appearance: {}, restrictions: [] },
      state: 'create',
      isNew: true,
    });
    expect(after.editingId).toBe(-1);
    expect(after.changed).toBe(true);
    expect(ids(before)).toEqual([1, 2]);
  });

  it('clamps the index and returns another editing section to view', () => {
    const editing = setState(config(2), { type: 'set-state', id: 1, state: 'edit' });
    const after = insert(deepFreeze(editing), { type: 'insert', sectionType: 'hero', index: 99 });
    expect(ids(after)).toEqual([1, 2, -1]);
    expect(after.sections.map((s) => s.state)).toEqual(['view', 'view', 'create']);
    expect(after.editingId).toBe(-1);
    expect(
      insert(config(1), { type: 'insert', sectionType: 'hero', index: -3 }).sections[0]!.id,
    ).toBe(-1);
  });
});

describe('move', () => {
  it('moves a section from one index to another and renumbers', () => {
    const before = deepFreeze(config(3));
    const after = move(before, { type: 'move', from: 0, to: 2 });
    expect(ids(after)).toEqual([2, 3, 1]);
    expect(weights(after)).toEqual([0, 1, 2]);
    expect(after.changed).toBe(true);
    expect(ids(move(before, { type: 'move', from: 2, to: 0 }))).toEqual([3, 1, 2]);
    expect(ids(before)).toEqual([1, 2, 3]);
  });

  it('keeps the editing id and does nothing for a no-op or out-of-range move', () => {
    const editing = setState(config(3), { type: 'set-state', id: 2, state: 'settings' });
    expect(move(editing, { type: 'move', from: 1, to: 0 }).editingId).toBe(2);
    const c = config(3);
    expect(move(c, { type: 'move', from: 1, to: 1 })).toBe(c);
    expect(move(c, { type: 'move', from: 3, to: 0 })).toBe(c);
    expect(move(c, { type: 'move', from: 0, to: -1 })).toBe(c);
  });
});

describe('copy', () => {
  it('places the section in the buffer, in view, without marking the config changed', () => {
    const editing = deepFreeze(setState(config(2), { type: 'set-state', id: 2, state: 'edit' }));
    const after = copy(editing, { type: 'copy', id: 2 });
    expect(after.buffer).toMatchObject({ id: 2, type: 'hero', state: 'view' });
    expect(after.buffer!.data).toEqual(editing.sections[1]!.data);
    expect(after.changed).toBe(false);
    expect(after.sections).toBe(editing.sections);
    expect(editing.buffer).toBeNull();
  });

  it('replaces an earlier copy and ignores unknown ids', () => {
    const c = copy(copy(config(2), { type: 'copy', id: 1 }), { type: 'copy', id: 2 });
    expect(c.buffer!.id).toBe(2);
    expect(copy(c, { type: 'copy', id: 42 })).toBe(c);
  });
});

describe('paste', () => {
  it('inserts the buffer at an index with a new id, isNew and view, then empties the buffer', () => {
    const copied = copy(config(2), { type: 'copy', id: 1 });
    const before = deepFreeze({ ...copied, buffer: { ...copied.buffer!, hide: true } });
    const after = paste(before, { type: 'paste', index: 2 });
    expect(ids(after)).toEqual([1, 2, -1]);
    expect(weights(after)).toEqual([0, 1, 2]);
    expect(after.sections[2]).toEqual({
      ...storedSection(1),
      id: -1,
      weight: 2,
      state: 'view',
      isNew: true,
    });
    expect(after.buffer).toBeNull();
    expect(after.changed).toBe(true);
    expect(after.editingId).toBeNull();
    expect(before.buffer).not.toBeNull();
  });

  it('keeps the editing id and does nothing without a buffer', () => {
    const editing = copy(setState(config(2), { type: 'set-state', id: 2, state: 'edit' }), {
      type: 'copy',
      id: 1,
    });
    expect(paste(editing, { type: 'paste', index: 0 }).editingId).toBe(2);
    const c = config(2);
    expect(paste(c, { type: 'paste', index: 0 })).toBe(c);
  });
});

describe('remove', () => {
  it('removes the section, renumbers and marks the config changed', () => {
    const before = deepFreeze(config(3));
    const after = remove(before, { type: 'remove', id: 2 });
    expect(ids(after)).toEqual([1, 3]);
    expect(weights(after)).toEqual([0, 1]);
    expect(after.changed).toBe(true);
    expect(ids(before)).toEqual([1, 2, 3]);
  });

  it('clears the editing id only when the edited section goes', () => {
    const editing = setState(config(3), { type: 'set-state', id: 2, state: 'customize' });
    expect(remove(editing, { type: 'remove', id: 2 }).editingId).toBeNull();
    expect(remove(editing, { type: 'remove', id: 3 }).editingId).toBe(2);
    expect(remove(editing, { type: 'remove', id: 9 })).toBe(editing);
  });
});

describe('set-state', () => {
  it.each(['create', 'edit', 'settings', 'customize'] as const)(
    'entering %s sets the editing id without marking the config changed',
    (state) => {
      const before = deepFreeze(config(2));
      const after = setState(before, { type: 'set-state', id: 2, state });
      expect(after.editingId).toBe(2);
      expect(after.sections[1]!.state).toBe(state);
      expect(after.changed).toBe(false);
      expect(before.sections[1]!.state).toBe('view');
    },
  );

  it('view clears the editing id', () => {
    const editing = setState(config(2), { type: 'set-state', id: 2, state: 'edit' });
    const after = setState(editing, { type: 'set-state', id: 2, state: 'view' });
    expect(after.editingId).toBeNull();
    expect(after.sections.every((s) => s.state === 'view')).toBe(true);
  });

  it('keeps at most one section being edited, and ignores unknown ids', () => {
    const first = setState(config(2), { type: 'set-state', id: 1, state: 'edit' });
    const second = setState(first, { type: 'set-state', id: 2, state: 'settings' });
    expect(second.sections.map((s) => s.state)).toEqual(['view', 'settings']);
    expect(second.editingId).toBe(2);
    expect(setState(second, { type: 'set-state', id: 9, state: 'edit' })).toBe(second);
  });
});

describe('update-data', () => {
  it.each([
    ['content', { title: 'New' }],
    ['settings', { size: 12 }],
    ['appearance', { background: '#fff' }],
    ['restrictions', [{ rule: 'and' as const, type: 'country', value: ['FR', 'BE'] }]],
  ] as const)('replaces %s and marks the config changed', (part, value) => {
    const before = deepFreeze(config(2));
    const after = updateData(before, { type: 'update-data', id: 1, data: { [part]: value } });
    expect(after.sections[0]!.data[part]).toEqual(value);
    expect(after.sections[1]).toBe(before.sections[1]);
    expect(after.changed).toBe(true);
    expect(before.sections[0]!.data).toEqual(storedSection(1).data);
    const others = (['content', 'settings', 'appearance', 'restrictions'] as const).filter(
      (p) => p !== part,
    );
    for (const p of others) expect(after.sections[0]!.data[p]).toBe(before.sections[0]!.data[p]);
  });

  it('ignores unknown ids', () => {
    const c = config(1);
    expect(updateData(c, { type: 'update-data', id: 5, data: { content: {} } })).toBe(c);
  });
});

describe('clear-buffer and editorReducer', () => {
  it('drops the copied section without marking the config changed', () => {
    const copied = copy(config(1), { type: 'copy', id: 1 });
    expect(clearBuffer(copied)).toMatchObject({ buffer: null, changed: false });
    const c = config(1);
    expect(clearBuffer(c)).toBe(c);
  });

  it('dispatches every action to its reducer', () => {
    const actions: EditorAction[] = [
      { type: 'insert', sectionType: 'hero', index: 0 },
      { type: 'set-state', id: -1, state: 'view' },
      { type: 'move', from: 0, to: 1 },
      { type: 'copy', id: 1 },
      { type: 'paste', index: 0 },
      { type: 'update-data', id: 2, data: { content: { title: 'x' } } },
      { type: 'remove', id: -1 },
      { type: 'copy', id: 2 },
      { type: 'clear-buffer' },
    ];
    const out = actions.reduce(editorReducer, deepFreeze(config(2)));
    expect(ids(out)).toEqual([-2, 1, 2]);
    expect(weights(out)).toEqual([0, 1, 2]);
    expect(out).toMatchObject({ buffer: null, editingId: null, changed: true });
    expect(out.sections[2]!.data.content).toEqual({ title: 'x' });
  });
});
