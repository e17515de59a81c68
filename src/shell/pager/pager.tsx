import { useT } from '@engine/react';
import { Link } from 'react-router';
import { Icon } from '../icons/icons';
import styles from './pager.module.css';

/** Previous / next paging with the current position. `page` counts from 0. */
export function Pager({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  /** Address of a page (0-based). */
  hrefFor: (page: number) => string;
}) {
  const { t } = useT();
  if (totalPages <= 1) return null;
  const previous = page > 0 ? page - 1 : null;
  const next = page < totalPages - 1 ? page + 1 : null;
  return (
    <nav className={styles.pager} aria-label={t('Pages')}>
      {previous === null ? (
        <span className={styles.disabled} aria-hidden="true">
          <Icon name="arrow-back" size={18} />
          {t('Previous')}
        </span>
      ) : (
        <Link className={styles.link} to={hrefFor(previous)} rel="prev">
          <Icon name="arrow-back" size={18} />
          {t('Previous')}
        </Link>
      )}
      <span className={styles.position}>
        {t('Page @page of @total', { page: page + 1, total: totalPages })}
      </span>
      {next === null ? (
        <span className={styles.disabled} aria-hidden="true">
          {t('Next')}
          <Icon name="chevron-forward" size={18} />
        </span>
      ) : (
        <Link className={styles.link} to={hrefFor(next)} rel="next">
          {t('Next')}
          <Icon name="chevron-forward" size={18} />
        </Link>
      )}
    </nav>
  );
}
