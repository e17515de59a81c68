import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { branding, learner, renderShell } from '../../__tests__/test-utils';
import { Breadcrumbs, breadcrumbTrail } from '../breadcrumbs';

const routes = (ui: ReactNode): RouteObject[] => [
  { path: '/', element: ui },
  { path: '/dashboard', element: ui, handle: { breadcrumb: 'My overview' } },
  {
    path: '/storefront',
    handle: { breadcrumb: 'Storefront' },
    children: [
      { index: true, element: ui },
      { path: 'search', element: ui, handle: { breadcrumb: 'Search results' } },
    ],
  },
  {
    path: '/course-administration',
    handle: { breadcrumb: 'Course administration', breadcrumbRedirect: true },
    children: [{ path: 'availability', element: ui, handle: { breadcrumb: 'My availability' } }],
  },
  {
    path: '/settings/incentives',
    handle: { breadcrumb: 'Incentives' },
    children: [
      { index: true, element: ui },
      { path: 'products', element: ui, handle: { breadcrumb: 'Products' } },
    ],
  },
];

const trail = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Breadcrumbs', () => {
  it('shows nothing unless breadcrumbs_enabled is on', () => {
    renderShell(<Breadcrumbs />, {
      user: learner,
      routes,
      path: '/settings/incentives/products',
      branding: branding({ breadcrumbs_enabled: false }),
    });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows nothing on the root page', () => {
    renderShell(<Breadcrumbs />, { user: null, routes, path: '/' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows nothing on /storefront for visitors, but does for signed-in users', () => {
    const { unmount } = renderShell(<Breadcrumbs />, { user: null, routes, path: '/storefront' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    unmount();
    renderShell(<Breadcrumbs />, { user: learner, routes, path: '/storefront' });
    expect(trail()).toEqual(['My overview', 'Storefront']);
  });

  it('starts a visitor trail at Home', () => {
    renderShell(<Breadcrumbs />, { user: null, routes, path: '/storefront/search' });
    expect(trail()).toEqual(['Home', 'Storefront', 'Search results']);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('makes the last item the current page, not a link', () => {
    renderShell(<Breadcrumbs />, { user: learner, routes, path: '/settings/incentives/products' });
    expect(trail()).toEqual(['My overview', 'Incentives', 'Products']);
    expect(screen.queryByRole('link', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.getByText('Products')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Incentives' })).toHaveAttribute(
      'href',
      '/settings/incentives',
    );
  });

  it('does not repeat My overview on the dashboard', () => {
    renderShell(<Breadcrumbs />, { user: learner, routes, path: '/dashboard' });
    expect(trail()).toEqual(['My overview']);
  });

  it('uses client navigation for ordinary items and a plain link for redirect items', async () => {
    const user = userEvent.setup();
    const { router } = renderShell(<Breadcrumbs />, {
      user: learner,
      routes,
      path: '/course-administration/availability',
    });
    expect(screen.getByRole('link', { name: 'Course administration' })).toHaveAttribute(
      'href',
      '/course-administration',
    );
    await user.click(screen.getByRole('link', { name: 'My overview' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('breadcrumbTrail', () => {
  const first = { label: 'Home', url: '/', redirect: false };
  it('hides the root page alone, with or without a trailing slash', () => {
    expect(breadcrumbTrail({ pathname: '/', signedIn: false, crumbs: [], first })).toBeNull();
    expect(
      breadcrumbTrail({ pathname: '/storefront/', signedIn: false, crumbs: [], first }),
    ).toBeNull();
  });
  it('drops crumbs without a label', () => {
    const crumbs = [
      { label: '', url: '/x', redirect: false },
      { label: 'Y', url: '/x/y', redirect: false },
    ];
    expect(
      breadcrumbTrail({ pathname: '/x/y', signedIn: false, crumbs, first })?.map((c) => c.label),
    ).toEqual(['Home', 'Y']);
  });
});
