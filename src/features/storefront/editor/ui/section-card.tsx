import {
  useDndContext,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS, isKeyboardEvent, type Transform } from '@dnd-kit/utilities';
import { useT } from '@engine/react';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { memo, useCallback, useId, useLayoutEffect, useRef } from 'react';
import { Icon, type IconName } from '@/shell/icons/icons';
import type { EditorSection, SectionData, SectionId, SectionState } from '../editor-config';
import { describeRestrictions } from '../restrictions-form';
import { sectionDisplayName, sectionTypeOf } from '../section-types';
import { InsertBar, type InsertBarProps } from './insert-bar';
import { SectionForm } from './section-form';
import styles from './storefront-editor.module.css';

export type SectionCommand = 'up' | 'down' | 'copy' | 'remove';

/**
 * What a card needs besides its place in the drag and drop. The callbacks take the section (or
 * its id), so the list can hand every card the same functions and unchanged cards skip
 * rendering.
 */
interface SectionCardContentProps {
  section: EditorSection;
  index: number;
  count: number;
  offered: readonly StorefrontRestrictionOptions[];
  /** Another section is being edited or the editor is saving: only this one's form is live. */
  locked: boolean;
  onState: (id: SectionId, state: SectionState) => void;
  onApply: (id: SectionId, data: Partial<SectionData>) => void;
  onCancel: (section: EditorSection) => void;
  onCommand: (section: EditorSection, command: SectionCommand) => void;
}

export interface SectionCardProps extends SectionCardContentProps {
  /** Room left for the cards not rendered before this one (the list renders only some). */
  before: number;
  /** Measures the rendered card for the list (the virtualizer's `measureElement`). */
  measure: (element: HTMLElement | null) => void;
  /** The insert bar after the card: whether it offers Paste here, and whether it is disabled. */
  canPaste: boolean;
  insertDisabled: boolean;
  onInsert: InsertBarProps['onInsert'];
  onPaste: InsertBarProps['onPaste'];
}

function IconButton(p: {
  icon: IconName;
  label: string;
  action: string;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={p.danger ? `${styles.iconButton} ${styles.dangerButton}` : styles.iconButton}
      aria-label={p.label}
      title={p.label}
      data-action={p.action}
      disabled={p.disabled}
      onClick={p.onClick}
    >
      <Icon name={p.icon} size={20} />
    </button>
  );
}

/**
 * A transform only where the item is actually displaced: dnd-kit gives every item of a list
 * being sorted a transform, most of them zero. Without one, an item is at rest (see its
 * transition below).
 */
function displacement(transform: Transform | null): string | undefined {
  return transform && (transform.x !== 0 || transform.y !== 0)
    ? CSS.Translate.toString(transform)
    : undefined;
}

/** The transition dnd-kit gives sorting items (its default), also kept on items at rest. */
const sortingTransition = CSS.Transition.toString({
  property: 'transform',
  duration: 200,
  easing: 'ease',
});

/**
 * One section in the editor: a drag handle (pointer and keyboard, through dnd-kit), its name,
 * type and audience, the buttons that open its forms, move it up or down, copy or remove it,
 * and the open form when it is being edited.
 *
 * dnd-kit renders every sortable item again whenever the drag changes (picked up, measured,
 * moved over another place, dropped): several times per keystroke. So the work is in three
 * layers, each rendering only when what it shows changes: this component holds the item's place
 * in the drag and drop; the list item renders when its place, transform or transition changes;
 * the card and the insert bar after it render when their own section, position or handle state
 * changes. A keyboard move thus renders the cards of the two sections that trade places, not
 * every card in the window.
 */
export const SectionCard = memo(function SectionCard(p: SectionCardProps) {
  const { t } = useT();
  const editing = p.section.state !== 'view';
  const sortable = useSortable({
    id: p.section.id,
    disabled: p.locked || editing,
    attributes: { roleDescription: t('sortable section') },
    // The cards do not change size while one is dragged; observing all of them would create and
    // drop a ResizeObserver per card at each pick-up and drop.
    resizeObserverConfig: { disabled: true },
  });
  const transform = displacement(sortable.transform);

  // dnd-kit gives every item a transition when a drag starts, takes it away when it ends and
  // turns it off for the frame of the drop: style changes on every item of the list, though a
  // transition only shows on an item whose transform changes. So only an item that is or was
  // just displaced, and the dragged one, take dnd-kit's transition; the others keep one string.
  const shownTransform = useRef(transform);
  useLayoutEffect(() => {
    shownTransform.current = transform;
  }, [transform]);
  const moving = transform !== undefined || shownTransform.current !== undefined;
  // A section moved by keyboard goes one place per key, and the cards it passes step aside in the
  // same frame, without a transition: a transition still running when the next key or the drop
  // comes would hold that key's frame to the screen's refresh, as it does every animation frame.
  // The drop too puts the cards in their places at once, and they stay without a transition
  // until a pointer picks a section up (a pointer drag keeps the transitions). The move buttons
  // move sections at once as well.
  const { activatorEvent } = useDndContext();
  const byKeyboard =
    sortable.isSorting && activatorEvent !== null && isKeyboardEvent(activatorEvent);
  const lastByKeyboard = useRef(false);
  useLayoutEffect(() => {
    if (sortable.isSorting) lastByKeyboard.current = byKeyboard;
  });
  const instant = sortable.isSorting ? byKeyboard : lastByKeyboard.current;

  const { setNodeRef } = sortable;
  const { measure } = p;
  const setItemRef = useCallback(
    (element: HTMLElement | null) => {
      setNodeRef(element);
      measure(element);
    },
    [setNodeRef, measure],
  );

  return (
    <SectionItem
      {...p}
      setNodeRef={setItemRef}
      transform={transform}
      transition={
        instant
          ? undefined
          : moving || sortable.isDragging
            ? sortable.transition
            : sortingTransition
      }
      dragging={sortable.isDragging}
      setHandleRef={sortable.setActivatorNodeRef}
      handleAttributes={sortable.attributes}
      handleListeners={sortable.listeners}
    />
  );
});

