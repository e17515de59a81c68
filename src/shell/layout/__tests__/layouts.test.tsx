import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupMockServer } from '../../__tests__/msw';
import { learner, renderShell } from '../../__tests__/test-utils';
import { BareLayout } from '../bare-layout';
import { StandardLayout } from '../standard-layout';

setupMockServer();

const navigation = [
  { id: 'dashboard', title: 'My overview', url: '/dashboard', icon: 'dashboard' },
];

describe('StandardLayout', () => {
  it('composes skip link, header, main and footer for a visitor, without a sidebar', () => {
    renderShell(
      <StandardLayout>
        <h1>Welcome</h1>
      </StandardLayout>,
      { user: null, path: '/storefront' },
    );
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(within(main).getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('loads the sidebar for a signed-in user and toggles the drawer from the header', async () => {
    const user = userEvent.setup();
    renderShell(<StandardLayout>Content</StandardLayout>, {
      user: learner,
      navigation,
      path: '/dashboard',
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav).not.toHaveAttribute('data-open');
    const menu = screen.getByRole('button', { name: 'Open navigation' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    await user.click(menu);
    expect(nav).toHaveAttribute('data-open');
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(nav).not.toHaveAttribute('data-open');
  });
});

describe('BareLayout', () => {
  it('has the skip link and main region only', () => {
    renderShell(<BareLayout>Editor</BareLayout>);
    expect(screen.getByRole('main')).toHaveTextContent('Editor');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
