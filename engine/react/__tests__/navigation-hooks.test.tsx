import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import { createTranslator } from '../../core';
import {
  createRoutes,
  I18nProvider,
  RouteTree,
  SessionProvider,
  SiteNameProvider,
  useBreadcrumbLabel,
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
    {
      path: '/products/:productId',
      breadcrumb: 'Product',
      children: [
        { path: '', page: 'titled', title: 'Product' },
        { path: 'buy', page: 'buy', breadcrumb: 'Buy', title: 'Buy' },
        { path: 'info', page: 'plain', breadcrumb: 'Info', title: 'Info' },
      ],
    },
    {
      path: '/settings/reports',
      breadcrumb: 'Reports',
      breadcrumbRedirect: true,
      children: [
        { path: '', page: 'plain', title: 'Reports settings' },
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
  buy: function BuyPage() {
    useBreadcrumbLabel('Winter jacket', '/products/7');
    return <p>buy page</p>;
  },
};

type RouterMode = 'component router' | 'data router';

const routes = createRoutes(config, { pages, layouts: { standard: Layout, bare: Layout } });

/** The portal's own router (component mode), or a data router as component tests use. */
function routerAt(mode: RouterMode, path: string) {
  if (mode === 'component router') {
    return (
      <MemoryRouter initialEntries={[path]}>
        <RouteTree routes={routes} />
      </MemoryRouter>
    );
  }
  return <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />;
}

describe.each<RouterMode>(['component router', 'data router'])(
  'useBreadcrumbs and usePageTitle under the %s',
  (mode) => {
    function renderAt(path: string, translations: { source: string; translation: string }[] = []) {
      render(
        <I18nProvider translator={createTranslator({ language: 'ar', translations })}>
          <SessionProvider value={{ status: 'ready', user: null, flags: {} }}>
            <SiteNameProvider name="Atrium">{routerAt(mode, path)}</SiteNameProvider>
          </SessionProvider>
        </I18nProvider>,
      );
    }

    it('lists translated crumbs with their URLs and redirect flags, and loads lazy pages', async () => {
      renderAt('/settings/reports/products/12', [
        { source: 'Reports', translation: 'التقارير' },
        { source: 'Edit product', translation: 'تعديل المنتج' },
      ]);
      expect(await screen.findByText('lazy page')).toBeInTheDocument();
      const items = screen.getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual([
        'التقارير /settings/reports',
        'Products /settings/reports/products/12',
      ]);
      expect(items.map((li) => li.dataset.redirect)).toEqual(['true', 'false']);
      await waitFor(() => expect(document.title).toBe('تعديل المنتج | Atrium'));
    });

    it('gives the index route its parent crumb and its own title', async () => {
      renderAt('/settings/reports');
      expect(await screen.findByText('plain page')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Reports /settings/reports',
      ]);
      await waitFor(() => expect(document.title).toBe('Reports settings | Atrium'));
    });

    it("lets a page's own title win over its route's title", async () => {
      renderAt('/products/7');
      expect(await screen.findByText('titled page')).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Winter jacket | Atrium'));
      // The page's title also names its crumb, in place of the route's label.
      await waitFor(() =>
        expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
          'Winter jacket /products/7',
        ]),
      );
    });

    it('lets a page name a parent crumb, and forgets the name when the page goes', async () => {
      renderAt('/products/7/buy');
      expect(await screen.findByText('buy page')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
          'Winter jacket /products/7',
          'Buy /products/7/buy',
        ]),
      );
      cleanup();
      renderAt('/products/7/info');
      expect(await screen.findByText('plain page')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Product /products/7',
        'Info /products/7/info',
      ]);
    });
  },
);
