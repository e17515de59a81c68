import { useT } from '@engine/react';
import styles from './sections-skeleton.module.css';

/** The page's sections while the layout loads; announced once. */
export function SectionsSkeleton() {
  const { t } = useT();
  return (
    <div role="status" className={styles.skeleton}>
      <span className="visually-hidden">{t('Loading the storefront')}</span>
      <span className={styles.block} aria-hidden="true" />
      <span className={`${styles.block} ${styles.short}`} aria-hidden="true" />
    </div>
  );
}
