import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import ProductFormPage from '../pages/product-form-page';
import ProductsPage from '../pages/products-page';
import { admin, meta, product } from './fixtures';

setupMockServer();

const routes = () => [
  { path: '/settings/incentives/products', element: <ProductsPage /> },
  { path: '/settings/incentives/products/create', element: <ProductFormPage /> },
  { path: '/settings/incentives/products/:productId/edit', element: <ProductFormPage /> },
];

describe('Products list', () => {
  it('shows each product with its stock left, and asks before deleting one', async () => {
    let products = [
      product(1, { title: 'Coffee mug', stock: 10, sold: 3 }),
      product(2, { title: 'Ebook', stock: null, published: false }),
    ];
    const deleted: string[] = [];
    server.use(
      http.get('*/api/v2/incentives/products', () =>
        HttpResponse.json({ data: products, meta: meta(products.length) }),
      ),
      http.delete('*/api/v2/incentives/products/:id', ({ params }) => {
        deleted.push(String(params.id));
        products = products.filter((p) => String(p.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/products', routes });

    const mug = (await screen.findByRole('rowheader', { name: 'Coffee mug' })).closest('tr')!;
    expect(within(mug).getByText('7')).toBeInTheDocument();
    expect(within(mug).getByText('100 points')).toBeInTheDocument();
    expect(within(mug).getByText('Yes')).toBeInTheDocument();
    const ebook = screen.getByRole('rowheader', { name: 'Ebook' }).closest('tr')!;
    expect(within(ebook).getByText('Unlimited')).toBeInTheDocument();
    expect(within(ebook).getByText('No')).toBeInTheDocument();
    expect(within(mug).getByRole('link', { name: 'Edit Coffee mug' })).toHaveAttribute(
      'href',
      '/settings/incentives/products/1/edit',
    );

    await userEvent.click(within(mug).getByRole('button', { name: 'Delete Coffee mug' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    expect(screen.getByRole('rowheader', { name: 'Coffee mug' })).toBeInTheDocument();

    await userEvent.click(within(mug).getByRole('button', { name: 'Delete Coffee mug' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this product?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Coffee mug has been deleted.')).toBeInTheDocument();
    expect(deleted).toEqual(['1']);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Coffee mug' })).not.toBeInTheDocument(),
    );
  }, 20_000);

  it('searches through the address and says when nothing matches', async () => {
    const searches: (string | null)[] = [];
    server.use(
      http.get('*/api/v2/incentives/products', ({ request }) => {
        const url = new URL(request.url);
        searches.push(url.searchParams.get('search'));
        return HttpResponse.json({ data: [], meta: meta(0) });
      }),
    );
    const { router } = renderShell(null, {
      user: admin,
      path: '/settings/incentives/products',
      routes,
    });
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search products'), 'mug');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=mug');
    expect(searches).toEqual([null, 'mug']);
  }, 20_000);

  it('offers a retry when the list fails to load', async () => {
    server.use(
      http.get('*/api/v2/incentives/products', () =>
        HttpResponse.json({ message: 'Bad request' }, { status: 400 }),
      ),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/products', routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('The products could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  }, 20_000);
});

describe('Product form', () => {
  it("shows the server's message on the price, keeps the input, then saves", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v2/incentives/products', async ({ request }) => {
        const body = (await request.json()) as { price: number };
        bodies.push(body);
        if (body.price > 5000)
          return HttpResponse.json(
            {
              message: 'The product is not valid.',
              messages: [{ path: 'price', text: 'No reward may cost more than 5000 points.' }],
            },
            { status: 400 },
          );
        return HttpResponse.json(
          { data: product(12, { title: 'Water bottle', price: body.price }) },
          { status: 201 },
        );
      }),
      http.get('*/api/v2/incentives/products', () =>
        HttpResponse.json({ data: [product(12, { title: 'Water bottle' })], meta: meta(1) }),
      ),
    );
    const { router } = renderShell(null, {
      user: admin,
      path: '/settings/incentives/products/create',
      routes,
    });

    await userEvent.type(screen.getByLabelText(/^Title/), 'Water bottle');
    const price = screen.getByLabelText(/^Price in points/);
    await userEvent.type(price, '9000');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(
      await screen.findByText('No reward may cost more than 5000 points.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Price in points/)).toHaveValue(9000);
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Water bottle');
    expect(bodies[0]).toMatchObject({
      title: 'Water bottle',
      price: 9000,
      stock: null,
      per_user_limit: null,
      available_from: null,
      available_until: null,
      published: false,
      restrictions: [],
    });
    expect(router.state.location.pathname).toBe('/settings/incentives/products/create');

    await userEvent.clear(screen.getByLabelText(/^Price in points/));
    await userEvent.type(screen.getByLabelText(/^Price in points/), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('The product has been created.')).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/incentives/products'),
    );
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ price: 250 });
  }, 20_000);

  it('edits an existing product with PATCH and its whole data', async () => {
    let patched: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/v2/incentives/products/5', () =>
        HttpResponse.json({
          data: product(5, { title: 'Hoodie', stock: 4, price: 800, max_per_order: 2 }),
        }),
      ),
      http.patch('*/api/v2/incentives/products/5', async ({ request }) => {
        patched = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: product(5, { title: 'Warm hoodie' }) });
      }),
      http.get('*/api/v2/incentives/products', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/products/5/edit', routes });
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Hoodie');
    await userEvent.clear(title);
    await userEvent.type(title, 'Warm hoodie');
    const most = screen.getByLabelText('Most per order (empty: no limit)');
    expect(most).toHaveDisplayValue('2');
    await userEvent.clear(most);
    await userEvent.type(most, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The product has been saved.')).toBeInTheDocument();
    expect(patched).toMatchObject({
      title: 'Warm hoodie',
      price: 800,
      stock: 4,
      max_per_order: 3,
      published: true,
    });
    expect(patched).not.toHaveProperty('id');
  }, 20_000);

  it('offers the declared restriction types by name, and keeps a product’s restrictions', async () => {
    const restrictions = [{ rule: 'and' as const, type: 'language', value: 'ar' }];
    let patched: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/v2/incentives/products/6', () =>
        HttpResponse.json({ data: product(6, { title: 'Calligraphy book', restrictions }) }),
      ),
      http.patch('*/api/v2/incentives/products/6', async ({ request }) => {
        patched = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: product(6, { title: 'Calligraphy book' }) });
      }),
      http.get('*/api/v2/incentives/products', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
    );
    server.use(storefrontSettings());
    renderShell(null, { user: admin, path: '/settings/incentives/products/6/edit', routes });
    const type = await screen.findByRole('combobox', { name: /^Who may buy it/ });
    expect(type).toHaveDisplayValue('Language');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .filter(Boolean),
    ).toEqual(restrictionTypeDeclarations.map((d) => d.label));
    const language = screen.getByRole('combobox', { name: /^Language/ });
    await waitFor(() => expect(language).toHaveDisplayValue('العربية'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The product has been saved.')).toBeInTheDocument();
    expect(patched).toMatchObject({ restrictions });
  }, 20_000);

  it('limits who may buy it: a kind, then values from the server, saved with the product', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      storefrontSettings(),
      http.post('*/api/v2/incentives/products', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ data: product(14, { title: 'Tote bag' }) }, { status: 201 });
      }),
      http.get('*/api/v2/incentives/products', () =>
        HttpResponse.json({ data: [], meta: meta(0) }),
      ),
    );
    renderShell(null, {
      user: admin,
      path: '/settings/incentives/products/create',
      routes,
    });
    const audience = screen.getByRole('group', { name: 'Audience' });
    expect(
      within(audience).getByText('Everyone who can use the shop may buy it.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Tote bag');
    await userEvent.type(screen.getByLabelText(/^Price in points/), '40');

    await userEvent.click(within(audience).getByRole('button', { name: 'Add a restriction' }));
    const first = within(audience).getByRole('group', { name: 'Restriction 1' });
    await userEvent.selectOptions(
      within(first).getByRole('combobox', { name: /^Who may buy it/ }),
      'Organizations',
    );
    const organization = await within(first).findByRole('combobox', { name: /^Organizations/ });
    await waitFor(() => expect(organization).toBeEnabled());
    await userEvent.selectOptions(organization, 'Sales');

    await userEvent.click(within(audience).getByRole('button', { name: 'Add a restriction' }));
    const second = within(audience).getByRole('group', { name: 'Restriction 2' });
    await userEvent.selectOptions(
      within(second).getByRole('combobox', { name: /^Who may buy it/ }),
      'Roles',
    );
    const roles = within(second).getByRole('group', { name: /^Roles/ });
    await userEvent.click(await within(roles).findByRole('checkbox', { name: 'Trainer' }));
    await userEvent.click(within(roles).getByRole('checkbox', { name: 'Course administrator' }));
    expect(
      within(audience).getByRole('button', { name: 'Remove Restriction 2' }),
    ).toBeInTheDocument();

    const form = audience.closest('form')!;
    expect(form.textContent).not.toMatch(/Option \d|Add Item|-\d\b/);
    for (const control of within(form).getAllByRole('combobox'))
      for (const option of within(control).queryAllByRole('option'))
        expect(option.textContent).not.toMatch(/Option \d|-\d$/);

    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('The product has been created.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      restrictions: [
        { rule: 'and', type: 'organizations', value: 7 },
        { rule: 'and', type: 'roles', value: ['trainer', 'course_admin'] },
      ],
    });
  }, 20_000);

  it('says when the values of a kind could not be loaded, and loads them again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v2/storefront/settings', () =>
        fail
          ? HttpResponse.json({ message: 'Bad request' }, { status: 400 })
          : HttpResponse.json({ data: storefrontSettingsData }),
      ),
    );
    renderShell(null, { user: admin, path: '/settings/incentives/products/create', routes });
    await userEvent.click(screen.getByRole('button', { name: 'Add a restriction' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /^Who may buy it/ }),
      'Country',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The options could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const country = screen.getByRole('combobox', { name: /^Country/ });
    await waitFor(() => expect(country).toBeEnabled());
    expect(within(country).getByRole('option', { name: 'Jordan' })).toBeInTheDocument();
  }, 20_000);
});

const storefrontSettingsData = {
  enabled: true,
  restrictions: {
    registered: [
      {
        type: 'language',
        label: 'Language',
        multiple: false,
        options: [
          { value: 'en', label: 'English' },
          { value: 'ar', label: 'العربية' },
        ],
      },
      {
        type: 'country',
        label: 'Country',
        multiple: false,
        options: [{ value: 'JO', label: 'Jordan' }],
      },
      { type: 'title', label: 'Title', multiple: false, options: [] },
      {
        type: 'organizations',
        label: 'Organizations',
        multiple: false,
        options: [
          { value: 3, label: 'Engineering' },
          { value: 7, label: 'Sales' },
        ],
      },
      {
        type: 'roles',
        label: 'Roles',
        multiple: true,
        options: [
          { value: 'trainer', label: 'Trainer' },
          { value: 'course_admin', label: 'Course administrator' },
        ],
      },
    ],
    unregistered: [],
  },
};

/** `GET storefront/settings` with the registered audience's restriction options. */
const storefrontSettings = () =>
  http.get('*/api/v2/storefront/settings', () =>
    HttpResponse.json({ data: storefrontSettingsData }),
  );
