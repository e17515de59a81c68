import { act, render, screen } from '@testing-library/react';
import { createTranslator } from '@engine/core';
import { I18nProvider } from '@engine/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider, useNotify, type Notify } from '../notifications-provider';

let api: Notify;
function Capture() {
  api = useNotify();
  return null;
}

function renderToasts() {
  render(
    <I18nProvider translator={createTranslator({ language: 'en', translations: [] })}>
      <NotificationsProvider>
        <Capture />
      </NotificationsProvider>
    </I18nProvider>,
  );
}

describe('NotificationsProvider and toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each notification as an alert in the Notifications region', () => {
    renderToasts();
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

  it('removes a notification after 10 seconds', () => {
    renderToasts();
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

  it('removes one with its Close button', () => {
    renderToasts();
    act(() => {
      api.notify('warning', 'First');
      api.notify('info', 'Second');
    });
    const [first] = screen.getAllByRole('button', { name: 'Close' });
    act(() => first!.click());
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Second']);
  });

  it('dismisses by id and clears all', () => {
    renderToasts();
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

  it('useNotify outside the provider says what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow(/NotificationsProvider/);
  });
});
