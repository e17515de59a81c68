import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeStyle } from '../index';

describe('ThemeStyle', () => {
  it('writes CSS variables on :root and sets the favicon, and removes the variables on unmount', () => {
    const { unmount } = render(
      <ThemeStyle
        appearance={{
          colors: {
            primary: '#1d4ed8',
            secondary: '#0f766e',
            header: '#ffffff',
            sidebar_menu: '#111827',
          },
          roundness: { button: 6 },
          favicon: '/files/favicon.png',
        }}
      />,
    );
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#1d4ed8');
    expect(style.getPropertyValue('--color-header-contrast')).toBe('#000000');
    expect(style.getPropertyValue('--radius-button')).toBe('6px');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/files/favicon.png',
    );
    unmount();
    expect(style.getPropertyValue('--color-primary')).toBe('');
    expect(document.head.querySelector('link[rel="icon"]')).toBeNull();
  });
});
