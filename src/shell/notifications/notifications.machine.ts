import { enqueueActions, setup } from 'xstate';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

export interface Notification {
  id: string;
  type: NotificationType;
  message: string;
}

export type NotificationsEvent =
  | { type: 'ADD'; notification: Omit<Notification, 'id'> & { id?: string } }
  | { type: 'DISMISS'; id: string }
  | { type: 'CLEAR' }
  /** The reader points at or focuses the toasts: none leaves while they do. */
  | { type: 'PAUSE' }
  /** The reader has left the toasts: each shows for a full lifetime again. */
  | { type: 'RESUME' };

export interface NotificationsContext {
  notifications: Notification[];
  /** Counter for generated ids. */
  nextId: number;
  /** Whether the reader is on the toasts, so no timer runs. */
  paused: boolean;
}

/** How long a notification stays, in ms (SPEC point 9). */
export const NOTIFICATION_LIFETIME = 10_000;

const timerId = (id: string) => `dismiss:${id}`;

/** Id the next ADD without an id will get. */
const nextNotificationId = (context: NotificationsContext) => `notification-${context.nextId}`;

/**
 * Toast notifications: ADD appends one and schedules its DISMISS after `lifetime`,
 * DISMISS removes one (cancelling its timer), CLEAR removes all. PAUSE stops every timer while
 * the reader points at or focuses the toasts; RESUME gives each a full lifetime again.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  delays: {
    lifetime: NOTIFICATION_LIFETIME,
  },
  actions: {
    add: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'ADD') return;
      const id = event.notification.id ?? nextNotificationId(context);
      const notification: Notification = { ...event.notification, id };
      enqueue.cancel(timerId(id));
      enqueue.assign({
        notifications: [...context.notifications.filter((n) => n.id !== id), notification],
        nextId: context.nextId + 1,
      });
      if (!context.paused) {
        enqueue.raise({ type: 'DISMISS', id }, { id: timerId(id), delay: 'lifetime' });
      }
    }),
    dismiss: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DISMISS') return;
      enqueue.cancel(timerId(event.id));
      enqueue.assign({ notifications: context.notifications.filter((n) => n.id !== event.id) });
    }),
    clear: enqueueActions(({ context, enqueue }) => {
      for (const n of context.notifications) enqueue.cancel(timerId(n.id));
      enqueue.assign({ notifications: [] });
    }),
    pause: enqueueActions(({ context, enqueue }) => {
      for (const n of context.notifications) enqueue.cancel(timerId(n.id));
      enqueue.assign({ paused: true });
    }),
    resume: enqueueActions(({ context, enqueue }) => {
      if (!context.paused) return;
      enqueue.assign({ paused: false });
      for (const n of context.notifications) {
        enqueue.raise({ type: 'DISMISS', id: n.id }, { id: timerId(n.id), delay: 'lifetime' });
      }
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { notifications: [], nextId: 1, paused: false },
  on: {
    ADD: { actions: 'add' },
    DISMISS: { actions: 'dismiss' },
    CLEAR: { actions: 'clear' },
    PAUSE: { actions: 'pause' },
    RESUME: { actions: 'resume' },
  },
});
