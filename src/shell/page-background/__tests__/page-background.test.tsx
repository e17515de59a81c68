import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { branding, renderShell } from '../../__tests__/test-utils';
import { PageBackground } from '../page-background';

const layer = () => screen.queryByTestId('page-background');

describe('PageBackground', () => {
  it('draws nothing without any background', () => {
    renderShell(<PageBackground />);
    expect(layer()).toBeNull();
  });

  it('uses a custom colour', () => {
    renderShell(<PageBackground color="#fafafa" />);
    expect(layer()).toHaveStyle({ backgroundColor: '#fafafa' });
  });

  it('draws a custom image faintly', () => {
    renderShell(<PageBackground image="/files/bg.jpg" />);
    const image = layer()!.firstElementChild as HTMLElement;
    expect(image.style.backgroundImage).toContain('/files/bg.jpg');
    expect(image.style.opacity).toBe('0.08');
  });

  it('falls back to the appearance, then to the site settings', () => {
    const { unmount } = renderShell(<PageBackground />, {
      appearance: { site_background: { color: '#eeeeee' } },
      branding: branding({ site_background: '/files/site.jpg' }),
    });
    expect(layer()).toHaveStyle({ backgroundColor: '#eeeeee' });
    unmount();
    renderShell(<PageBackground />, { branding: branding({ site_background: '/files/site.jpg' }) });
    expect((layer()!.firstElementChild as HTMLElement).style.backgroundImage).toContain(
      '/files/site.jpg',
    );
  });
});
