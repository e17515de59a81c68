import { useT } from '@engine/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import buttons from './buttons.module.css';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  /** Texts arrive translated. */
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * A modal question before a destructive action. Focus starts on Cancel, stays inside the dialog
 * (Tab wraps), Escape cancels, and focus returns to where it was when the dialog closes.
 */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useT();
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      p.onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>('button:not(:disabled)')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop} onKeyDown={onKeyDown}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <h2 id={titleId} className={styles.title}>
          {p.title}
        </h2>
        <p id={messageId} className={styles.message}>
          {p.message}
        </p>
        <div className={styles.actions}>
          <button ref={cancelRef} type="button" className={buttons.secondary} onClick={p.onCancel}>
            {t('Cancel')}
          </button>
          <button
            type="button"
            className={buttons.danger}
            onClick={p.onConfirm}
            disabled={p.busy}
            aria-busy={p.busy}
          >
            {p.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
