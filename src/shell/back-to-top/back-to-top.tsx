import { useT } from '@engine/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Icon } from '../icons/icons';
import { backToTopMachine, type ScrollDirection } from './back-to-top.machine';
import styles from './back-to-top.module.css';

/** Scroll handling waits this long after the last scroll event (SPEC point 9). */
export const SCROLL_DEBOUNCE_MS = 50;

export interface BackToTopProps {
  /** Raised above the bottom edge for signed-in users. */
  raised?: boolean;
}

/** "Back to top" button: appears while scrolling up far down the page, smooth-scrolls to the top. */
export function BackToTop({ raised = false }: BackToTopProps) {
  const i18n = useT();
  const actor = useActorRef(backToTopMachine);
  const visible = useSelector(actor, (s) => s.matches('visible'));

  useEffect(() => {
    let lastY = window.scrollY;
    let direction: ScrollDirection = 'none';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () =>
      actor.send({
        type: 'SCROLL',
        y: window.scrollY,
        viewportHeight: window.innerHeight,
        pageHeight: document.documentElement.scrollHeight,
        direction,
      });
    const onScroll = () => {
      const y = window.scrollY;
      // Direction follows every scroll event; only the report to the machine is debounced.
      if (y !== lastY) direction = y < lastY ? 'up' : 'down';
      lastY = y;
      clearTimeout(timer);
      timer = setTimeout(report, SCROLL_DEBOUNCE_MS);
    };
    const onResize = () => {
      direction = 'none';
      clearTimeout(timer);
      timer = setTimeout(report, SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, [actor]);

  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      data-raised={raised || undefined}
      aria-label={i18n.t('Back to top')}
      title={i18n.t('Back to top')}
      onClick={() => actor.send({ type: 'CLICK' })}
    >
      <Icon name="arrow-up" />
    </button>
  );
}
