import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  nextNotificationId,
  notificationsMachine,
  type NotificationType,
} from './notifications.machine';
import { Toasts } from './toasts';

export interface Notify {
  /** Shows a toast for 10 s; returns its id. */
  notify: (type: NotificationType, message: string) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

const NotifyContext = createContext<Notify | null>(null);

/** Holds the notifications machine, renders the toasts and gives `useNotify()` to the tree below. */
export function NotificationsProvider({ children }: { children?: ReactNode }) {
  const actor = useActorRef(notificationsMachine);
  const notifications = useSelector(actor, (s) => s.context.notifications);

  const value = useMemo<Notify>(
    () => ({
      notify: (type, message) => {
        const id = nextNotificationId(actor.getSnapshot().context);
        actor.send({ type: 'ADD', notification: { id, type, message } });
        return id;
      },
      dismiss: (id) => actor.send({ type: 'DISMISS', id }),
      clear: () => actor.send({ type: 'CLEAR' }),
    }),
    [actor],
  );

  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Toasts notifications={notifications} onDismiss={value.dismiss} />
    </NotifyContext.Provider>
  );
}

/** Shows and removes toast notifications. Use under `NotificationsProvider`. */
export function useNotify(): Notify {
  const value = useContext(NotifyContext);
  if (!value) throw new Error('useNotify() needs a NotificationsProvider above it.');
  return value;
}
