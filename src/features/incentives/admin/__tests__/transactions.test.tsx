import { createTranslator } from '@engine/core';
import {
  fillGuardMessage,
  guardMessages,
  type TransactionDetails,
} from '@schemas/entities/incentives.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import TransactionPage from '../pages/transaction-page';
import TransactionsPage from '../pages/transactions-page';
import { admin, meta, purchase, transaction } from './fixtures';

setupMockServer();

const routes = () => [
  { path: '/settings/incentives/transactions', element: <TransactionsPage /> },
  { path: '/settings/incentives/transactions/:transactionId', element: <TransactionPage /> },
];

describe('Transactions page', () => {
  it('puts the filters into the address and the request, and shows signed points', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v2/incentives/transactions', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        return HttpResponse.json({
          data: [
            transaction(1, { delta: 50, kind: 'award' }),
            transaction(2, { delta: -120, kind: 'redeem', note: 'Coffee mug' }),
          ],
          meta: meta(2),
        });
      }),
    );
    const { router } = renderShell(null, {
      user: admin,
      path: '/settings/incentives/transactions',
      routes,
      // The demo site's formats: dates are typed day first.
      translator: createTranslator({
        language: 'en',
        translations: [],
        dateFormats: { short: 'd/m/Y - H:i', date_only: 'd/m/Y' },
      }),
    });

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('+50')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('\u2212120')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Purchase')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/settings/incentives/transactions/1',
    );

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'redeem');
    await userEvent.type(screen.getByLabelText('From'), '01/03/2025');
    await userEvent.type(screen.getByLabelText('User id'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(queries).toHaveLength(2));
    const sent = new URLSearchParams(queries[1]);
    expect(sent.get('kind')).toBe('redeem');
    expect(sent.get('from')).toBe('2025-03-01');
    expect(sent.get('uid')).toBe('7');
    expect(sent.get('to')).toBeNull();
    expect(sent.get('limit')).toBe('25');
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('redeem');
  }, 20_000);

  it('lists held-back awards with their translated reason, and filters by them', async () => {
    const reason = fillGuardMessage(guardMessages.heldAwards, { count: 20, minutes: 60 });
    const queries: string[] = [];
    server.use(
      http.get('*/api/v2/incentives/transactions', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({
          data: [
            transaction(5, { delta: 0, kind: 'held', note: 'Inclusive Leadership', reason }),
            transaction(4, { delta: 100, kind: 'award', note: 'Running Effective Meetings' }),
          ],
          meta: meta(2),
        });
      }),
    );
    const translator = createTranslator({
      language: 'ar',
      translations: [
        { source: 'Held back', translation: 'محجوبة' },
        {
          source: guardMessages.heldAwards,
          translation: 'محجوبة: الحد الأقصى @count مكافأة خلال @minutes دقيقة',
        },
      ],
    });
    renderShell(null, {
      user: admin,
      path: '/settings/incentives/transactions',
      routes,
      translator,
    });

    const table = await screen.findByRole('table');
    const held = within(table).getAllByRole('row')[1]!;
    expect(within(held).getByText('محجوبة')).toBeInTheDocument();
    expect(within(held).getByText('0')).toBeInTheDocument();
    expect(within(held).getByText('Inclusive Leadership')).toBeInTheDocument();
    expect(
      within(held).getByText('محجوبة: الحد الأقصى 20 مكافأة خلال 60 دقيقة'),
    ).toBeInTheDocument();
    // Paid awards have no reason line.
    expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')).toHaveLength(6);

    await userEvent.selectOptions(
      screen.getByLabelText('Kind'),
      screen.getByRole('option', { name: 'محجوبة' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(new URLSearchParams(queries[1]).get('kind')).toBe('held');
  }, 20_000);

  it("adjusts points and shows the server's field message", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/incentives/transactions', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
      http.post('*/api/v2/incentives/adjustments', async ({ request }) => {
        const body = (await request.json()) as { uid: number };
        bodies.push(body);
        return body.uid === 404
          ? HttpResponse.json(
              { message: 'Invalid', messages: [{ path: 'uid', text: 'No such user.' }] },
              { status: 400 },
            )
          : HttpResponse.json({ data: transaction(40, { kind: 'adjust' }) }, { status: 201 });
      }),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/transactions', routes });
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adjust points' }));
    const form = screen.getByRole('region', { name: 'Give or take points' });
    await userEvent.type(within(form).getByLabelText(/^User/), '404');
    await userEvent.type(within(form).getByLabelText(/^Points/), '-20');
    await userEvent.type(within(form).getByLabelText(/^Reason/), 'Duplicate award');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust points' }));
    expect(await within(form).findByText('No such user.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ uid: 404, points: -20, note: 'Duplicate award' });

    await userEvent.clear(within(form).getByLabelText(/^User/));
    await userEvent.type(within(form).getByLabelText(/^User/), '7');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust points' }));
    expect(await screen.findByText('The points have been adjusted.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Give or take points' })).not.toBeInTheDocument();
  }, 20_000);
});

describe('Transaction page', () => {
  it('asks before refunding a purchase and shows the refunded order', async () => {
    let details: TransactionDetails = purchase('completed');
    const refunds: string[] = [];
    server.use(
      http.get('*/api/v2/incentives/transactions/31', () => HttpResponse.json({ data: details })),
      http.post('*/api/v2/incentives/orders/:id/refund', ({ params }) => {
        refunds.push(String(params.id));
        details = purchase('refunded');
        return HttpResponse.json({ data: details.order });
      }),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/transactions/31', routes });

    expect(await screen.findByRole('heading', { name: /Order 9/ })).toHaveTextContent('Completed');
    expect(screen.getByRole('rowheader', { name: 'Coffee mug' })).toBeInTheDocument();
    expect(screen.getByText('\u2212120')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('The buyer gets 120 points back');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(refunds).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Refund this order?' })).getByRole('button', {
        name: 'Refund',
      }),
    );
    expect(await screen.findByText('The order has been refunded.')).toBeInTheDocument();
    expect(refunds).toEqual(['9']);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: /Order 9/ })).toHaveTextContent('Refunded'),
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  }, 20_000);

  it("shows the server's reason when a refund is refused", async () => {
    server.use(
      http.get('*/api/v2/incentives/transactions/31', () =>
        HttpResponse.json({ data: purchase('completed') }),
      ),
      http.post('*/api/v2/incentives/orders/9/refund', () =>
        HttpResponse.json({ message: 'This order was refunded already.' }, { status: 409 }),
      ),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/transactions/31', routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Refund this order?' })).getByRole('button', {
        name: 'Refund',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This order was refunded already.');
  }, 20_000);
});
