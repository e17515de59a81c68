import { useT } from '@engine/react';
import { sectionTypes } from '@schemas/storefront/section-types';
import { memo, useId, useRef, useState } from 'react';
import { Icon } from '@/shell/icons/icons';
import styles from './storefront-editor.module.css';

export interface InsertBarProps {
  /** Where a new or pasted section goes (0-based). */
  index: number;
  /** A copied section is waiting to be pasted. */
  canPaste: boolean;
  disabled?: boolean;
  onInsert: (type: string, index: number) => void;
  onPaste: (index: number) => void;
}

/**
 * Between sections: "Add section" (a menu of section types) and, with a copied section, "Paste
 * here". Memoized: a list of hundreds of sections renders one after every card.
 */
export const InsertBar = memo(function InsertBar({
  index,
  canPaste,
  disabled,
  onInsert,
  onPaste,
}: InsertBarProps) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const position = index + 1;

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div
      className={styles.insert}
      data-insert-index={index}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <div className={styles.insertButtons}>
        <button
          ref={toggle}
          type="button"
          className={styles.insertButton}
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={t('Add section at position @position', { position })}
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="plus" size={18} />
          {t('Add section')}
        </button>
        {canPaste ? (
          <button
            type="button"
            className={styles.insertButton}
            aria-label={t('Paste here, at position @position', { position })}
            disabled={disabled}
            onClick={() => onPaste(index)}
          >
            <Icon name="paste" size={18} />
            {t('Paste here')}
          </button>
        ) : null}
      </div>
      {/* Rendered only while open: every card of the list has an insert bar after it. */}
      {open ? (
        <ul id={menuId} className={styles.typeMenu}>
          {sectionTypes.map((type) => (
            <li key={type.type}>
              <button
                type="button"
                className={styles.typeButton}
                onClick={() => {
                  setOpen(false);
                  onInsert(type.type, index);
                }}
              >
                {t(type.label)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
