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

function createChannel(): NotificationsChannel {
  let target: ((event: NotificationsEvent) => void) | null = null;
  const waiting: NotificationsEvent[] = [];
  let nextId = 1;
  const send = (event: NotificationsEvent) => (target ? target(event) : waiting.push(event));
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

/** The toasts and their machine, kept out of the first load: nothing shows until a notify(). */
const ToastHost = lazy(() => import('./toast-host'));

const NotifyContext = createContext<Notify | null>(null);

/** Gives `useNotify()` to the tree below and renders the toasts (loaded after the page). */
export function NotificationsProvider({ children }: { children?: ReactNode }) {
  const [channel] = useState(createChannel);
  return (
    <NotifyContext.Provider value={channel.notify}>
      {children}
      <Suspense fallback={null}>
        <ToastHost channel={channel} />
      </Suspense>
    </NotifyContext.Provider>
  );
}

/** Shows and removes toast notifications. Use under `NotificationsProvider`. */
export function useNotify(): Notify {
  const value = useContext(NotifyContext);
  if (!value) throw new Error('useNotify() needs a NotificationsProvider above it.');
  return value;
}
