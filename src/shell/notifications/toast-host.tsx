import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { NotificationsChannel } from './notifications-provider';
import { notificationsMachine } from './notifications.machine';
import { Toasts } from './toasts';

/** Runs the notifications machine on the channel's events and renders its toasts. */
export default function ToastHost({ channel }: { channel: NotificationsChannel }) {
  const actor = useActorRef(notificationsMachine);
  const notifications = useSelector(actor, (s) => s.context.notifications);
  useEffect(() => channel.connect((event) => actor.send(event)), [channel, actor]);
  return (
    <Toasts
      notifications={notifications}
      onDismiss={(id) => actor.send({ type: 'DISMISS', id })}
      onPause={() => actor.send({ type: 'PAUSE' })}
      onResume={() => actor.send({ type: 'RESUME' })}
    />
  );
}
