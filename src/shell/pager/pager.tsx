import { useT } from '@engine/react';
import { Link } from 'react-router';
import { Icon } from '../icons/icons';
import styles from './pager.module.css';

/** Where a page of a list paged by cursor starts: after or before a row of the list. */
export interface PageCursor {
  after?: string;
  before?: string;
}

/**
 * Previous / next paging with the current position. `page` counts from 0. A list paged by
 * cursor gives its `meta.next` and `meta.prev` as `cursors`: the links then carry them, and
 * there is a next page exactly when there is a next cursor. An estimated total reads "about".
 */
export function Pager({
  page,
  totalPages,
  hrefFor,
  cursors,
  estimated = false,
}: {
  page: number;
  totalPages: number;
  /** Address of a page (0-based), opened from a cursor where the list pages by cursor. */
  hrefFor: (page: number, cursor?: PageCursor) => string;
  cursors?: { next?: string | undefined; prev?: string | undefined };
  estimated?: boolean | undefined;
}) {
  const { t } = useT();
  if (totalPages <= 1 && !cursors?.next && page === 0) return null;
  const previous = page > 0 ? page - 1 : null;
  const next = (cursors ? cursors.next !== undefined : page < totalPages - 1) ? page + 1 : null;
  const previousHref = (p: number) =>
    // The first page needs no cursor: its address stays the list's own.
    cursors?.prev !== undefined && p > 0 ? hrefFor(p, { before: cursors.prev }) : hrefFor(p);
  const nextHref = (p: number) =>
    cursors?.next !== undefined ? hrefFor(p, { after: cursors.next }) : hrefFor(p);
  return (
    <nav className={styles.pager} aria-label={t('Pages')}>
      {previous === null ? (
        <span className={styles.disabled} aria-hidden="true">
          <Icon name="arrow-back" size={18} />
          {t('Previous')}
        </span>
      ) : (
        <Link className={styles.link} to={previousHref(previous)} rel="prev">
          <Icon name="arrow-back" size={18} />
          {t('Previous')}
        </Link>
      )}
      <span className={styles.position}>
        {estimated
          ? t('Page @page of about @total', { page: page + 1, total: totalPages })
          : t('Page @page of @total', { page: page + 1, total: totalPages })}
      </span>
      {next === null ? (
        <span className={styles.disabled} aria-hidden="true">
          {t('Next')}
          <Icon name="chevron-forward" size={18} />
        </span>
      ) : (
        <Link className={styles.link} to={nextHref(next)} rel="next">
          {t('Next')}
          <Icon name="chevron-forward" size={18} />
        </Link>
      )}
    </nav>
  );
}
