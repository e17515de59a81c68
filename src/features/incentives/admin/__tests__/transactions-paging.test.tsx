import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import TransactionsPage from '../pages/transactions-page';
import { admin, meta, transaction } from './fixtures';

setupMockServer();

const routes = () => [{ path: '/settings/incentives/transactions', element: <TransactionsPage /> }];

describe('Transactions page: a long list', () => {
  it('pages on and back by the cursors the server gives, and says the total is an estimate', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v2/incentives/transactions', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const page = Number(query.get('page') ?? 0);
        return HttpResponse.json({
          data: [transaction(1000 - page, { note: `Row of page ${page + 1}` })],
          meta: {
            ...meta(2_000_000, page),
            estimated: true,
            next: `after-${page}`,
            ...(page > 0 ? { prev: `before-${page}` } : {}),
          },
        });
      }),
    );
    const { router } = renderShell(null, {
      user: admin,
      path: '/settings/incentives/transactions',
      routes,
    });

    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of about 80000')).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('link', { name: 'Next' }));
    await screen.findByText('Row of page 2');
    expect(asked.at(-1)!.get('after')).toBe('after-0');
    expect(asked.at(-1)!.get('page')).toBe('1');

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await screen.findByText('Row of page 3');
    expect(asked.at(-1)!.get('after')).toBe('after-1');
    expect(asked.at(-1)!.get('before')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Previous' }));
    await screen.findByText('Row of page 2');
    expect(asked.at(-1)!.get('before')).toBe('before-2');
    expect(asked.at(-1)!.get('after')).toBeNull();

    // Back on the first page the address needs no cursor (and the page shown before is reused).
    await userEvent.click(screen.getByRole('link', { name: 'Previous' }));
    await screen.findByText('Row of page 1');
    expect(router.state.location.search).toBe('');
  }, 20_000);
});
