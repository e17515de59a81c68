import { createTranslator } from '@engine/core';
import { I18nProvider } from '@engine/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, CrashScreen } from '../crash-screen';

function Broken(): never {
  throw new Error('render failure');
}

describe('CrashScreen', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows the message and reloads on Refresh', async () => {
    const onRefresh = vi.fn();
    render(<CrashScreen onRefresh={onRefresh} />);
    expect(
      screen.getByRole('heading', { name: 'Oops, something went wrong :(' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('reloads the page by default', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, reload },
    });
    try {
      render(<CrashScreen />);
      await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('AppErrorBoundary catches a crash outside every provider and falls back to English', () => {
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'Oops, something went wrong :(' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('AppErrorBoundary translates when a language provider is above it', () => {
    const translator = createTranslator({
      language: 'ar',
      dir: 'rtl',
      translations: [
        { source: 'Oops, something went wrong :(', translation: 'عذرًا، حدث خطأ ما :(' },
        { source: 'Refresh', translation: 'تحديث' },
      ],
    });
    render(
      <I18nProvider translator={translator}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: 'عذرًا، حدث خطأ ما :(' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تحديث' })).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>Fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Fine')).toBeInTheDocument();
  });
});
