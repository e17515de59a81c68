import { render, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { createTranslator } from '../../core';
import {
  createRoutes,
  I18nProvider,
  SessionProvider,
  SiteNameProvider,
  useBreadcrumbs,
  usePageTitle,
} from '../index';

function Crumbs() {
  const crumbs = useBreadcrumbs();
  return (
    <ol>
      {crumbs.map((c) => (
        <li key={c.url} data-redirect={c.redirect}>
          {c.label} {c.url}
        </li>
      ))}
    </ol>
  );
}
const Layout = ({ children }: { children?: ReactNode }) => (
  <>
    <Crumbs />
    {children}
  </>
);

const config: RoutesConfig = {
  routes: [
    { path: '/dashboard', page: 'plain', breadcrumb: 'My overview', title: 'My overview' },
    { path: '/products/:productId', page: 'titled', title: 'Product' },
    {
      path: '/settings/incentives',
      breadcrumb: 'Incentives',
      breadcrumbRedirect: true,
      children: [
        { path: '', page: 'plain', title: 'Incentives settings' },
        {
          path: 'products/:productId',
          page: 'lazy',
          breadcrumb: 'Products',
          title: 'Edit product',
        },
      ],
    },
  ],
};

const pages = {
  plain: () => <p>plain page</p>,
  lazy: lazy(async () => ({ default: () => <p>lazy page</p> })),
  titled: function TitledPage() {
    usePageTitle('Winter jacket');
    return <p>titled page</p>;
  },
};

function renderAt(path: string, translations: { source: string; translation: string }[] = []) {
  const router = createMemoryRouter(
    createRoutes(config, { pages, layouts: { standard: Layout, bare: Layout } }),
    {
      initialEntries: [path],
    },
  );
  render(
    <I18nProvider translator={createTranslator({ language: 'ar', translations })}>
      <SessionProvider value={{ status: 'ready', user: null, flags: {}, catalogEnabled: true }}>
        <SiteNameProvider name="Atrium">
          <RouterProvider router={router} />
        </SiteNameProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

describe('useBreadcrumbs and usePageTitle', () => {
  it('lists translated crumbs with their URLs and redirect flags, and loads lazy pages', async () => {
    renderAt('/settings/incentives/products/12', [
      { source: 'Incentives', translation: 'الحوافز' },
      { source: 'Edit product', translation: 'تعديل المنتج' },
    ]);
    expect(await screen.findByText('lazy page')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'الحوافز /settings/incentives',
      'Products /settings/incentives/products/12',
    ]);
    expect(items.map((li) => li.dataset.redirect)).toEqual(['true', 'false']);
    await waitFor(() => expect(document.title).toBe('تعديل المنتج | Atrium'));
  });

  it('gives the index route its parent crumb and its own title', async () => {
    renderAt('/settings/incentives');
    expect(await screen.findByText('plain page')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Incentives /settings/incentives',
    ]);
    await waitFor(() => expect(document.title).toBe('Incentives settings | Atrium'));
  });

  it("lets a page's own title win over its route's title", async () => {
    renderAt('/products/7');
    expect(await screen.findByText('titled page')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Winter jacket | Atrium'));
  });
});
