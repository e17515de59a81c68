import { useT } from '@engine/react';
import { useLayoutEffect, useState } from 'react';
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

/** How tall the band at the window's bottom is that the stack takes (CSS: `.region`), in px. */
const BOTTOM_BAND = 200;

/**
 * Where the stack shows: at the bottom, between the corners (the back-to-top button's), unless
 * the control just used lies in that band; then at the top, below the header. The header's
 * menus, the page's own header actions and the control that asked are never covered.
 */
function edgeFor(active: Element | null): 'top' | 'bottom' {
  if (!active || active === document.body) return 'bottom';
  const rect = active.getBoundingClientRect();
  return rect.bottom > window.innerHeight - BOTTOM_BAND ? 'top' : 'bottom';
}

/** The stack of toast notifications, newest last. */
export function Toasts({ notifications, onDismiss }: ToastsProps) {
  const i18n = useT();
  const [edge, setEdge] = useState<'top' | 'bottom'>('bottom');
  const shown = notifications.length > 0;
  // Chosen when the first toast arrives and kept while any shows, so toasts never jump.
  useLayoutEffect(() => {
    if (shown) setEdge(edgeFor(document.activeElement));
  }, [shown]);
  return (
    <section className={styles.region} data-edge={edge} aria-label={i18n.t('Notifications')}>
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
