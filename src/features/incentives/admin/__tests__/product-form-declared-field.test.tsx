import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type * as IncentiveSchemas from '@schemas/entities/incentives.schema';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import ProductFormPage from '../pages/product-form-page';
import { admin, meta, product } from './fixtures';

// A product owner declares a field in the product schema, and nothing else.
vi.mock('@schemas/entities/incentives.schema', async (importOriginal) => {
  const original = await importOriginal<typeof IncentiveSchemas>();
  const { productInputSchema } = original;
  return {
    ...original,
    productInputSchema: {
      ...productInputSchema,
      properties: {
        ...productInputSchema.properties,
        engraving: { type: 'string', title: 'Engraving text', maxLength: 40 },
      },
    },
  };
});

setupMockServer();

const routes = () => [
  { path: '/settings/incentives/products/create', element: <ProductFormPage /> },
  { path: '/settings/incentives/products/:productId/edit', element: <ProductFormPage /> },
  { path: '/settings/incentives/products', element: <p>Products</p> },
];

describe('A field only the product schema declares', () => {
  it('is shown with its title as label, filled from the product and saved with it', async () => {
    let patched: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/v2/incentives/products/8', () =>
        HttpResponse.json({ data: { ...product(8, { title: 'Pen' }), engraving: 'For Lena' } }),
      ),
      http.patch('*/api/v2/incentives/products/8', async ({ request }) => {
        patched = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: product(8) });
      }),
      http.get('*/api/v2/incentives/products', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/products/8/edit', routes });

    const engraving = await screen.findByLabelText('Engraving text');
    expect(engraving).toHaveValue('For Lena');
    await userEvent.clear(engraving);
    await userEvent.type(engraving, 'For Omar');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The product has been saved.')).toBeInTheDocument();
    expect(patched).toMatchObject({ title: 'Pen', engraving: 'For Omar' });
  }, 20_000);

  it('is offered on a new product, and left out when empty', async () => {
    let posted: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/v2/incentives/products', async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: product(9) });
      }),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/products/create', routes });

    expect(await screen.findByLabelText('Engraving text')).toHaveValue('');
    await userEvent.type(screen.getByLabelText(/^Title/), 'Notebook');
    await userEvent.type(screen.getByLabelText(/^Price in points/), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('The product has been created.')).toBeInTheDocument();
    expect(posted).toMatchObject({ title: 'Notebook', price: 40, max_per_order: null });
    expect(posted).not.toHaveProperty('engraving');
  }, 20_000);
});
