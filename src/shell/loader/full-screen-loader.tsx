import { useLoader, useT } from '@engine/react';
import { Spinner } from './spinner';
import styles from './full-screen-loader.module.css';

/** Full-screen overlay shown while `useLoader().visible` (the app's start-up and guards). */
export function FullScreenLoader() {
  const { visible } = useLoader();
  const i18n = useT();
  if (!visible) return null;
  return (
    <div className={styles.overlay} role="status" aria-label={i18n.t('Loading')} aria-live="polite">
      <Spinner />
    </div>
  );
}
