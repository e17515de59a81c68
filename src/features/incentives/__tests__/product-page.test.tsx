import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ShopProduct } from '@schemas/entities/incentives.schema';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import ProductPage from '../pages/product-page';
import { product } from './fixtures';

setupMockServer();

const routes = (ui: React.ReactNode) => [{ path: '/incentives/:productId', element: ui }];

function serve(data: ShopProduct, points = 100) {
  server.use(
    http.get('*/api/v2/incentives/shop/9', () => HttpResponse.json({ data })),
    http.get('*/api/v2/incentives/wallet', () => HttpResponse.json({ data: { points } })),
  );
}

describe('Reward page', () => {
  it('shows the reward with its title as the page title, a sanitized description and Redeem', async () => {
    serve(
      product(9, {
        title: 'Coffee voucher',
        price: 80,
        stock_left: 4,
        per_user_limit: 2,
        purchased: 1,
        description:
          '<p>Two <strong>flat whites</strong>.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
      }),
    );
    renderShell(<ProductPage />, { user: learner, path: '/incentives/9', routes });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coffee voucher' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Coffee voucher | Atrium Academy'));
    expect(screen.getByText('80 points')).toBeInTheDocument();
    expect(screen.getByText('4 left')).toBeInTheDocument();
    expect(screen.getByText('Limit: 2 per person')).toBeInTheDocument();
    expect(screen.getByText('You have redeemed this once')).toBeInTheDocument();
    expect(screen.getByText('flat whites').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Redeem' })).toHaveAttribute(
      'href',
      '/incentives/9/purchase',
    );
  });

  it('disables Redeem and says why when the reward is blocked', async () => {
    serve(product(9, { title: 'Extra day off', price: 250, blocked_by: 'not_enough_points' }), 100);
    renderShell(<ProductPage />, { user: learner, path: '/incentives/9', routes });
    const redeem = await screen.findByRole('button', { name: 'Redeem' });
    expect(redeem).toBeDisabled();
    expect(await screen.findByText('150 more points needed')).toBeInTheDocument();
    expect(redeem).toHaveAccessibleDescription('150 more points needed');
    expect(screen.queryByRole('link', { name: 'Redeem' })).not.toBeInTheDocument();
  });
});
