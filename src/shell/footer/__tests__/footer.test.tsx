import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { footer, renderShell } from '../../__tests__/test-utils';
import { Footer } from '../footer';

describe('Footer', () => {
  it('links about, contact, privacy policy and terms of use', () => {
    renderShell(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['About us', '/about'],
      ['Contact', '/contact'],
      ['Privacy policy', '/privacy'],
      ['Terms of use', '/terms'],
    ]);
  });

  it('shows the footer text, copyright and the version linked to its notes', () => {
    renderShell(<Footer />);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByText('Learning for everyone.')).toBeInTheDocument();
    expect(screen.getByText('© 2025 Atrium')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Version 2.4.1' })).toHaveAttribute(
      'href',
      'https://example.org/releases/2.4.1',
    );
  });

  it('leaves out links without an address and an unlinked version without one', () => {
    renderShell(<Footer />, {
      footer: { ...footer, contact: { title: 'Contact', url: '' }, version_url: '' },
    });
    expect(screen.queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();
    expect(screen.getByText('Version 2.4.1').tagName).toBe('SPAN');
  });
});
