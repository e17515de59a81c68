import { useT } from '@engine/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Icon } from '../icons/icons';
import type { BackToTopProps } from './back-to-top';
import styles from './back-to-top.module.css';

/** The button with its state machine, loaded once the page is first scrolled. */
const BackToTop = lazy(() =>
  import('./back-to-top').then((module) => ({ default: module.BackToTop })),
);

/** The hidden button, as the machine's first state shows it, without the machine. */
function HiddenBackToTop({ raised = false }: BackToTopProps) {
  const i18n = useT();
  return (
    <button
      type="button"
      data-island="back-to-top"
      hidden
      className={styles.button}
      data-raised={raised || undefined}
      aria-label={i18n.t('Back to top')}
      title={i18n.t('Back to top')}
    >
      <Icon name="arrow-up" />
    </button>
  );
}

/**
 * "Back to top": hidden until the page is scrolled far down and then up, so its code (the state
 * machine) loads only when the page is first scrolled; until then the hidden button holds its
 * place, as in a page the server rendered.
 */
export function BackToTopSlot(props: BackToTopProps) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  const hidden = <HiddenBackToTop {...props} />;
  if (!scrolled) return hidden;
  return (
    <Suspense fallback={hidden}>
      <BackToTop {...props} />
    </Suspense>
  );
}
