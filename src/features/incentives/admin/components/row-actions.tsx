import { useT } from '@engine/react';
import { Link } from 'react-router';
import styles from './admin.module.css';

/** A table row's Edit link and Delete button, named after the row's item. */
export function RowActions(p: { name: string; editTo: string; onDelete: () => void }) {
  const { t } = useT();
  return (
    <div className={styles.rowActions}>
      <Link className={styles.small} to={p.editTo} aria-label={t('Edit @title', { title: p.name })}>
        {t('Edit')}
      </Link>
      <button
        type="button"
        className={styles.smallDanger}
        aria-label={t('Delete @title', { title: p.name })}
        onClick={p.onDelete}
      >
        {t('Delete')}
      </button>
    </div>
  );
}
