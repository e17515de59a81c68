import { useT } from '@engine/react';
import type { StorefrontQuery } from '@schemas/entities/storefront.schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStorefrontPages } from '@/lib/queries/storefront-pages';
import { ErrorState } from '@/shell/states/states';
import { StorefrontSections } from '../sections/storefront-sections';
import styles from './more-sections.module.css';
import { SectionsSkeleton } from './sections-skeleton';

/** How far below the screen the end of the shown sections starts the next page loading. */
const AHEAD = '600px';

/**
 * The sections after a layout's first page: the next page loads as the reader scrolls near the
 * end of what is shown, or when they press "Show more sections" (keyboard, or a browser that
 * does not watch scrolling).
 */
export function MoreSections({ query, after }: { query: StorefrontQuery; after: number }) {
  const { t } = useT();
  // Nothing is fetched until the reader comes near the end or asks.
  const [wanted, setWanted] = useState(false);
  const pages = useStorefrontPages(query, wanted);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetching, isError, fetchNextPage } = pages;
  const canLoad = !wanted || (hasNextPage && !isFetching && !isError);
  const loadMore = useCallback(() => {
    if (wanted) void fetchNextPage();
    else setWanted(true);
  }, [wanted, fetchNextPage]);

  useEffect(() => {
    const element = end.current;
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, loadMore]);

  let shown = after;
  return (
    <>
      {pages.data?.pages.map((page) => {
        const offset = shown;
        shown += page.sections.length;
        return (
          <StorefrontSections
            key={page.sections_meta?.page}
            sections={page.sections}
            offset={offset}
          />
        );
      })}
      {isFetching ? <SectionsSkeleton /> : null}
      {isError ? (
        <ErrorState
          message={t('The next sections could not be loaded.')}
          onRetry={() => void (pages.data ? fetchNextPage() : pages.refetch())}
        />
      ) : null}
      <div ref={end} className={styles.end}>
        {canLoad ? (
          <button type="button" className={styles.more} onClick={loadMore}>
            {t('Show more sections')}
          </button>
        ) : null}
      </div>
    </>
  );
}
