import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useT } from '@engine/react';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
} from 'react';
import { EmptyState } from '@/shell/states/states';
import type { EditorSection, SectionData, SectionId, SectionState } from '../editor-config';
import { sectionDisplayName } from '../section-types';
import { InsertBar } from './insert-bar';
import { SectionCard, type SectionCommand } from './section-card';
import styles from './storefront-editor.module.css';

export interface SectionListProps {
  sections: readonly EditorSection[];
  offered: readonly StorefrontRestrictionOptions[];
  /** A section is being edited: the others wait. */
  editingId: SectionId | null;
  canPaste: boolean;
  busy: boolean;
  onInsert: (type: string, index: number) => void;
  onPaste: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onState: (id: SectionId, state: SectionState) => void;
  onApply: (id: SectionId, data: Partial<SectionData>) => void;
  onCancel: (section: EditorSection) => void;
  onCommand: (section: EditorSection, command: SectionCommand) => void;
}

// Module constants: options that change identity would give every card new drag listeners.
const pointerOptions = { activationConstraint: { distance: 6 } };
/**
 * A keyboard move goes one place per key, and the page follows it at once: a smooth scroll
 * would still be running when the next key or the drop comes, and while it runs every frame,
 * the drop's too, waits for the screen's next refresh. The cards step aside at once as well
 * (see SectionCard). Smooth scrolling also ignored a preference for reduced motion.
 */
const keyboardOptions = {
  coordinateGetter: sortableKeyboardCoordinates,
  scrollBehavior: 'auto' as const,
};

/**
 * The section ids in order, as the same array while the order is unchanged: dnd-kit re-renders
 * every sortable item when it gets a new array, so editing one section leaves the others alone.
 */
function useSectionIds(sections: readonly EditorSection[]): SectionId[] {
  const ids = useRef<SectionId[]>([]);
  const previous = ids.current;
  if (previous.length !== sections.length || sections.some((s, i) => s.id !== previous[i]))
    ids.current = sections.map((s) => s.id);
  return ids.current;
}

/** A card's height before it is measured (a closed card with its insert bar). */
const ESTIMATED_CARD_HEIGHT = 170;
const estimateSize = () => ESTIMATED_CARD_HEIGHT;
/**
 * Cards rendered beyond each edge of the window. Every rendered card is measured and renders again
 * at each step of a drag, so they are kept few; one beyond each edge is still there for a section
 * moved by keyboard past the edge of the window to go over.
 */
const OVERSCAN = 1;

/**
 * Where the list starts on the page, for the window virtualizer: read when the list mounts and
 * whenever the page's height changes (messages or the empty state above the list come and go).
 */
function useListTop(list: RefObject<HTMLOListElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list]);
  return top;
}

/**
 * Moves the cards of the list keeping their focus. React puts a card that changes place back
 * with `insertBefore` (or `appendChild`), which takes it out of the document first: when the card
 * holds the focus, as the handle of a section dropped by keyboard does, the browser blurs the
 * handle and lays the page out at once, then React focuses the handle again and reads the scroll
 * position of each of its ancestors, laying the page out once more, all before the drop can be
 * painted. `moveBefore` moves a node within its parent keeping its focus; where the browser has
 * it, the list moves its own cards with it.
 */
function useMovesKeepFocus(list: RefObject<HTMLOListElement | null>) {
  useLayoutEffect(() => {
    const element = list.current;
    if (!element || !('moveBefore' in element)) return;
    const moved = (node: Node, before: Node | null) => {
      if (node.parentNode !== element || !element.isConnected) return false;
      element.moveBefore(node, before);
      return true;
    };
    element.insertBefore = <T extends Node>(node: T, before: Node | null): T =>
      moved(node, before) ? node : (Node.prototype.insertBefore.call(element, node, before) as T);
    element.appendChild = <T extends Node>(node: T): T =>
      moved(node, null) ? node : (Node.prototype.appendChild.call(element, node) as T);
    return () => {
      // Without its own methods, the element uses the prototype's again.
      Reflect.deleteProperty(element, 'insertBefore');
      Reflect.deleteProperty(element, 'appendChild');
    };
  }, [list]);
}

/**
 * The layout's sections in order. They move by drag and drop with a pointer, by keyboard on the
 * drag handle (Space or Enter to pick up, arrows to move, Space or Enter to drop, Escape to
 * cancel) and by the move up/down buttons; each move is announced to screen readers.
 *
 * A layout holds up to 300 sections, so only the cards in and near the window are rendered (each
 * says its position in the list, `aria-posinset`); the card being edited, the one being moved and
 * the one holding the focus stay rendered wherever they are, so no edit or focus is lost by
 * scrolling away. dnd-kit renders every sortable card again at each step of a drag (see
 * SectionCard), so the cards rendered are what a keyboard move costs.
 */
