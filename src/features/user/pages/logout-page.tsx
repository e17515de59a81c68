import { useT } from '@engine/react';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { walletStorageKey } from '@/lib/queries/wallet';
import styles from './logout-page.module.css';

/** /user/logout: ends the session on the server, forgets cached points, then loads the home page. */
export default function LogoutPage() {
  const { t } = useT();
  useEffect(() => {
    let cancelled = false;
    void api
      .post('auth/logout', {}, { handleErrors: false })
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        try {
          localStorage.removeItem(walletStorageKey);
        } catch {
          /* storage blocked: nothing to forget */
        }
        window.location.assign('/');
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <p className={styles.message} role="status">
      {t('Logging you out…')}
    </p>
  );
}
