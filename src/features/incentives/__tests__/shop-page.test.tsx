import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import ShopPage from '../pages/shop-page';
import { listMeta, product, shopInfo } from './fixtures';

setupMockServer();

const routes = (ui: React.ReactNode) => [{ path: '/incentives', element: ui }];

/** Serves shop_info and the shop list; returns the query strings the list was asked with. */
function serve(o: { info?: Parameters<typeof shopInfo>[0]; pages?: number } = {}) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/incentives/shop_info', () => HttpResponse.json({ data: shopInfo(o.info) })),
    http.get('*/api/v2/incentives/shop', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('page') ?? 0);
      const pages = o.pages ?? 1;
      const data =
        page === 0
          ? [
              product(1, { title: 'Coffee voucher', price: 80, stock_left: 3 }),
              product(2, { title: 'Headphones', blocked_by: 'sold_out', stock_left: 0 }),
              product(3, { title: 'Desk plant', blocked_by: 'limit_reached' }),
              product(4, { title: 'Extra day off', price: 250, blocked_by: 'not_enough_points' }),
              product(5, { title: 'Book club', blocked_by: 'unavailable' }),
            ]
          : [product(30, { title: 'Water bottle' })];
      return HttpResponse.json({ data, meta: listMeta(page, pages, 5 + (pages - 1)) });
    }),
  );
  return queries;
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 3, name: title }).closest('article') as HTMLElement;

describe('Reward shop page', () => {
  it('lists the rewards with price, stock and why the blocked ones cannot be redeemed', async () => {
    const queries = serve();
    renderShell(<ShopPage />, { user: learner, path: '/incentives', routes });

    expect(await screen.findByRole('heading', { name: 'Coffee voucher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Coffee voucher' })).toHaveAttribute(
      'href',
      '/incentives/1',
    );
    const coffee = card('Coffee voucher');
    expect(within(coffee).getByText('80 points')).toBeInTheDocument();
    expect(within(coffee).getByText('3 left')).toBeInTheDocument();
    expect(within(coffee).getByText('Available')).toBeInTheDocument();
    const image = within(coffee).getByRole('img', { name: 'Picture of reward 1' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');

    expect(within(card('Headphones')).getByText('Sold out')).toBeInTheDocument();
    expect(within(card('Desk plant')).getByText('You have reached the limit')).toBeInTheDocument();
    // 250 costs, 100 in the wallet (shop_info).
    expect(await within(card('Extra day off')).findByText('150 more points needed')).toBeVisible();
    expect(within(card('Book club')).getByText('Not available')).toBeInTheDocument();
    expect(within(card('Headphones')).queryByText('Available')).not.toBeInTheDocument();

    expect(screen.getByText('You have 100 points')).toBeInTheDocument();
    expect(screen.getByText('5 rewards')).toBeInTheDocument();
    expect(queries[0]?.get('limit')).toBe('24');
    expect(queries[0]?.get('page')).toBe('0');
  });

  it('shows the shop settings and the points that expire soon', async () => {
    serve({
      info: {
        title: 'Team rewards',
        intro: 'Spend your points on something nice.',
        banner: { url: '/files/banner.jpg', alt: 'Smiling colleagues' },
        banner_height: 240,
        points: 320,
        expiring_soon: { points: 40, date: '2025-03-05T12:00:00Z' },
      },
    });
    renderShell(<ShopPage />, { user: learner, path: '/incentives', routes });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Team rewards' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Spend your points on something nice.')).toBeInTheDocument();
    const banner = screen.getByRole('img', { name: 'Smiling colleagues' });
    expect(banner).toHaveStyle({ blockSize: '240px' });
    expect(screen.getByText('You have 320 points')).toBeInTheDocument();
    expect(screen.getByText('40 points expire on 5 March 2025')).toBeInTheDocument();
  });

  it('pages through the rewards with the shared pager, keeping the page in the address', async () => {
    const queries = serve({ pages: 3 });
    const { router } = renderShell(<ShopPage />, { user: learner, path: '/incentives', routes });
    await screen.findByRole('heading', { name: 'Coffee voucher' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '/incentives?page=2');
    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Water bottle' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('keeps search, "only what I can afford" and sort in the address and sends them', async () => {
    const queries = serve({ pages: 2 });
    const { router } = renderShell(<ShopPage />, {
      user: learner,
      path: '/incentives?page=2',
      routes,
    });
    await screen.findByRole('heading', { name: 'Water bottle' });

    await userEvent.type(screen.getByLabelText('Search rewards'), 'coffee');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('coffee'));
    // A new search starts again on the first page.
    expect(queries.at(-1)?.get('page')).toBe('0');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Only what I can afford' }));
    await waitFor(() => expect(queries.at(-1)?.get('affordable')).toBe('true'));

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('price_asc'));

    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('search')).toBe('coffee');
    expect(params.get('affordable')).toBe('1');
    expect(params.get('sort')).toBe('price_asc');
    expect(params.has('page')).toBe(false);
  });

  it('reads the filters from the address when opened with them', async () => {
    const queries = serve();
    renderShell(<ShopPage />, {
      user: learner,
      path: '/incentives?search=plant&affordable=1&sort=title',
      routes,
    });
    await screen.findByRole('heading', { name: 'Coffee voucher' });
    expect(screen.getByLabelText('Search rewards')).toHaveValue('plant');
    expect(screen.getByRole('checkbox', { name: 'Only what I can afford' })).toBeChecked();
    expect(screen.getByLabelText('Sort by')).toHaveValue('title');
    expect(queries[0]?.get('search')).toBe('plant');
    expect(queries[0]?.get('affordable')).toBe('true');
    expect(queries[0]?.get('sort')).toBe('title');
  });

  it('says what to do when nothing matches, and clears the filters', async () => {
    server.use(
      http.get('*/api/v2/incentives/shop_info', () => HttpResponse.json({ data: shopInfo() })),
      http.get('*/api/v2/incentives/shop', ({ request }) => {
        const filtered = new URL(request.url).searchParams.has('search');
        return HttpResponse.json({
          data: filtered ? [] : [product(1, { title: 'Coffee voucher' })],
          meta: listMeta(0, filtered ? 0 : 1, filtered ? 0 : 1),
        });
      }),
    );
    renderShell(<ShopPage />, { user: learner, path: '/incentives?search=yacht', routes });
    expect(await screen.findByText('No rewards match your search.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all rewards' }));
    expect(await screen.findByRole('heading', { name: 'Coffee voucher' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search rewards')).toHaveValue('');
  });

  it('says so when the shop is empty', async () => {
    server.use(
      http.get('*/api/v2/incentives/shop_info', () => HttpResponse.json({ data: shopInfo() })),
      http.get('*/api/v2/incentives/shop', () =>
        HttpResponse.json({ data: [], meta: listMeta(0, 0, 0) }),
      ),
    );
    renderShell(<ShopPage />, { user: learner, path: '/incentives', routes });
    expect(await screen.findByText('No rewards are available yet.')).toBeInTheDocument();
  });

  it('offers a retry when the rewards fail to load', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v2/incentives/shop_info', () => HttpResponse.json({ data: shopInfo() })),
      http.get('*/api/v2/incentives/shop', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Bad request' }, { status: 400 })
          : HttpResponse.json({
              data: [product(1, { title: 'Coffee voucher' })],
              meta: listMeta(0, 1, 1),
            });
      }),
    );
    renderShell(<ShopPage />, { user: learner, path: '/incentives', routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('The rewards could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Coffee voucher' })).toBeInTheDocument();
  });
});
