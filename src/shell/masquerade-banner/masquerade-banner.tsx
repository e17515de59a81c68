import { useSession, useT } from '@engine/react';
import { useNavigate } from 'react-router';
import { useStopMasquerade } from '@/lib/queries/masquerade';
import { Icon } from '../icons/icons';
import { useNotify } from '../notifications/notifications-provider';
import styles from './masquerade-banner.module.css';

/**
 * While an administrator acts as another user: who they are acting as, and "Switch back", which
 * returns them to that user's administration page as themselves.
 */
export function MasqueradeBanner() {
  const { t } = useT();
  const { user } = useSession();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const stop = useStopMasquerade();
  const real = user?.real_user;
  if (!user || !real) return null;

  const switchBack = () =>
    stop.mutate(undefined, {
      onSuccess: () => void navigate(`/settings/site/users/${user.uid}`),
      onError: () => notify('error', t('Could not switch back. Please try again.')),
    });

  return (
    <section className={styles.banner} aria-label={t('Acting as another user')}>
      <Icon name="eye" size={20} className={styles.icon} />
      <p className={styles.text}>
        {t('You are acting as @name. Everything you do is recorded as done by @admin.', {
          name: user.full_name || user.name || '',
          admin: real.full_name || real.name,
        })}
      </p>
      <button
        type="button"
        className={styles.button}
        onClick={switchBack}
        disabled={stop.isPending}
      >
        {stop.isPending ? t('Switching back…') : t('Switch back')}
      </button>
    </section>
  );
}
