import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useT } from '@engine/react';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { useRef } from 'react';
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
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

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

/**
 * The layout's sections in order. They move by drag and drop with a pointer, by keyboard on the
 * drag handle (Space or Enter to pick up, arrows to move, Space or Enter to drop, Escape to
 * cancel) and by the move up/down buttons; each move is announced to screen readers.
 */
export function SectionList(p: SectionListProps) {
  const { t } = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const ids = useSectionIds(p.sections);
  const locked = p.busy || p.editingId !== null;

  const indexOf = (id: UniqueIdentifier) => ids.indexOf(Number(id));
  const nameOf = (id: UniqueIdentifier) => {
    const section = p.sections[indexOf(id)];
    return section ? sectionDisplayName(section, t) : '';
  };
  const count = p.sections.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('Picked up @name. It is in position @position of @count.', {
        name: nameOf(active.id),
        position: indexOf(active.id) + 1,
        count,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('@name is over position @position of @count.', {
            name: nameOf(active.id),
            position: indexOf(over.id) + 1,
            count,
          })
        : t('@name is no longer over a position.', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('@name was dropped at position @position of @count.', {
            name: nameOf(active.id),
            position: indexOf(over.id) + 1,
            count,
          })
        : t('@name was dropped where it was.', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) =>
      t('Moving was cancelled. @name is back in position @position of @count.', {
        name: nameOf(active.id),
        position: indexOf(active.id) + 1,
        count,
      }),
  };

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
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: t(
              'To move a section, press Space or Enter on its handle, then the up and down arrow keys; press Space or Enter again to drop it, or Escape to cancel.',
            ),
          },
        }}
        onDragEnd={({ active, over }) => {
          if (!over || active.id === over.id) return;
          p.onMove(indexOf(active.id), indexOf(over.id));
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className={styles.list} aria-label={t('Sections')}>
            {p.sections.map((section, index) => (
              <SectionCard
                key={section.id}
                section={section}
                index={index}
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
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}