interface SectionItemProps extends SectionCardProps {
  setNodeRef: (element: HTMLElement | null) => void;
  transform: string | undefined;
  transition: string | undefined;
  dragging: boolean;
  setHandleRef: (element: HTMLElement | null) => void;
  handleAttributes: DraggableAttributes;
  handleListeners: DraggableSyntheticListeners;
}

const SectionItem = memo(function SectionItem({
  setNodeRef,
  transform,
  transition,
  dragging,
  before,
  measure: _measure,
  canPaste,
  insertDisabled,
  onInsert,
  onPaste,
  ...p
}: SectionItemProps) {
  return (
    <li
      ref={setNodeRef}
      className={dragging ? `${styles.item} ${styles.itemDragging}` : styles.item}
      data-section-id={p.section.id}
      data-index={p.index}
      aria-posinset={p.index + 1}
      aria-setsize={p.count}
      style={{ transform, transition, marginBlockStart: before || undefined }}
    >
      <SectionCardContent {...p} />
      <InsertBar
        index={p.index + 1}
        canPaste={canPaste}
        disabled={insertDisabled}
        onInsert={onInsert}
        onPaste={onPaste}
      />
    </li>
  );
});

/**
 * The card itself. Memoized apart from the list item: while a section is displaced or settles
 * after a drop only the item's transform and transition change, and the card stays as it is.
 */
const SectionCardContent = memo(function SectionCardContent(
  p: SectionCardContentProps &
    Pick<SectionItemProps, 'setHandleRef' | 'handleAttributes' | 'handleListeners'>,
) {
  const { t } = useT();
  const { section } = p;
  const type = sectionTypeOf(section.type);
  const typeLabel = type ? t(type.label) : t('Unknown section type');
  const name = sectionDisplayName(section, t);
  const titleId = useId();
  const editing = section.state !== 'view';
  const restrictions = describeRestrictions(section.data.restrictions, p.offered);
  const lockedOut = p.locked && !editing;

  return (
    <article
      aria-labelledby={titleId}
      className={editing ? `${styles.card} ${styles.cardEditing}` : styles.card}
    >
      <div className={styles.cardHeader}>
        <button
          ref={p.setHandleRef}
          type="button"
          className={styles.handle}
          {...p.handleAttributes}
          {...p.handleListeners}
          aria-label={t('Move @name (position @position of @count)', {
            name,
            position: p.index + 1,
            count: p.count,
          })}
          data-action="drag"
          disabled={p.locked || editing}
        >
          <Icon name="drag" size={22} />
        </button>
        <div className={styles.cardText}>
          <h2 id={titleId} className={styles.cardTitle}>
            {name}
          </h2>
          <p className={styles.cardMeta}>
            <span className={styles.typeBadge}>{typeLabel}</span>
            {section.isNew ? <span className={styles.newBadge}>{t('Not saved yet')}</span> : null}
          </p>
          {restrictions.length ? (
            <ul className={styles.restrictions} aria-label={t('Shown only to')}>
              {restrictions.map((r) => (
                <li key={r.label}>
                  <Icon name="shield" size={16} />
                  {t(r.label)}: {r.values.join(', ')}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.audienceAll}>{t('Shown to everyone')}</p>
          )}
        </div>
        <div className={styles.cardActions}>
          {type ? (
            <div className={styles.textActions}>
              <button
                type="button"
                className={styles.textButton}
                aria-pressed={section.state === 'edit' || section.state === 'create'}
                data-action="edit"
                disabled={lockedOut}
                onClick={() => p.onState(section.id, 'edit')}
              >
                <Icon name="edit" size={18} />
                {t('Content')}
              </button>
              <button
                type="button"
                className={styles.textButton}
                aria-pressed={section.state === 'settings'}
                data-action="settings"
                disabled={lockedOut}
                onClick={() => p.onState(section.id, 'settings')}
              >
                <Icon name="settings" size={18} />
                {t('Settings')}
              </button>
              <button
                type="button"
                className={styles.textButton}
                aria-pressed={section.state === 'customize'}
                data-action="customize"
                disabled={lockedOut}
                onClick={() => p.onState(section.id, 'customize')}
              >
                <Icon name="palette" size={18} />
                {t('Appearance')}
              </button>
            </div>
          ) : null}
          <div className={styles.iconActions}>
            <IconButton
              icon="arrow-up"
              action="up"
              label={t('Move @name up', { name })}
              disabled={p.locked || p.index === 0}
              onClick={() => p.onCommand(section, 'up')}
            />
            <IconButton
              icon="arrow-down"
              action="down"
              label={t('Move @name down', { name })}
              disabled={p.locked || p.index === p.count - 1}
              onClick={() => p.onCommand(section, 'down')}
            />
            <IconButton
              icon="copy"
              action="copy"
              label={t('Copy @name', { name })}
              disabled={p.locked}
              onClick={() => p.onCommand(section, 'copy')}
            />
            <IconButton
              icon="trash"
              action="remove"
              danger
              label={t('Remove @name', { name })}
              disabled={p.locked && !editing}
              onClick={() => p.onCommand(section, 'remove')}
            />
          </div>
        </div>
      </div>
      {editing && type ? (
        <SectionForm
          section={section}
          type={type}
          offered={p.offered}
          onApply={(data) => p.onApply(section.id, data)}
          onCancel={() => p.onCancel(section)}
        />
      ) : null}
    </article>
  );
});
