import { useT } from '@engine/react';
import { Icon, type IconName } from '../icons/icons';
import type { Notification, NotificationType } from './notifications.machine';
import styles from './toasts.module.css';

const icons: Record<NotificationType, IconName> = {
  success: 'check-circle',
  warning: 'warning',
  error: 'error',
  info: 'info',
};

export interface ToastsProps {
  notifications: Notification[];
  onDismiss: (id: string) => void;
}

/** The stack of toast notifications, newest last. */
export function Toasts({ notifications, onDismiss }: ToastsProps) {
  const i18n = useT();
  return (
    <section className={styles.region} aria-label={i18n.t('Notifications')}>
      {notifications.map((n) => (
        <div key={n.id} role="alert" className={styles.toast} data-type={n.type}>
          <Icon name={icons[n.type]} size={22} className={styles.icon} />
          <p className={styles.message}>{n.message}</p>
          <button
            type="button"
            className={styles.close}
            aria-label={i18n.t('Close')}
            onClick={() => onDismiss(n.id)}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      ))}
    </section>
  );
}
