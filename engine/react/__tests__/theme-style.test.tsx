import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { ThemeStyle } from '../index';

const colors = {
  primary: '#1d4ed8',
  secondary: '#0f766e',
  header: '#ffffff',
  sidebar_menu: '#111827',
};

afterEach(() => {
  document.head.querySelectorAll('style[data-theme]').forEach((style) => style.remove());
});

describe('ThemeStyle', () => {
  it('writes CSS variables on :root and sets the favicon, and removes the variables on unmount', async () => {
    const { unmount } = render(
      <ThemeStyle
        appearance={{ colors, roundness: { button: 6 }, favicon: '/files/favicon.png' }}
      />,
    );
    const style = document.documentElement.style;
    await waitFor(() => expect(style.getPropertyValue('--color-primary')).toBe('#1d4ed8'));
    expect(style.getPropertyValue('--color-header-contrast')).toBe('#000000');
    expect(style.getPropertyValue('--radius-button')).toBe('6px');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/files/favicon.png',
    );
    unmount();
    expect(style.getPropertyValue('--color-primary')).toBe('');
    expect(document.head.querySelector('link[rel="icon"]')).toBeNull();
  });

  it("leaves the first appearance to the page's own theme rule, and applies a later one over it", async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<style data-theme>:root{--color-primary:#1d4ed8}</style>',
    );
    const style = document.documentElement.style;
    const first: Appearance = { colors };
    const { rerender, unmount } = render(<ThemeStyle appearance={first} />);
    // Given time to load the colour maths, it still writes nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(style.getPropertyValue('--color-primary')).toBe('');

    rerender(<ThemeStyle appearance={{ colors: { ...colors, primary: '#b91c1c' } }} />);
    await waitFor(() => expect(style.getPropertyValue('--color-primary')).toBe('#b91c1c'));
    expect(style.getPropertyValue('--color-primary-contrast')).toBe('#ffffff');
    unmount();
    expect(style.getPropertyValue('--color-primary')).toBe('');
  });
});
