import { useT } from '@engine/react';
import {
  useLayoutEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
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
  /** The reader points at or focuses a toast: they must not leave under them. */
  onPause?: () => void;
  /** The reader has left the toasts. */
  onResume?: () => void;
}

/** The CSS variable the layout reserves room with, below the header, for the toasts. */
const SPACE = '--shell-toasts-space';
/** Set on the root while the room is open or changing (layout.module.css). */
const ROOM = 'data-toasts-room';

/**
 * Keeps the page's room for the stack as tall as the stack, so the toasts sit in a band of their
 * own below the header and the page's content moves down instead of lying under them.
 */
function useReservedSpace(region: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = region.current;
    if (!element) return;
    const root = document.documentElement;
    let reserved = 0;
    const update = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === reserved) return;
      const change = height - reserved;
      reserved = height;
      // The browser does not anchor scrolling in the page meanwhile (layout.module.css). Opening,
      // the page moves down on screen, so what was in view stays in view below the toasts.
      // Closing, the window follows the page up, so nothing moves under the reader's pointer.
      root.setAttribute(ROOM, '');
      root.style.setProperty(SPACE, `${height}px`);
      if (change < 0 && window.scrollY > 0) window.scrollBy({ top: change, behavior: 'instant' });
      if (height === 0)
        requestAnimationFrame(() => {
          if (reserved === 0) root.removeAttribute(ROOM);
        });
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(SPACE);
      root.removeAttribute(ROOM);
    };
  }, [region]);
}

/**
 * The stack of toast notifications, newest last, in a band below the header that the page makes
 * room for. Escape closes the toast that has focus; pointing at or focusing one pauses them all.
 */
export function Toasts({ notifications, onDismiss, onPause, onResume }: ToastsProps) {
  const i18n = useT();
  const region = useRef<HTMLElement>(null);
  useReservedSpace(region);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onResume?.();
  };
  const onKeyDown = (id: string) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onDismiss(id);
    onResume?.();
  };
  return (
    <section
      ref={region}
      className={styles.region}
      aria-label={i18n.t('Notifications')}
      onMouseEnter={onPause}
      onMouseLeave={onResume}
      onFocus={onPause}
      onBlur={onBlur}
    >
      {notifications.map((n) => (
        <div
          key={n.id}
          role="alert"
          aria-live="assertive"
          aria-atomic="true"
          className={styles.toast}
          data-type={n.type}
          onKeyDown={onKeyDown(n.id)}
        >
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
