import { useT } from '@engine/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, translated. */
  title: string;
  /** What happens, translated. */
  children?: ReactNode;
  /** Label of the confirming button, translated. */
  confirmLabel: string;
  /** Label of the button that keeps things as they are; default "Cancel". */
  cancelLabel?: string;
  /** Styles the confirming button as destructive. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before something that cannot simply be taken back (removing, discarding).
 * The native `<dialog>` traps focus and closes on Escape; the safe button has focus first.
 */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { open } = p;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={p.children ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        p.onCancel();
      }}
    >
      {open ? (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {p.title}
          </h2>
          {p.children ? (
            <div id={bodyId} className={styles.text}>
              {p.children}
            </div>
          ) : null}
          <div className={styles.actions}>
            <button ref={cancelRef} type="button" className={styles.cancel} onClick={p.onCancel}>
              {p.cancelLabel ?? t('Cancel')}
            </button>
            <button
              type="button"
              className={p.danger ? styles.danger : styles.confirm}
              onClick={p.onConfirm}
            >
              {p.confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
