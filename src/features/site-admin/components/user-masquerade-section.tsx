import { useT } from '@engine/react';
import { useNavigate } from 'react-router';
import { useStartMasquerade } from '@/lib/queries/masquerade';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { asApiError, userMessage } from './errors';
import styles from './users.module.css';

/** Seeing the portal as the person does, e.g. to understand what they report. */
export function UserMasqueradeSection(p: { uid: number; name: string }) {
  const { t } = useT();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const start = useStartMasquerade();

  const actAs = async () => {
    try {
      await start.mutateAsync(p.uid);
      // This page is not theirs to see: it must not be the one "back" returns to.
      void navigate('/dashboard', { replace: true });
    } catch (e) {
      notify('error', userMessage(asApiError(e)) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <section className={styles.section} aria-labelledby="user-masquerade-heading">
      <h2 id="user-masquerade-heading" className={styles.sectionTitle}>
        {t('Act as this user')}
      </h2>
      <p className={styles.sectionText} id="user-masquerade-text">
        {t('You will see the portal as @name sees it, until you switch back.', { name: p.name })}
      </p>
      <div>
        <button
          type="button"
          className={styles.secondary}
          disabled={start.isPending}
          aria-describedby="user-masquerade-text"
          onClick={() => void actAs()}
        >
          {t('Act as this user')}
        </button>
      </div>
    </section>
  );
}
