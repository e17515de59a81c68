import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useT } from '@engine/react';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from '@/shell/icons/icons';
import type { EditorSection, SectionData, SectionState } from '../editor-config';
import { describeRestrictions } from '../restrictions-form';
import { sectionName, sectionTypeOf } from '../section-types';
import { SectionForm } from './section-form';
import styles from './storefront-editor.module.css';

export type SectionCommand = 'up' | 'down' | 'copy' | 'remove';

export interface SectionCardProps {
  section: EditorSection;
  index: number;
  count: number;
  offered: readonly StorefrontRestrictionOptions[];
  /** Another section is being edited or the editor is saving: only this one's form is live. */
  locked: boolean;
  onState: (state: SectionState) => void;
  onApply: (data: Partial<SectionData>) => void;
  onCancel: () => void;
  onCommand: (command: SectionCommand) => void;
  /** What follows the card inside its list item (the insert bar after it). */
  children?: ReactNode;
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
 * One section in the editor: a drag handle (pointer and keyboard, through dnd-kit), its name,
 * type and audience, the buttons that open its forms, move it up or down, copy or remove it,
 * and the open form when it is being edited.
 */
export function SectionCard(p: SectionCardProps) {
  const { t } = useT();
  const { section } = p;
  const type = sectionTypeOf(section.type);
  const typeLabel = type ? t(type.label) : t('Unknown section type');
  const name = sectionName(section) ?? typeLabel;
  const titleId = useId();
  const editing = section.state !== 'view';
  const sortable = useSortable({
    id: section.id,
    disabled: p.locked || editing,
    attributes: { roleDescription: t('sortable section') },
  });
  const restrictions = describeRestrictions(section.data.restrictions, p.offered);
  const lockedOut = p.locked && !editing;

  return (
    <li
      ref={sortable.setNodeRef}
      className={styles.item}
      data-section-id={section.id}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
    >
      <article
        aria-labelledby={titleId}
        className={[
          styles.card,
          editing ? styles.cardEditing : '',
          sortable.isDragging ? styles.cardDragging : '',
        ].join(' ')}
      >
        <div className={styles.cardHeader}>
          <button
            ref={sortable.setActivatorNodeRef}
            type="button"
            className={styles.handle}
            {...sortable.attributes}
            {...sortable.listeners}
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
                  onClick={() => p.onState('edit')}
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
                  onClick={() => p.onState('settings')}
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
                  onClick={() => p.onState('customize')}
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
                onClick={() => p.onCommand('up')}
              />
              <IconButton
                icon="arrow-down"
                action="down"
                label={t('Move @name down', { name })}
                disabled={p.locked || p.index === p.count - 1}
                onClick={() => p.onCommand('down')}
              />
              <IconButton
                icon="copy"
                action="copy"
                label={t('Copy @name', { name })}
                disabled={p.locked}
                onClick={() => p.onCommand('copy')}
              />
              <IconButton
                icon="trash"
                action="remove"
                danger
                label={t('Remove @name', { name })}
                disabled={p.locked && !editing}
                onClick={() => p.onCommand('remove')}
              />
            </div>
          </div>
        </div>
        {editing && type ? (
          <SectionForm
            section={section}
            type={type}
            offered={p.offered}
            onApply={p.onApply}
            onCancel={p.onCancel}
          />
        ) : null}
      </article>
      {p.children}
    </li>
  );
}
