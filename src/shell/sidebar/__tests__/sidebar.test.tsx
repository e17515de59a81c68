import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTranslator } from '@engine/core';
import { describe, expect, it, vi } from 'vitest';
import type { NavigationItem } from '@schemas/entities/navigation.schema';
import { learner, renderShell } from '../../__tests__/test-utils';
import Sidebar from '../sidebar';

const navigation: NavigationItem[] = [
  { id: 'dashboard', title: 'My overview', url: '/dashboard', icon: 'dashboard' },
  { id: 'shop', title: 'Reward shop', url: '/incentives', icon: 'gift' },
  {
    id: 'settings',
    title: 'Incentives settings',
    url: '/settings/incentives',
    icon: 'no-such-icon',
    children: [{ id: 'products', title: 'Products', url: '/settings/incentives/products' }],
  },
];

describe('Sidebar', () => {
  it('lists the navigation with icons and marks the current page', () => {
    renderShell(<Sidebar />, { user: learner, navigation, path: '/incentives' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['My overview', '/dashboard'],
      ['Reward shop', '/incentives'],
      ['Incentives settings', '/settings/incentives'],
      ['Products', '/settings/incentives/products'],
    ]);
    expect(screen.getByRole('link', { name: 'Reward shop' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'My overview' })).not.toHaveAttribute('aria-current');
    expect(links[0]!.querySelector('svg')).toHaveAttribute('data-icon', 'dashboard');
    expect(links[2]!.querySelector('svg')).toHaveAttribute('data-icon', 'circle');
  });

  it('translates item titles', () => {
    const translator = createTranslator({
      language: 'ar',
      dir: 'rtl',
      translations: [{ source: 'Reward shop', translation: 'متجر المكافآت' }],
    });
    renderShell(<Sidebar />, { user: learner, navigation, translator });
    expect(screen.getByRole('link', { name: 'متجر المكافآت' })).toBeInTheDocument();
  });

  it('as an open drawer, focuses the first link and closes on Escape or a link', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderShell(<Sidebar open onClose={onClose} />, { user: learner, navigation });
    expect(screen.getByRole('link', { name: 'My overview' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'Reward shop' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
