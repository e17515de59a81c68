import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createEditorConfig } from '../../editor-config';
import { move } from '../../reducers/move';
import type * as RestrictionsForm from '../../restrictions-form';
import { describeRestrictions } from '../../restrictions-form';
import { SectionList } from '../section-list';
import { layout } from '../../__tests__/fixtures';

// Every card calls describeRestrictions once each time it renders: counting the calls counts the
// cards rendered.
vi.mock('../../restrictions-form', async (importOriginal) => {
  const actual = await importOriginal<typeof RestrictionsForm>();
  return { ...actual, describeRestrictions: vi.fn(actual.describeRestrictions) };
});

/** The height every list item has in these tests; jsdom lays nothing out. */
const ITEM_HEIGHT = 100;
/** The editor hands the list the same objects from render to render; so does this one. */
const offered: [] = [];
const noop = () => undefined;

/** A list of 40 sections that applies its moves as the editor does, with the move reducer. */
function Editor() {
  const [config, setConfig] = useState(() => createEditorConfig(layout(40)));
  return (
    <SectionList
      sections={config.sections}
      offered={offered}
      editingId={null}
      canPaste={false}
      busy={false}
      onInsert={noop}
      onPaste={noop}
      onMove={(from, to) => setConfig((current) => move(current, { type: 'move', from, to }))}
      onState={noop}
      onApply={noop}
      onCancel={noop}
      onCommand={noop}
    />
  );
}

const list = () => screen.getByRole('list', { name: 'Sections' });
const item = (position: number) =>
  list().querySelector<HTMLLIElement>(`:scope > li[aria-posinset="${position}"]`)!;
const handleOf = (li: HTMLElement) =>
  li.querySelector<HTMLButtonElement>('button[data-action="drag"]')!;
const cardsRendered = () => vi.mocked(describeRestrictions).mock.calls.length;

/** A key on the focused element, then whatever dnd-kit and React do before the next frame. */
async function press(code: string) {
  await act(async () => {
    fireEvent.keyDown(document.activeElement ?? document.body, { code, key: code });
    // dnd-kit listens for the keys of a drag from the next task on.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The live region dnd-kit announces the moves in. */
const announced = () =>
  [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((r) => r.textContent).join(' ');

beforeEach(() => {
  // The virtualizer keeps the window's scroll position as the items are measured.
  vi.spyOn(window, 'scrollTo').mockImplementation(noop);
  // Each item is laid out below the one before it: the window virtualizer measures their
  // heights, dnd-kit their places.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.matches('li[data-index]') ? ITEM_HEIGHT : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const li = this.closest<HTMLElement>('li[data-index]');
    const top = li ? Number(li.dataset.index) * ITEM_HEIGHT : 0;
    const height = li === this ? ITEM_HEIGHT : li ? 40 : 0;
    return DOMRect.fromRect({ x: 0, y: top, width: 800, height });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(Element.prototype, 'moveBefore');
});

describe('moving a section by keyboard in a long list', () => {
  it('renders again only the cards whose section or place changes, and keeps the focus on the handle', async () => {
    render(<Editor />);
    const rendered = list().querySelectorAll(':scope > li').length;
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(15);
    const moved = item(2);
    const name = within(moved).getByRole('heading', { level: 2 }).textContent;
    act(() => handleOf(moved).focus());

    vi.mocked(describeRestrictions).mockClear();
    await press('Space');
    expect(announced()).toContain(`${name} is over position 2 of 40.`);
    // Only the picked-up card shows it is held (its handle is pressed).
    expect(cardsRendered()).toBe(1);

    vi.mocked(describeRestrictions).mockClear();
    await press('ArrowDown');
    expect(announced()).toContain(`${name} is over position 3 of 40.`);
    // Displacing the cards moves their list items; the cards themselves stay as they are.
    expect(cardsRendered()).toBe(0);

    vi.mocked(describeRestrictions).mockClear();
    await press('Space');
    expect(announced()).toContain(`${name} was dropped at position 3 of 40.`);
    // The two sections that traded places show their new positions; no other card renders.
    expect(cardsRendered()).toBe(2);

    expect(item(3)).toBe(moved);
    expect(document.activeElement).toBe(handleOf(moved));
    expect(handleOf(moved)).toHaveAccessibleName(`Move ${name} (position 3 of 40)`);
  });

  it('moves the cards at once, with no transition, from the pick-up until after the drop', async () => {
    render(<Editor />);
    const moved = item(2);
    const passed = item(3);
    const transitions = () =>
      [...list().querySelectorAll<HTMLElement>(':scope > li')].map((li) => li.style.transition);
    act(() => handleOf(moved).focus());

    await press('Space');
    expect(new Set(transitions())).toEqual(new Set(['']));

    await press('ArrowDown');
    // The card passed steps aside in the same frame: it is displaced, with no transition.
    expect(passed.style.transform).toMatch(/^translate3d\(0px, -?\d+px, 0\)$/);
    expect(passed.style.transform).not.toBe('translate3d(0px, 0px, 0)');
    expect(passed.style.transition).toBe('');

    await press('Space');
    expect(item(3)).toBe(moved);
    expect(item(2)).toBe(passed);
    for (const li of [moved, passed]) {
      expect(li.style.transform).toBe('');
      expect(li.style.transition).toBe('');
    }
    expect(new Set(transitions())).toEqual(new Set(['']));
  });

  it('keeps the transitions of a drag with the pointer', async () => {
    // jsdom has no PointerEvent; dnd-kit's pointer sensor reads isPrimary and button from one.
    class PointerEventOfTest extends MouseEvent {
      readonly isPrimary: boolean;
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.isPrimary = init.isPrimary ?? false;
        this.pointerId = init.pointerId ?? 1;
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventOfTest);
    onTestFinished(() => void vi.unstubAllGlobals());
    render(<Editor />);
    const handle = handleOf(item(2));
    const at = { clientX: 40, clientY: 2 * ITEM_HEIGHT + 20, isPrimary: true, button: 0 };
    await act(async () => {
      fireEvent.pointerDown(handle, at);
      fireEvent.pointerMove(document, { ...at, clientY: at.clientY + 30 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The drag has started: the cards are sorting under the pointer.
    expect(announced()).toContain('is over position 2 of 40.');
    const transitions = [...list().querySelectorAll<HTMLElement>(':scope > li')].map(
      (li) => li.style.transition,
    );
    expect(transitions.filter((t) => t.startsWith('transform 200ms')).length).toBeGreaterThan(1);
    await act(async () => {
      fireEvent.pointerUp(document, at);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  });

  it('moves the dropped card with moveBefore where the browser has it, so its handle is never blurred', async () => {
    const moveBefore = vi.fn(function (this: Element, node: Node, child: Node | null) {
      Node.prototype.insertBefore.call(this, node, child);
    });
    Object.defineProperty(Element.prototype, 'moveBefore', {
      value: moveBefore,
      configurable: true,
      writable: true,
    });
    render(<Editor />);
    const moved = item(2);
    act(() => handleOf(moved).focus());

    await press('Space');
    await press('ArrowDown');
    await press('Space');

    expect(moveBefore).toHaveBeenCalledTimes(1);
    expect(moveBefore.mock.calls[0]![0]).toBe(moved);
    expect(item(3)).toBe(moved);
    expect(document.activeElement).toBe(handleOf(moved));
  });
});
