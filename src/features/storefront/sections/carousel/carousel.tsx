import { useT } from '@engine/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from '@/shell/icons/icons';
import styles from './carousel.module.css';
import { CAROUSEL, runCarousel } from './carousel-controls';

/**
 * A row of cards that scrolls sideways, with previous/next buttons named after the row. The
 * server renders the buttons too (marked as islands), so a page sent without the portal's code
 * runs them with the same {@link runCarousel}.
 */
export function Carousel(p: { label: string; children: ReactNode }) {
  const { t } = useT();
  const ref = useRef<HTMLDivElement>(null);
  const listId = useId();
  useEffect(() => (ref.current ? runCarousel(ref.current) : undefined), []);
  return (
    <div ref={ref} className={styles.carousel} {...{ [CAROUSEL.root]: '' }}>
      <ul
        id={listId}
        className={styles.list}
        aria-label={p.label}
        tabIndex={0}
        {...{ [CAROUSEL.list]: '' }}
      >
        {p.children}
      </ul>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.button}
          data-island={CAROUSEL.previous}
          aria-controls={listId}
          aria-label={t('Previous: @list', { list: p.label })}
          disabled
        >
          <Icon name="chevron-back" size={20} />
        </button>
        <button
          type="button"
          className={styles.button}
          data-island={CAROUSEL.next}
          aria-controls={listId}
          aria-label={t('Next: @list', { list: p.label })}
        >
          <Icon name="chevron-forward" size={20} />
        </button>
      </div>
    </div>
  );
}

/** One card of a {@link Carousel}. */
export function Slide({ children }: { children: ReactNode }) {
  return <li className={styles.slide}>{children}</li>;
}
