import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { shopRootKey } from '@/lib/queries/shop';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import { PointsBadge } from '@/shell/header/points-badge';
import PurchasePage from '../pages/purchase-page';
import PurchaseSuccessPage from '../pages/purchase-success-page';
import { order, product } from './fixtures';

setupMockServer();

/** The pages under a layout with the header's points badge, as in the app. */
const routes = (ui: React.ReactNode) => [
  {
    element: (
      <>
        <PointsBadge linkToShop />
        <Outlet />
      </>
    ),
    children: [
      { path: '/incentives/:productId/purchase', element: ui },
      { path: '/incentives/purchase-success', element: <PurchaseSuccessPage /> },
      { path: '/incentives/:productId', element: <p>Product page</p> },
    ],
  },
];

/** The same pages with a thank-you page whose code never arrives (a slow network or device). */
const routesWithSlowSuccessPage = (ui: React.ReactNode) => [
  {
    element: <Outlet />,
    children: [
      { path: '/incentives/:productId/purchase', element: ui },
      { path: '/incentives/purchase-success', lazy: () => new Promise<never>(() => {}) },
    ],
  },
];

const coffee = product(5, { title: 'Coffee voucher', price: 120 });

/** The product, a wallet that drops after checkout, and a checkout answered by `answer`. */
function serve(answer: () => Response | Promise<Response>) {
  const calls = {
    product: 0,
    wallet: 0,
    checkout: [] as { body: unknown; type: string | null; key: string | null }[],
  };
  let bought = false;
  server.use(
    http.get('*/api/v2/incentives/shop/5', () => {
      calls.product += 1;
      return HttpResponse.json({ data: coffee });
    }),
    http.get('*/api/v2/incentives/wallet', () => {
      calls.wallet += 1;
      return HttpResponse.json({ data: { points: bought ? 180 : 300 } });
    }),
    http.post('*/api/v2/incentives/shop_checkout', async ({ request }) => {
      calls.checkout.push({
        body: await request.json(),
        type: request.headers.get('Content-Type'),
        key: request.headers.get('Idempotency-Key'),
      });
      await delay(60);
      const response = await answer();
      if (response.ok) bought = true;
      return response;
    }),
  );
  return calls;
}

describe('Purchase page', () => {
  it('shows the product, its price and the balance before and after', async () => {
    serve(() => HttpResponse.json({ data: order() }));
    renderShell(<PurchasePage />, { user: learner, path: '/incentives/5/purchase', routes });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirm your purchase' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Coffee voucher' })).toBeInTheDocument();
    expect(screen.getByText('120 points')).toBeInTheDocument();
    expect(await screen.findByText('Your balance after this purchase: 180 points')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/incentives/5');
  });

  it('checks out once as JSON even on a double click, then thanks and refreshes wallet and shop', async () => {
    const calls = serve(() => HttpResponse.json({ data: order() }));
    const { queryClient, router } = renderShell(<PurchasePage />, {
      user: learner,
      path: '/incentives/5/purchase',
      routes,
    });
    // A cached shop list, to see the checkout invalidate it.
    const listKey = [...shopRootKey, 'list', { page: 0 }];
    queryClient.setQueryData(listKey, { data: [], meta: {} });

    await screen.findByText('Your balance after this purchase: 180 points');
    expect(screen.getByRole('link', { name: '300 points' })).toBeInTheDocument();
    const walletBefore = calls.wallet;
    const productBefore = calls.product;

    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await userEvent.dblClick(confirm);
    const busy = await screen.findByRole('button', { name: 'Confirming…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your purchase' }),
    ).toBeInTheDocument();
    expect(calls.checkout).toHaveLength(1);
    expect(calls.checkout[0]?.body).toEqual({ products: [5] });
    expect(calls.checkout[0]?.type).toContain('application/json');
    expect(calls.checkout[0]?.key).toMatch(/^[\w-]{16,}$/);
    expect(router.state.location.pathname).toBe('/incentives/purchase-success');

    expect(screen.getByText('Coffee voucher')).toBeInTheDocument();
    expect(screen.getByText('Your new balance: 180 points')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute(
      'href',
      '/incentives',
    );
    expect(screen.getByRole('link', { name: 'My overview' })).toHaveAttribute('href', '/dashboard');

    // Wallet and product fetched again; every other shop query marked stale.
    expect(calls.wallet).toBeGreaterThan(walletBefore);
    expect(calls.product).toBeGreaterThan(productBefore);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '180 points' })).toBeInTheDocument(),
    );
  });

  it('does not buy again when confirmed after the purchase went through, before the thank-you page shows', async () => {
    const calls = serve(() => HttpResponse.json({ data: order() }));
    const { router } = renderShell(<PurchasePage />, {
      user: learner,
      path: '/incentives/5/purchase',
      routes: routesWithSlowSuccessPage,
    });
    await screen.findByText('Your balance after this purchase: 180 points');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await userEvent.click(confirm);
    // Bought, and on the way to the thank-you page, which is still loading.
    await waitFor(() =>
      expect(router.state.navigation.location?.pathname).toBe('/incentives/purchase-success'),
    );
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleName('Confirming…');
    await userEvent.click(confirm);
    await userEvent.keyboard('{Enter}');
    expect(calls.checkout).toHaveLength(1);
  });

  it("shows the server's message on a conflict and refreshes the product and wallet", async () => {
    const calls = serve(() =>
      HttpResponse.json({ message: 'Not enough points.', messages: [] }, { status: 409 }),
    );
    const { router } = renderShell(<PurchasePage />, {
      user: learner,
      path: '/incentives/5/purchase',
      routes,
    });
    await screen.findByText('Your balance after this purchase: 180 points');
    const walletBefore = calls.wallet;
    const productBefore = calls.product;

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough points.');
    expect(alert).toHaveFocus();
    expect(router.state.location.pathname).toBe('/incentives/5/purchase');
    await waitFor(() => expect(calls.wallet).toBeGreaterThan(walletBefore));
    expect(calls.product).toBeGreaterThan(productBefore);
    expect(calls.checkout).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();

    // Trying again is the same purchase: it carries the same Idempotency-Key.
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.checkout).toHaveLength(2));
    expect(calls.checkout[1]?.key).toBe(calls.checkout[0]?.key);
  });

  it('does not offer to confirm what the caller cannot buy', async () => {
    server.use(
      http.get('*/api/v2/incentives/shop/5', () =>
        HttpResponse.json({ data: { ...coffee, blocked_by: 'sold_out' } }),
      ),
    );
    renderShell(<PurchasePage />, { user: learner, path: '/incentives/5/purchase', routes });
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});

describe('Purchase success page', () => {
  it('goes to the shop when opened without an order', async () => {
    const { router } = renderShell(<PurchaseSuccessPage />, {
      user: learner,
      path: '/incentives/purchase-success',
      routes: (ui) => [
        { path: '/incentives/purchase-success', element: ui },
        { path: '/incentives', element: <p>The shop</p> },
      ],
    });
    expect(await screen.findByText('The shop')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/incentives');
    expect(screen.queryByRole('heading', { name: 'Thank you for your purchase' })).toBeNull();
  });
});
