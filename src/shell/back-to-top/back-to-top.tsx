import { useT } from '@engine/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Icon } from '../icons/icons';
import { backToTopMachine } from './back-to-top.machine';
import styles from './back-to-top.module.css';
import { reportScrolling } from './scroll-reports';

export interface BackToTopProps {
  /** Raised above the bottom edge for signed-in users. */
  raised?: boolean;
}

/**
 * "Back to top" button: appears while scrolling up far down the page, smooth-scrolls to the top.
 * Hidden, it stays in the page, so that a page sent without the portal's code (see
 * `src/app/document-page.ts`) has it to show.
 */
export function BackToTop({ raised = false }: BackToTopProps) {
  const i18n = useT();
  const actor = useActorRef(backToTopMachine);
  const visible = useSelector(actor, (s) => s.matches('visible'));

  useEffect(() => reportScrolling((event) => actor.send(event)), [actor]);

  return (
    <button
      type="button"
      data-island="back-to-top"
      hidden={!visible}
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
