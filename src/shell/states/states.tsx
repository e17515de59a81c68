import { useT } from '@engine/react';
import type { ReactNode } from 'react';
import { Icon } from '../icons/icons';
import styles from './states.module.css';

/** Nothing to show yet, and what to do about it. Texts arrive translated. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

/** A failed load with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className={styles.error} role="alert">
      <Icon name="error" size={20} />
      <p className={styles.errorText}>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('Try again')}
      </button>
    </div>
  );
}
