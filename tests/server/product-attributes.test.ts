import type { Order, Product, ShopProduct } from '@schemas/entities/incentives.schema';
import { expect, it } from 'vitest';
import { describeEachDb, rewardBody, signedIn, type Agent } from './helpers';

type Data<T> = { data: T };
type ApiError = { message: string; messages?: { path: string; text: string }[] };

describeEachDb('product fields without a column of their own', (server) => {
  let counter = 0;
  const unique = (label: string) =>
    `${label} ${++counter}-${Math.random().toString(36).slice(2, 8)}`;

  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;

  async function setBalance(uid: number, target: number): Promise<void> {
    const points = server().app.repos.points;
    const { points: now } = await points.wallet(uid);
    if (target > now) await points.credit({ uid, points: target - now, kind: 'adjust' });
    if (target < now) await points.debit({ uid, points: now - target, kind: 'adjust' });
  }

  async function counts() {
    const { rows } = await server().db.query<{
      products: number;
      orders: number;
      ledger: number;
    }>(
      `SELECT (SELECT count(*)::int FROM incentive_products) AS products,
         (SELECT count(*)::int FROM incentive_orders) AS orders,
         (SELECT count(*)::int FROM points_ledger) AS ledger`,
    );
    return rows[0]!;
  }

  async function create(admin: Agent, body: object): Promise<Product> {
    const res = await admin.post('/api/v2/incentives/products', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Data<Product>>().data;
  }

  it('stores "most per order", serves it to administrators and learners, and resets it when left out', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const title = unique('Mug');

    const created = await create(admin, rewardBody(title, { max_per_order: 2 }));
    expect(created.max_per_order).toBe(2);
    const read = await admin.get(`/api/v2/incentives/products/${created.id}`);
    expect(read.json<Data<Product>>().data.max_per_order).toBe(2);
    const shop = await learner.get(`/api/v2/incentives/shop/${created.id}`);
    expect(shop.json<Data<ShopProduct>>().data.max_per_order).toBe(2);

    const changed = await admin.patch(
      `/api/v2/incentives/products/${created.id}`,
      rewardBody(title, { max_per_order: 5 }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Data<Product>>().data.max_per_order).toBe(5);
    const listed = await admin.get(
      `/api/v2/incentives/products?search=${encodeURIComponent(title)}`,
    );
    expect(listed.json<{ data: Product[] }>().data.map((p) => p.max_per_order)).toEqual([5]);

    // PATCH replaces the whole product: a field left out takes its default (no limit).
    const reset = await admin.patch(`/api/v2/incentives/products/${created.id}`, rewardBody(title));
    expect(reset.json<Data<Product>>().data.max_per_order).toBeNull();
    const again = await admin.get(`/api/v2/incentives/products/${created.id}`);
    expect(again.json<Data<Product>>().data.max_per_order).toBeNull();
  });

  it('checks a declared field against its schema: an invalid value is refused with its path', async () => {
    const admin = await signedIn(server, 'admin');
    const before = await counts();
    const res = await admin.post(
      '/api/v2/incentives/products',
      rewardBody(unique('Bad'), { max_per_order: 0 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().messages?.map((m) => m.path)).toEqual(['max_per_order']);
    expect(await counts()).toEqual(before);
  });

  it('refuses a field the schema does not declare with 400 and its path, on create and on replace, writing nothing', async () => {
    const admin = await signedIn(server, 'admin');
    const title = unique('Poster');
    const before = await counts();
    const refused = await admin.post('/api/v2/incentives/products', {
      ...rewardBody(title),
      colour: 'red',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().messages?.map((m) => m.path)).toEqual(['colour']);
    expect(await counts()).toEqual(before);

    const product = await create(admin, rewardBody(title, { max_per_order: 3 }));
    const replaced = await admin.patch(`/api/v2/incentives/products/${product.id}`, {
      ...rewardBody(`${title} renamed`, { max_per_order: 4 }),
      colour: 'red',
    });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json<ApiError>().messages?.map((m) => m.path)).toEqual(['colour']);
    const stored = await admin.get(`/api/v2/incentives/products/${product.id}`);
    expect(stored.json<Data<Product>>().data).toEqual(product);
  });

  it('serves only what the schema declares: a stored value of a field no longer declared is left out', async () => {
    const admin = await signedIn(server, 'admin');
    const product = await create(admin, rewardBody(unique('Pen'), { max_per_order: 1 }));
    await server().db.query(
      `UPDATE incentive_products SET attributes = attributes || '{"retired": "yes"}' WHERE id = $1`,
      [product.id],
    );
    const res = await admin.get(`/api/v2/incentives/products/${product.id}`);
    const served = res.json<Data<Record<string, unknown>>>().data;
    expect(served).not.toHaveProperty('retired');
    expect(served.max_per_order).toBe(1);
  });

  it('refuses a checkout of more units than "most per order" with 400, charging and writing nothing; up to it sells', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const title = unique('Sticker');
    const limited = await create(admin, rewardBody(title, { price: 10, max_per_order: 2 }));
    const free = await create(admin, rewardBody(unique('Badge'), { price: 10 }));
    await setBalance(uid, 100);
    const before = await counts();

    const refused = await learner.post('/api/v2/incentives/shop_checkout', {
      products: [free.id, limited.id, limited.id, limited.id],
    });
    expect(refused.statusCode).toBe(400);
    const error = refused.json<ApiError>();
    expect(error.message).toBe(`You can buy at most 2 of "${title}" in one order.`);
    expect(error.messages).toEqual([{ path: 'products', text: error.message }]);
    expect(await counts()).toEqual(before);
    expect((await server().app.repos.points.wallet(uid)).points).toBe(100);

    const sold = await learner.post('/api/v2/incentives/shop_checkout', {
      products: [limited.id, limited.id, free.id, free.id, free.id],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const order = sold.json<Data<Order>>().data;
    expect(order.items.map((i) => [i.product_id, i.quantity])).toEqual(
      [
        [limited.id, 2],
        [free.id, 3],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(order.balance_after).toBe(50);
  });

  it('applies a lowered "most per order" to the next checkout of a product already sold', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    await setBalance(await uidOf('learner'), 100);
    const title = unique('Cap');
    const product = await create(admin, rewardBody(title, { price: 5 }));
    const buyTwo = () =>
      learner.post('/api/v2/incentives/shop_checkout', { products: [product.id, product.id] });
    expect((await buyTwo()).statusCode).toBe(200);

    await admin.patch(
      `/api/v2/incentives/products/${product.id}`,
      rewardBody(title, { price: 5, max_per_order: 1 }),
    );
    const refused = await buyTwo();
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().message).toBe(
      `You can buy at most 1 of "${title}" in one order.`,
    );
  });
});
