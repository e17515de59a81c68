import { useT } from '@engine/react';
import styles from './skip-link.module.css';

/** First focusable element of every page: jumps to `#main-content`. */
export function SkipLink() {
  const i18n = useT();
  return (
    <a href="#main-content" className={styles.skipLink}>
      {i18n.t('Skip to main content')}
    </a>
  );
}
