import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { NOTIFICATION_LIFETIME, notificationsMachine } from '../notifications.machine';

describe('notificationsMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => createActor(notificationsMachine).start();
  const list = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.notifications;

  it('adds notifications with generated ids in order', () => {
    const actor = start();
    actor.send({ type: 'ADD', notification: { type: 'success', message: 'Saved' } });
    actor.send({ type: 'ADD', notification: { type: 'error', message: 'Failed' } });
    expect(list(actor)).toEqual([
      { id: 'notification-1', type: 'success', message: 'Saved' },
      { id: 'notification-2', type: 'error', message: 'Failed' },
    ]);
  });

  it('dismisses each one after 10 seconds', () => {
    const actor = start();
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'A' } });
    vi.advanceTimersByTime(4000);
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'B' } });
    vi.advanceTimersByTime(NOTIFICATION_LIFETIME - 4000 - 1);
    expect(list(actor).map((n) => n.message)).toEqual(['A', 'B']);
    vi.advanceTimersByTime(1);
    expect(list(actor).map((n) => n.message)).toEqual(['B']);
    vi.advanceTimersByTime(4000);
    expect(list(actor)).toEqual([]);
  });

  it('DISMISS removes one at once and its timer does nothing later', () => {
    const actor = start();
    actor.send({ type: 'ADD', notification: { id: 'a', type: 'warning', message: 'A' } });
    actor.send({ type: 'DISMISS', id: 'a' });
    expect(list(actor)).toEqual([]);
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'B' } });
    vi.advanceTimersByTime(NOTIFICATION_LIFETIME);
    expect(list(actor)).toEqual([]);
  });

  it('CLEAR removes all', () => {
    const actor = start();
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'A' } });
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'B' } });
    actor.send({ type: 'CLEAR' });
    expect(list(actor)).toEqual([]);
    vi.advanceTimersByTime(NOTIFICATION_LIFETIME);
    expect(list(actor)).toEqual([]);
  });

  it('re-adding an id replaces it and restarts its timer', () => {
    const actor = start();
    actor.send({ type: 'ADD', notification: { id: 'x', type: 'info', message: 'Old' } });
    vi.advanceTimersByTime(8000);
    actor.send({ type: 'ADD', notification: { id: 'x', type: 'info', message: 'New' } });
    vi.advanceTimersByTime(8000);
    expect(list(actor)).toEqual([{ id: 'x', type: 'info', message: 'New' }]);
    vi.advanceTimersByTime(2000);
    expect(list(actor)).toEqual([]);
  });

  it('the lifetime delay can be swapped', () => {
    const actor = createActor(notificationsMachine.provide({ delays: { lifetime: 100 } })).start();
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'A' } });
    vi.advanceTimersByTime(100);
    expect(list(actor)).toEqual([]);
  });

  it('PAUSE keeps every toast, new ones included, until RESUME gives each a full lifetime', () => {
    const actor = start();
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'A' } });
    vi.advanceTimersByTime(9000);
    actor.send({ type: 'PAUSE' });
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'B' } });
    vi.advanceTimersByTime(NOTIFICATION_LIFETIME * 3);
    expect(list(actor).map((n) => n.message)).toEqual(['A', 'B']);
    actor.send({ type: 'RESUME' });
    vi.advanceTimersByTime(NOTIFICATION_LIFETIME - 1);
    expect(list(actor).map((n) => n.message)).toEqual(['A', 'B']);
    vi.advanceTimersByTime(1);
    expect(list(actor)).toEqual([]);
  });

  it('RESUME without a PAUSE does not restart the timers', () => {
    const actor = start();
    actor.send({ type: 'ADD', notification: { type: 'info', message: 'A' } });
    vi.advanceTimersByTime(9000);
    actor.send({ type: 'RESUME' });
    vi.advanceTimersByTime(1000);
    expect(list(actor)).toEqual([]);
  });
});
