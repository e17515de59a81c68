import { useT } from '@engine/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useStartMasquerade } from '@/lib/queries/masquerade';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { asApiError, userMessage } from './errors';
import styles from './users.module.css';

/**
 * Seeing the portal as the person does, e.g. to understand what they report. It asks first,
 * naming the person: acting as someone else changes what every page shows until one switches back.
 */
export function UserMasqueradeSection(p: { uid: number; name: string }) {
  const { t } = useT();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const start = useStartMasquerade();
  const [asking, setAsking] = useState(false);

  const actAs = async () => {
    setAsking(false);
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
          onClick={() => setAsking(true)}
        >
          {t('Act as this user')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('Act as @name?', { name: p.name })}
        confirmLabel={t('Act as @name', { name: p.name })}
        onConfirm={() => void actAs()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {t(
            'Every page will show what @name sees, with their access, until you switch back. What you change meanwhile is recorded in the audit log.',
            { name: p.name },
          )}
        </p>
      </ConfirmDialog>
    </section>
  );
}
