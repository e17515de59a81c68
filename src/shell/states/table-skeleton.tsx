import { useT } from '@engine/react';
import styles from './table-skeleton.module.css';

/** Grey rows while a list or form loads; announced once as "Loading". */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useT();
  return (
    <div className={styles.skeleton} role="status" aria-label={t('Loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={styles.bone} />
      ))}
    </div>
  );
}
