import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { createTranslator } from '@engine/core';
import { I18nProvider } from '@engine/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { NotificationsProvider, useNotify, type Notify } from '../notifications-provider';
import {
  notificationsMachine,
  type Notification,
  type NotificationsEvent,
} from '../notifications.machine';

let api: Notify;
function Capture() {
  api = useNotify();
  return null;
}

/**
 * Renders the provider and has its toasts loaded: they load with the first notification, so one
 * is shown and cleared first.
 */
async function renderToasts() {
  render(
    <I18nProvider translator={createTranslator({ language: 'en', translations: [] })}>
      <NotificationsProvider>
        <Capture />
      </NotificationsProvider>
    </I18nProvider>,
  );
  // Nothing of the toasts is in the page before a notification.
  expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  await act(async () => {
    api.notify('info', 'Loading the toasts');
    await import('../toast-host');
  });
  expect(screen.getByRole('alert')).toHaveTextContent('Loading the toasts');
  act(() => api.clear());
  expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

describe('NotificationsProvider and toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each notification as an alert in the Notifications region', async () => {
    await renderToasts();
    act(() => {
      api.notify('success', 'Storefront settings have been successfully saved!');
      api.notify('error', 'Something went wrong, please try again.');
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Storefront settings have been successfully saved!',
      'Something went wrong, please try again.',
    ]);
    expect(alerts[0]).toHaveAttribute('data-type', 'success');
    expect(alerts[1]).toHaveAttribute('data-type', 'error');
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(alerts[0]!);
  });

  it('removes a notification after 10 seconds', async () => {
    await renderToasts();
    act(() => void api.notify('info', 'Hello'));
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Hello');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes one with its Close button', async () => {
    await renderToasts();
    act(() => {
      api.notify('warning', 'First');
      api.notify('info', 'Second');
    });
    const [first] = screen.getAllByRole('button', { name: 'Close' });
    act(() => first!.click());
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Second']);
  });

  it('announces each toast at once, whole', async () => {
    await renderToasts();
    act(() => void api.notify('success', 'Saved'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(alert).toHaveAttribute('aria-atomic', 'true');
  });

  it('closes the toast whose Close button has focus with Escape, and only that one', async () => {
    await renderToasts();
    act(() => {
      api.notify('info', 'First');
      api.notify('info', 'Second');
    });
    const [, second] = screen.getAllByRole('button', { name: 'Close' });
    act(() => second!.focus());
    fireEvent.keyDown(second!, { key: 'Escape' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['First']);
  });

  it('keeps the toasts while the pointer is on them, then gives them 10 seconds again', async () => {
    await renderToasts();
    act(() => void api.notify('info', 'Hello'));
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Notifications' }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Hello');
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Notifications' }));
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Hello');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the toasts while keyboard focus is in them', async () => {
    await renderToasts();
    act(() => void api.notify('info', 'Hello'));
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Hello');
    act(() => close.blur());
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('dismisses by id and clears all', async () => {
    await renderToasts();
    let id = '';
    act(() => {
      id = api.notify('info', 'One');
      api.notify('info', 'Two');
      api.notify('info', 'Three');
    });
    act(() => api.dismiss(id));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    act(() => api.clear());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a notification sent before the toasts had loaded, once they are in', async () => {
    // A fresh copy of the provider, whose toasts have not been loaded by an earlier test.
    vi.resetModules();
    const fresh = await import('../notifications-provider');
    const capture = vi.fn((notify: Notify) => notify.notify('info', 'Saved early'));
    function NotifyAtOnce() {
      const notify = fresh.useNotify();
      useEffect(() => void capture(notify), [notify]);
      return null;
    }
    act(() => {
      render(
        <fresh.NotificationsProvider>
          <NotifyAtOnce />
        </fresh.NotificationsProvider>,
      );
    });
    expect(capture).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await import('../toast-host');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Saved early');
  });

  it('useNotify outside the provider says what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow(/NotificationsProvider/);
  });
});

/**
 * Model-based: shortest paths through the notifications machine, replayed on the rendered
 * toasts. ADD is a `notify()` call, CLEAR a `clear()` call, and DISMISS either a click on the
 * toast's Close button or the toast's 10 s running out (fake timers).
 *
 * The machine has a single state, so the model tells states apart by their list and by the event
 * that led there: the shortest paths then take every transition, not only every list.
 * The graph is kept finite by allowing three ADDs. Running out is offered only while one toast
 * is showing: the model does not know when the others were added, so it cannot say which of
 * several would go first. ADD moves the clock by 1 s, which never adds up to 10 s in three ADDs.
 */
describe('Notifications model', () => {
  const LIFETIME = 10_000; // SPEC point 9
  const ADD_GAP = 1000;
  const toastsToAdd: Array<Omit<Notification, 'id'>> = [
    { type: 'success', message: 'Storefront settings have been successfully saved!' },
    { type: 'error', message: 'Something went wrong, please try again.' },
    { type: 'info', message: 'Your profile picture is being processed.' },
  ];

  type ModelEvent =
    | Exclude<NotificationsEvent, { type: 'DISMISS' }>
    | { type: 'DISMISS'; id: string; via?: 'close' | 'timeout' };
  type Snap = SnapshotFrom<typeof notificationsMachine>;

  const model = new TestModel<Snap, ModelEvent, unknown>(notificationsMachine, {
    events: ({ context: { notifications, nextId } }) => {
      const events: ModelEvent[] = [];
      const next = toastsToAdd[nextId - 1];
      if (next) events.push({ type: 'ADD', notification: next });
      for (const n of notifications) events.push({ type: 'DISMISS', id: n.id, via: 'close' });
      if (notifications.length === 1) {
        events.push({ type: 'DISMISS', id: notifications[0]!.id, via: 'timeout' });
      }
      if (notifications.length > 0) events.push({ type: 'CLEAR' });
      return events;
    },
    serializeState: (state, event) =>
      serializeSnapshot(state) + (event ? ` via ${JSON.stringify(event)}` : ''),
  });

  const label = (e: ModelEvent) => {
    switch (e.type) {
      case 'ADD':
        return `notify ${e.notification.type}`;
      case 'DISMISS':
        return e.via === 'timeout' ? `${e.id} times out` : `Close ${e.id}`;
      default:
        return e.type.toLowerCase();
    }
  };

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const path of model.getShortestPaths()) {
    const steps = path.steps.slice(1).map((s) => label(s.event));
    const list = path.state.context.notifications.map((n) => n.id).join(', ') || 'none';
    it(`${steps.join(' → ')} ⇒ shows ${list}`, async () => {
      await renderToasts();
      let now = 0;
      const advance = (ms: number) => {
        act(() => {
          vi.advanceTimersByTime(ms);
        });
        now += ms;
      };
      /** What was shown, by model id, and when. */
      const shown = new Map<string, { message: string; at: number }>();
      const toast = (message: string) =>
        screen.queryAllByRole('alert').find((a) => a.textContent === message);

      await path.test({
        states: {
          '*': (state) => {
            const expected = state.context.notifications.map((n) => n.message);
            const alerts = screen.queryAllByRole('alert');
            expect(alerts.map((a) => a.textContent)).toEqual(expected);
            for (const alert of alerts) {
              expect(alert).toBeVisible();
              expect(within(alert).getByRole('button', { name: 'Close' })).toBeEnabled();
            }
            expect(screen.queryAllByRole('button', { name: 'Close' })).toHaveLength(
              expected.length,
            );
          },
        },
        events: {
          ADD: ({ event, state }) => {
            const { notification } = event as Extract<ModelEvent, { type: 'ADD' }>;
            advance(ADD_GAP);
            act(() => void api.notify(notification.type, notification.message));
            // `state` is the model after this ADD: the new toast is the last one.
            const { id } = state.context.notifications.at(-1)!;
            shown.set(id, { message: notification.message, at: now });
          },
          DISMISS: ({ event }) => {
            const { id, via } = event as Extract<ModelEvent, { type: 'DISMISS' }>;
            const { message, at } = shown.get(id)!;
            if (via !== 'timeout') {
              fireEvent.click(within(toast(message)!).getByRole('button', { name: 'Close' }));
              return;
            }
            advance(at + LIFETIME - 1 - now);
            expect(toast(message)).toBeDefined();
            advance(1);
          },
          CLEAR: () => {
            act(() => api.clear());
          },
        },
      });
    });
  }
});
