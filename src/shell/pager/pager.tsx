import type { ListMeta } from '@engine/core';
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
 * The page an address asks for (`page`, counted from 0) and, for a list paged by cursor, the
 * cursor it opens from (`after` or `before`, only one).
 */
export function pageInAddress(params: URLSearchParams): { page: number } & PageCursor {
  const page = Math.max(0, Number(params.get('page')) || 0);
  const after = params.get('after');
  const before = params.get('before');
  return { page, ...(after ? { after } : before ? { before } : {}) };
}

/**
 * The address of another page of the list at `base`: the current address's query with its
 * page and cursor replaced (page 0 and no cursor leave them out).
 *
 * @example pageAddress('/users', new URLSearchParams('role=trainer'), 1, { after: 'c' }) // '/users?role=trainer&page=1&after=c'
 */
export function pageAddress(
  base: string,
  params: URLSearchParams,
  page: number,
  cursor: PageCursor = {},
): string {
  const next = new URLSearchParams(params);
  for (const name of ['page', 'after', 'before']) next.delete(name);
  if (page > 0) next.set('page', String(page));
  if (cursor.after) next.set('after', cursor.after);
  else if (cursor.before) next.set('before', cursor.before);
  const search = next.toString();
  return search ? `${base}?${search}` : base;
}

/**
 * Previous / next paging with the current position, from a list's meta (`page` counts from 0).
 * A list paged by cursor gives `next` and `prev` cursors: the links then carry them, and there
 * is a next page exactly when there is a next cursor (a single page gives none). An estimated
 * total reads "about".
 */
export function Pager({
  meta,
  hrefFor,
}: {
  meta: Pick<ListMeta, 'page' | 'totalPages'> &
    Partial<Pick<ListMeta, 'next' | 'prev' | 'estimated'>>;
  /** Address of a page (0-based), opened from a cursor where the list pages by cursor. */
  hrefFor: (page: number, cursor?: PageCursor) => string;
}) {
  const { t } = useT();
  const { page, totalPages, estimated = false } = meta;
  const cursors =
    meta.next !== undefined || meta.prev !== undefined
      ? { next: meta.next, prev: meta.prev }
      : undefined;
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
