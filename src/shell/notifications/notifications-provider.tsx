import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { NotificationsEvent, NotificationType } from './notifications.machine';

export interface Notify {
  /** Shows a toast for 10 s; returns its id. */
  notify: (type: NotificationType, message: string) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

/**
 * Carries `useNotify()` calls to the toasts, which load after the page is shown: calls made
 * before they are in wait in order and are delivered when they connect.
 */
export interface NotificationsChannel {
  notify: Notify;
  /** Delivers the waiting events and every later one to `send`; returns the disconnect. */
  connect: (send: (event: NotificationsEvent) => void) => () => void;
}

function createChannel(onFirstEvent: () => void): NotificationsChannel {
  let target: ((event: NotificationsEvent) => void) | null = null;
  const waiting: NotificationsEvent[] = [];
  let nextId = 1;
  const send = (event: NotificationsEvent) => {
    if (target) return target(event);
    waiting.push(event);
    onFirstEvent();
  };
  return {
    notify: {
      notify: (type, message) => {
        const id = `notification-${nextId++}`;
        send({ type: 'ADD', notification: { id, type, message } });
        return id;
      },
      dismiss: (id) => send({ type: 'DISMISS', id }),
      clear: () => send({ type: 'CLEAR' }),
    },
    connect: (next) => {
      target = next;
      for (const event of waiting.splice(0)) next(event);
      return () => {
        if (target === next) target = null;
      };
    },
  };
}

/** The toasts and their machine, loaded with the first notify(): nothing shows before it. */
const ToastHost = lazy(() => import('./toast-host'));

const NotifyContext = createContext<Notify | null>(null);

/**
 * Gives `useNotify()` to the tree below and renders the toasts, whose code (the notifications
 * machine) loads with the first notification.
 */
export function NotificationsProvider({ children }: { children?: ReactNode }) {
  const [notified, setNotified] = useState(false);
  const [channel] = useState(() => createChannel(() => setNotified(true)));
  return (
    <NotifyContext.Provider value={channel.notify}>
      {children}
      {notified && (
        <Suspense fallback={null}>
          <ToastHost channel={channel} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

/** Shows and removes toast notifications. Use under `NotificationsProvider`. */
export function useNotify(): Notify {
  const value = useContext(NotifyContext);
  if (!value) throw new Error('useNotify() needs a NotificationsProvider above it.');
  return value;
}
