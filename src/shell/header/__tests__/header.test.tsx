import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { createTranslator, loadMessageFormat, userMenuEntries } from '@engine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { walletStorageKey } from '@/lib/queries/wallet';
import { setupMockServer } from '../../__tests__/msw';
import { branding, learner, renderShell } from '../../__tests__/test-utils';
import routesConfig from '../../../../routes.config.json';
import { Header } from '../header';

setupMockServer();
afterEach(() => localStorage.clear());

describe('Header for a visitor', () => {
  it('shows Log in and Sign up with the addresses from the settings', () => {
    renderShell(<Header />, {
      user: null,
      branding: branding({ login_url: 'https://sso.example.org/login', signup_url: '/join' }),
    });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      'https://sso.example.org/login',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/join');
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('links the logo to the start page, with the site name when there is no logo', () => {
    renderShell(<Header />, { user: null });
    expect(screen.getByRole('link', { name: 'Atrium Academy' })).toHaveAttribute('href', '/');
  });

  it('draws the logo image with its alternative text', () => {
    renderShell(<Header />, {
      user: null,
      branding: branding({ logo: '/files/logo.svg', logo_alt: 'Atrium logo' }),
    });
    const img = screen.getByRole('img', { name: 'Atrium logo' });
    expect(img).toHaveAttribute('src', '/files/logo.svg');
    expect(img.closest('a')).toHaveAttribute('href', '/');
  });
});

describe('Header for a signed-in user', () => {
  it('links the logo to the dashboard and shows search, points and the user menu', async () => {
    renderShell(<Header />, { user: learner, wallet: { points: 12 } });
    expect(screen.getByRole('link', { name: 'Atrium Academy' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(await screen.findByRole('search')).toBeInTheDocument();
    expect(screen.getByText('12 points')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('opens the search field with its input focused, its code loaded on the first open', async () => {
    renderShell(<Header />, { user: learner });
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const input = await screen.findByRole('searchbox', { name: 'Search' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Close search' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // The machine runs the field from here: Escape collapses it and gives the focus back.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();
  });

  it('shows the leaderboard link only when incentives_leaderboard is on', () => {
    const { unmount } = renderShell(<Header />, { user: learner });
    expect(screen.queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();
    unmount();
    renderShell(<Header />, {
      user: learner,
      branding: branding({ incentives_leaderboard: true }),
    });
    expect(screen.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
  });

  it('links the points badge to the shop only with incentives_shop_enabled', () => {
    const { unmount } = renderShell(<Header />, { user: learner, wallet: { points: 5 } });
    expect(screen.getByText('5 points').closest('a')).toBeNull();
    unmount();
    renderShell(<Header />, {
      user: learner,
      wallet: { points: 5 },
      flags: { incentives_shop_enabled: true },
    });
    expect(screen.getByRole('link', { name: '5 points' })).toHaveAttribute('href', '/incentives');
  });

  it('uses the singular for one point', () => {
    renderShell(<Header />, { user: learner, wallet: { points: 1 } });
    expect(screen.getByText('1 point')).toBeInTheDocument();
  });

  it('shows the cached balance at once while the wallet loads', () => {
    localStorage.setItem(walletStorageKey, '40');
    renderShell(<Header />, { user: learner });
    expect(screen.getByText('40 points')).toBeInTheDocument();
  });

  it('draws initials on the avatar when the user has no picture', () => {
    renderShell(<Header />, { user: learner });
    expect(
      within(screen.getByRole('button', { name: 'User menu' })).getByText('LMS'),
    ).toBeInTheDocument();
  });

  it('opens the user menu with the keyboard, moves with arrows and closes with Escape', async () => {
    const user = userEvent.setup();
    renderShell(<Header />, { user: learner });
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    // The pages routes.config.json puts in the menu, the user's own uid filled in.
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual(
      userMenuEntries(routesConfig as RoutesConfig).map((e) => [
        e.label,
        e.path.replace(':uid', '7'),
      ]),
    );
    expect(items.map((i) => i.textContent)).toEqual(
      expect.arrayContaining(['View profile', 'Edit profile', 'My points', 'Log out']),
    );
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items.at(-1)).toHaveFocus();
    expect(items.at(-1)).toHaveTextContent('Log out');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on a click outside and follows a menu link', async () => {
    const user = userEvent.setup();
    const { router } = renderShell(<Header />, { user: learner });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit profile' }));
    expect(router.state.location.pathname).toBe('/user/7/edit');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('takes the user to their points history from the menu, with the keyboard', async () => {
    const user = userEvent.setup();
    const { router } = renderShell(<Header />, { user: learner });
    screen.getByRole('button', { name: 'User menu' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    const item = within(menu).getByRole('menuitem', { name: 'My points' });
    await waitFor(() => expect(items[0]).toHaveFocus());
    for (let i = 0; i < items.length && document.activeElement !== item; i += 1)
      await user.keyboard('{ArrowDown}');
    expect(item).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/points');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the drawer button only when given a toggle, reflecting its state', async () => {
    const user = userEvent.setup();
    let toggled = 0;
    renderShell(<Header menuOpen={false} onMenuToggle={() => (toggled += 1)} menuId="nav" />, {
      user: learner,
    });
    const button = screen.getByRole('button', { name: 'Open navigation' });
    expect(button).toHaveAttribute('aria-controls', 'nav');
    await user.click(button);
    expect(toggled).toBe(1);
  });

  it('translates its texts', async () => {
    const translator = createTranslator({
      language: 'ar',
      dir: 'rtl',
      messageFormat: await loadMessageFormat(),
      translations: [
        { source: 'User menu', translation: 'قائمة المستخدم' },
        { source: 'My points', translation: 'نقاطي' },
        {
          source: '@count point\u0003@count points',
          translation: '{count, plural, one {# نقطة} other {# نقاط}}',
        },
      ],
    });
    renderShell(<Header />, { user: learner, wallet: { points: 3 }, translator });
    expect(screen.getByRole('button', { name: 'قائمة المستخدم' })).toBeInTheDocument();
    expect(screen.getByText(/نقاط/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'قائمة المستخدم' }));
    expect(await screen.findByRole('menuitem', { name: 'نقاطي' })).toHaveAttribute(
      'href',
      '/points',
    );
  });
});
