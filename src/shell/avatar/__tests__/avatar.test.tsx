import { AVATAR_PALETTE, avatarColors } from '@engine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from '../avatar';

describe('Avatar', () => {
  it('draws up to three initials on a palette colour, 48 px by default', () => {
    render(<Avatar name="Ada Byron King Lovelace" label="Ada Byron King Lovelace" />);
    const avatar = screen.getByRole('img', { name: 'Ada Byron King Lovelace' });
    expect(avatar).toHaveTextContent(/^[A-Z]{1,3}$/);
    expect((avatar.textContent ?? '').length).toBeLessThanOrEqual(3);
    expect(avatar).toHaveStyle({ inlineSize: '48px', blockSize: '48px' });
    expect(AVATAR_PALETTE.map((c) => c.toLowerCase())).toContain(
      avatarColors('Ada Byron King Lovelace').background.toLowerCase(),
    );
  });

  it('is decorative without a label', () => {
    const { container } = render(<Avatar name="Lena Schmidt" size={40} />);
    const avatar = container.firstElementChild!;
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    expect(avatar).toHaveStyle({ inlineSize: '40px' });
  });

  it('shows the picture when there is one', () => {
    render(<Avatar name="Lena Schmidt" src="/files/lena.jpg" label="Lena Schmidt" />);
    expect(screen.getByRole('img', { name: 'Lena Schmidt' })).toHaveAttribute(
      'src',
      '/files/lena.jpg',
    );
  });
});