export function SectionList(p: SectionListProps) {
  const { t } = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const ids = useSectionIds(p.sections);
  const locked = p.busy || p.editingId !== null;
  const count = p.sections.length;

  const list = useRef<HTMLOListElement>(null);
  const listTop = useListTop(list);
  useMovesKeepFocus(list);
  const [dragged, setDragged] = useState<SectionId | null>(null);
  const [focused, setFocused] = useState<SectionId | null>(null);
  // The drag and drop callbacks and announcements read the latest sections through a ref, so
  // they keep their identity and DndContext (memoized) does not render for a list render alone.
  const latest = useRef({ sections: p.sections, ids, onMove: p.onMove, focused });
  useLayoutEffect(() => {
    latest.current = { sections: p.sections, ids, onMove: p.onMove, focused };
  });
  // Each pinned index once: a keyboard move pins the same card as dragged and as focused, and
  // an unchanged key keeps the range the virtualizer computed.
  const pinnedKey = [
    ...new Set(
      [p.editingId, dragged, focused]
        .map((id) => (id === null ? -1 : ids.indexOf(id)))
        .filter((index) => index >= 0),
    ),
  ]
    .sort((a, b) => a - b)
    .join(',');
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const index of pinnedKey ? pinnedKey.split(',') : []) indexes.add(Number(index));
      return [...indexes].sort((a, b) => a - b);
    },
    [pinnedKey],
  );
  // A new key function makes the virtualizer measure the whole list again: only when the order
  // changes.
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    getItemKey,
    rangeExtractor,
    useFlushSync: false,
  });
  const onFocus = (event: FocusEvent<HTMLOListElement>) => {
    const id = Number(event.target.closest('[data-section-id]')?.getAttribute('data-section-id'));
    if (id && id !== focused) setFocused(id);
  };

  // The rendered cards, each with the room of the cards not rendered before it.
  let end = 0;
  const shown = virtualizer.getVirtualItems().map((item) => {
    const start = item.start - listTop;
    const before = Math.max(0, start - end);
    end = start + item.size;
    return { index: item.index, before };
  });
  const after = Math.max(0, virtualizer.getTotalSize() - end);

  const dnd = useMemo(() => {
    const indexOf = (id: UniqueIdentifier) => latest.current.ids.indexOf(Number(id));
    const nameOf = (id: UniqueIdentifier) => {
      const section = latest.current.sections[indexOf(id)];
      return section ? sectionDisplayName(section, t) : '';
    };
    /** A section's name with a place in the list (1-based) and the list's length. */
    const placed = (id: UniqueIdentifier, at: UniqueIdentifier) => ({
      name: nameOf(id),
      position: indexOf(at) + 1,
      count: latest.current.sections.length,
    });
    const announcements: Announcements = {
      onDragStart: ({ active }) =>
        t('Picked up @name. It is in position @position of @count.', placed(active.id, active.id)),
      onDragOver: ({ active, over }) =>
        over
          ? t('@name is over position @position of @count.', placed(active.id, over.id))
          : t('@name is no longer over a position.', { name: nameOf(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('@name was dropped at position @position of @count.', placed(active.id, over.id))
          : t('@name was dropped where it was.', { name: nameOf(active.id) }),
      onDragCancel: ({ active }) =>
        t(
          'Moving was cancelled. @name is back in position @position of @count.',
          placed(active.id, active.id),
        ),
    };
    return {
      accessibility: {
        announcements,
        screenReaderInstructions: {
          draggable: t(
            'To move a section, press Space or Enter on its handle, then the up and down arrow keys; press Space or Enter again to drop it, or Escape to cancel.',
          ),
        },
      },
      // A section picked up by keyboard (or by a pointer that focused its handle) is already
      // kept rendered as the focused one: the list need not render again for it.
      onDragStart: ({ active }: DragStartEvent) => {
        const id = Number(active.id);
        if (id !== latest.current.focused) setDragged(id);
      },
      onDragCancel: () => setDragged(null),
      onDragEnd: ({ active, over }: DragEndEvent) => {
        setDragged(null);
        if (!over || active.id === over.id) return;
        latest.current.onMove(indexOf(active.id), indexOf(over.id));
      },
    };
  }, [t]);

  return (
    <div className={styles.sectionList}>
      {count === 0 ? (
        <EmptyState title={t('This storefront has no sections yet.')}>
          <p>{t('Add a section to start, or paste one copied from the other storefront.')}</p>
        </EmptyState>
      ) : null}
      <InsertBar
        index={0}
        canPaste={p.canPaste}
        disabled={locked}
        onInsert={p.onInsert}
        onPaste={p.onPaste}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={dnd.accessibility}
        onDragStart={dnd.onDragStart}
        onDragCancel={dnd.onDragCancel}
        onDragEnd={dnd.onDragEnd}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol
            ref={list}
            className={styles.list}
            aria-label={t('Sections')}
            style={{ paddingBlockEnd: after }}
            onFocus={onFocus}
          >
            {shown.map(({ index, before }) => {
              const section = p.sections[index]!;
              return (
                <SectionCard
                  key={section.id}
                  section={section}
                  index={index}
                  before={before}
                  measure={virtualizer.measureElement}
                  count={count}
                  offered={p.offered}
                  locked={locked && p.editingId !== section.id}
                  onState={p.onState}
                  onApply={p.onApply}
                  onCancel={p.onCancel}
                  onCommand={p.onCommand}
                  canPaste={p.canPaste}
                  insertDisabled={locked}
                  onInsert={p.onInsert}
                  onPaste={p.onPaste}
                />
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}
