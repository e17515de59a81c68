import type { ListMeta } from '@schemas/entities/common.schema';
import type { RestrictionItem } from '@schemas/entities/storefront.schema';
import type {
  Order,
  Product,
  ProductInput,
  ShopInfo,
  ShopProduct,
  ShopSettings,
  Transaction,
  TransactionDetails,
} from '@schemas/entities/incentives.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, rewardBody, signedIn, type Agent } from './helpers';

type Data<T> = { data: T };
type List<T> = { data: T[]; meta: ListMeta };
type ApiError = { message: string; messages?: { path: string; text: string }[] };

const DAY = 24 * 60 * 60 * 1000;

describeEachDb('incentives shop', (server) => {
  let counter = 0;
  /** A title prefix unique to one test, so the shop can be searched for just its products. */
  const unique = (label: string) =>
    `${label} ${++counter}-${Math.random().toString(36).slice(2, 8)}`;

  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;

  const points = () => server().app.repos.points;

  /** Sets a user's balance through the ledger kernel (credits or debits the difference). */
  async function setBalance(uid: number, target: number): Promise<void> {
    const { points: now } = await points().wallet(uid);
    if (target > now) await points().credit({ uid, points: target - now, kind: 'adjust' });
    if (target < now) await points().debit({ uid, points: now - target, kind: 'adjust' });
    expect((await points().wallet(uid)).points).toBe(target);
  }

  /** Balance, the sum of the ledger's deltas and the sum of the lots' remaining points. */
  async function ledgerOf(uid: number) {
    const { rows } = await server().db.query<{
      balance: number;
      deltas: number;
      remaining: number;
      negative: number;
    }>(
      `SELECT (SELECT points FROM point_balances WHERE uid = $1) AS balance,
         (SELECT coalesce(sum(delta), 0)::int FROM points_ledger WHERE uid = $1) AS deltas,
         (SELECT coalesce(sum(remaining), 0)::int FROM points_ledger WHERE uid = $1) AS remaining,
         (SELECT count(*)::int FROM points_ledger WHERE uid = $1 AND balance_after < 0) AS negative`,
      [uid],
    );
    return rows[0]!;
  }

  async function expectConsistentLedger(uid: number, balance: number): Promise<void> {
    const ledger = await ledgerOf(uid);
    expect(ledger).toEqual({ balance, deltas: balance, remaining: balance, negative: 0 });
  }

  async function counts() {
    const { rows } = await server().db.query<{ orders: number; items: number; ledger: number }>(
      `SELECT (SELECT count(*)::int FROM incentive_orders) AS orders,
         (SELECT count(*)::int FROM incentive_order_items) AS items,
         (SELECT count(*)::int FROM points_ledger) AS ledger`,
    );
    return rows[0]!;
  }

  async function createProduct(admin: Agent, input: ProductInput): Promise<Product> {
    const res = await admin.post('/api/v2/incentives/products', input);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Data<Product>>().data;
  }

  const product = rewardBody;

  const checkout = (a: Agent, products: number[], key?: string) =>
    a.post(
      '/api/v2/incentives/shop_checkout',
      { products },
      key ? { headers: { 'idempotency-key': key } } : {},
    );

  async function shopOf(a: Agent, query: string): Promise<List<ShopProduct>> {
    const res = await a.get(`/api/v2/incentives/shop?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<List<ShopProduct>>();
  }

  it('200 concurrent checkouts against a balance for k of them: exactly k succeed, the ledger stays whole', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const item = await createProduct(admin, product(unique('Race sticker'), { price: 10 }));
    const k = 37;
    await setBalance(uid, k * 10);
    const before = await counts();

    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => checkout(learner, [item.id], `race-${item.id}-${i}`)),
    );
    const elapsed = Date.now() - started;

    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(k);
    expect(refused).toHaveLength(200 - k);
    for (const r of refused) expect(r.json<ApiError>().message).toBe('Not enough points.');
    const balances = ok.map((r) => r.json<Data<Order>>().data.balance_after).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: k }, (_, i) => i * 10));
    expect(new Set(ok.map((r) => r.json<Data<Order>>().data.id)).size).toBe(k);

    await expectConsistentLedger(uid, 0);
    const after = await counts();
    expect(after.orders - before.orders).toBe(k);
    expect(after.items - before.items).toBe(k);
    expect(after.ledger - before.ledger).toBe(k);
    const stored = (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>()
      .data;
    expect(stored.sold).toBe(k);
    expect(elapsed).toBeLessThan(30_000);
  });

  it('the same Idempotency-Key charges once and answers the first order, sequentially and concurrently', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const item = await createProduct(admin, product(unique('Mug'), { price: 40 }));
    await setBalance(uid, 1000);

    const first = await checkout(learner, [item.id, item.id], 'key-sequential');
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json<Data<Order>>().data;
    expect(order).toMatchObject({
      uid,
      total: 80,
      status: 'completed',
      balance_after: 920,
      items: [{ product_id: item.id, title: item.title, price: 40, quantity: 2 }],
    });
    const again = await checkout(learner, [item.id, item.id], 'key-sequential');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await points().wallet(uid)).points).toBe(920);

    const together = await Promise.all(
      Array.from({ length: 12 }, () => checkout(learner, [item.id], 'key-concurrent')),
    );
    for (const r of together) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(together.map((r) => r.json<Data<Order>>().data.id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBe(order.id);
    expect((await points().wallet(uid)).points).toBe(880);

    // Without a key every checkout is new; the same key of another user is theirs alone.
    expect((await checkout(learner, [item.id])).statusCode).toBe(200);
    expect((await checkout(learner, [item.id])).statusCode).toBe(200);
    expect((await points().wallet(uid)).points).toBe(800);
    const trainer = await signedIn(server, 'trainer');
    const trainerUid = await uidOf('trainer');
    await setBalance(trainerUid, 100);
    const theirs = await checkout(trainer, [item.id], 'key-sequential');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<Data<Order>>().data).toMatchObject({ uid: trainerUid, balance_after: 60 });
    expect(theirs.json<Data<Order>>().data.id).not.toBe(order.id);
    await expectConsistentLedger(uid, 800);
    await expectConsistentLedger(trainerUid, 60);
    const { rows } = await server().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM points_ledger WHERE uid = $1 AND kind = 'redeem' AND order_id IS NOT NULL
         AND order_id IN (SELECT order_id FROM incentive_order_items WHERE product_id = $2)`,
      [uid, item.id],
    );
    expect(rows[0]!.n).toBe(4);
  });

  it('a retried key answers the first order even when the product can no longer be bought', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const input = product(unique('Badge'), { price: 25, stock: 1 });
    const item = await createProduct(admin, input);
    await setBalance(uid, 100);

    const first = await checkout(learner, [item.id], `badge-${item.id}`);
    expect(first.statusCode, first.body).toBe(200);
    // Sold out and then unpublished: a new checkout is refused, the retry is not.
    const soldOut = await checkout(learner, [item.id]);
    expect(soldOut.json<ApiError>().message).toBe(`"${item.title}" is sold out.`);
    const saved = await admin.patch(`/api/v2/incentives/products/${item.id}`, {
      ...input,
      published: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await checkout(learner, [item.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().message).toBe(`"${item.title}" is not available.`);

    const again = await checkout(learner, [item.id], `badge-${item.id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    await expectConsistentLedger(uid, 75);
  });

  it('the next checkout after any change of a product sells it as changed', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    await setBalance(uid, 1000);
    const input = product(unique('Lamp'), { price: 10 });
    const item = await createProduct(admin, input);
    const buy = async () => {
      const res = await checkout(learner, [item.id]);
      return { status: res.statusCode, body: res.json<Data<Order> & ApiError>() };
    };
    const charged = async () => (await buy()).body.data.items[0]!.price;
    expect(await charged()).toBe(10);
    expect(await charged()).toBe(10);

    // Through the API, and by any other writer of the row (another server, a script).
    const repriced = await admin.patch(`/api/v2/incentives/products/${item.id}`, {
      ...input,
      price: 20,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await charged()).toBe(20);
    await server().db.query('UPDATE incentive_products SET price = 30, title = $2 WHERE id = $1', [
      item.id,
      `${item.title} XL`,
    ]);
    const bought = await buy();
    expect(bought.body.data.items).toEqual([
      { product_id: item.id, title: `${item.title} XL`, price: 30, quantity: 1 },
    ]);
    expect(bought.body.data.balance_after).toBe(1000 - 10 - 10 - 20 - 30);

    await server().db.query('UPDATE incentive_products SET published = false WHERE id = $1', [
      item.id,
    ]);
    expect((await buy()).body.message).toBe(`"${item.title} XL" is not available.`);
    await admin.patch(`/api/v2/incentives/products/${item.id}`, {
      ...input,
      restrictions: [{ rule: 'and', type: 'roles', value: ['trainer'] }],
    });
    expect((await buy()).body.message).toBe(`"${item.title}" is not available.`);
    await admin.patch(`/api/v2/incentives/products/${item.id}`, { ...input, stock: 4 });
    // Four sold already: sold out comes before the points the buyer lacks.
    await setBalance(uid, 0);
    expect(await buy()).toMatchObject({
      status: 409,
      body: { message: `"${item.title}" is sold out.` },
    });
    await admin.delete(`/api/v2/incentives/products/${item.id}`);
    expect((await buy()).body.message).toBe('A product in your order no longer exists.');
    await expectConsistentLedger(uid, 0);
  });

  it('refuses a buyer who never had points and writes nothing', async () => {
    const admin = await signedIn(server, 'admin');
    const item = await createProduct(admin, product(unique('Sticker'), { price: 5 }));
    const name = unique('pointless').replace(/\W/g, '-');
    const created = await admin.post('/api/v2/users', {
      name,
      mail: `${name}@example.com`,
      password: 'a-long-enough-password',
      roles: ['learner'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uid } = created.json<Data<{ uid: number }>>().data;
    const buyer = agent(server);
    expect((await buyer.login(name, 'a-long-enough-password')).statusCode).toBe(200);
    const { rows } = await server().db.query('SELECT 1 FROM point_balances WHERE uid = $1', [uid]);
    expect(rows).toHaveLength(0);
    const before = await counts();

    const res = await checkout(buyer, [item.id], 'pointless');
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().message).toBe('Not enough points.');
    expect(await counts()).toEqual(before);
    expect(await points().wallet(uid)).toEqual({ points: 0, lifetime_points: 0 });
    const stored = (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>()
      .data;
    expect(stored.sold).toBe(0);
  });

  it('never oversells: with stock 3 and many buyers at once, exactly 3 succeed', async () => {
    const admin = await signedIn(server, 'admin');
    const names = ['learner', 'trainer', 'courseadmin', 'admin'];
    const buyers = await Promise.all(names.map((n) => signedIn(server, n)));
    for (const name of names) await setBalance(await uidOf(name), 500);
    const item = await createProduct(
      admin,
      product(unique('Signed book'), { stock: 3, price: 20 }),
    );

    const answers = await Promise.all(
      buyers.flatMap((b) => Array.from({ length: 6 }, () => checkout(b, [item.id]))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(21);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json<ApiError>().message).toBe(`"${item.title}" is sold out.`);
    }
    const stored = (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>()
      .data;
    expect(stored.sold).toBe(3);
    let spent = 0;
    for (const name of names) {
      const { points: left } = await points().wallet(await uidOf(name));
      spent += 500 - left;
      await expectConsistentLedger(await uidOf(name), left);
    }
    expect(spent).toBe(60);

    // The learner's shop now shows it sold out.
    const learner = buyers[0]!;
    const shop = await shopOf(learner, `search=${encodeURIComponent(item.title)}`);
    expect(shop.data).toEqual([
      expect.objectContaining({ id: item.id, stock_left: 0, blocked_by: 'sold_out' }),
    ]);
  });

  it('sells exactly the stock at once, then exactly what a new stock and a refund add', async () => {
    const admin = await signedIn(server, 'admin');
    const names = ['learner', 'trainer', 'courseadmin', 'admin'];
    const buyers = await Promise.all(names.map((n) => signedIn(server, n)));
    for (const name of names) await setBalance(await uidOf(name), 1000);
    const input = product(unique('Poster'), { stock: 20, price: 1 });
    const item = await createProduct(admin, input);
    const rush = async (each: number) => {
      const answers = await Promise.all(
        buyers.flatMap((b) => Array.from({ length: each }, () => checkout(b, [item.id]))),
      );
      for (const r of answers) expect([200, 409], r.body).toContain(r.statusCode);
      return answers.filter((r) => r.statusCode === 200);
    };
    const sold = async () =>
      (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>().data.sold;

    const first = await rush(10);
    expect(first).toHaveLength(20);
    expect(await sold()).toBe(20);

    // Five more units, and the sold count above a lowered stock sells nothing.
    await admin.patch(`/api/v2/incentives/products/${item.id}`, { ...input, stock: 25 });
    expect(await rush(5)).toHaveLength(5);
    await admin.patch(`/api/v2/incentives/products/${item.id}`, { ...input, stock: 10 });
    expect(await rush(2)).toHaveLength(0);
    await admin.patch(`/api/v2/incentives/products/${item.id}`, { ...input, stock: 27 });
    const refund = await admin.post(
      `/api/v2/incentives/orders/${first[0]!.json<Data<Order>>().data.id}/refund`,
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await sold()).toBe(24);
    expect(await rush(3)).toHaveLength(3);
    expect(await sold()).toBe(27);
    let spent = 0;
    for (const name of names) {
      const uid = await uidOf(name);
      const { points: left } = await points().wallet(uid);
      spent += 1000 - left;
      await expectConsistentLedger(uid, left);
    }
    expect(spent).toBe(27);
  });

  it('enforces the per-person limit and shows it', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    await setBalance(uid, 1000);
    const item = await createProduct(admin, product(unique('Hoodie'), { per_user_limit: 2 }));

    expect((await checkout(learner, [item.id])).statusCode).toBe(200);
    const before = await counts();
    const two = await checkout(learner, [item.id, item.id]);
    expect(two.statusCode).toBe(409);
    expect(two.json<ApiError>().message).toBe(`You have reached the limit for "${item.title}".`);
    expect(await counts()).toEqual(before);
    expect((await points().wallet(uid)).points).toBe(990);

    expect((await checkout(learner, [item.id])).statusCode).toBe(200);
    const third = await checkout(learner, [item.id]);
    expect(third.statusCode).toBe(409);
    const res = await learner.get(`/api/v2/incentives/shop/${item.id}`);
    expect(res.json<Data<ShopProduct>>().data).toMatchObject({
      purchased: 2,
      per_user_limit: 2,
      blocked_by: 'limit_reached',
    });
  });

  it('holds the per-person limit when one buyer checks out many times at once', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    await setBalance(uid, 1000);
    const item = await createProduct(admin, product(unique('Cap'), { per_user_limit: 2 }));

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => checkout(learner, [item.id], `cap-${item.id}-${i}`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(8);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json<ApiError>().message).toBe(`You have reached the limit for "${item.title}".`);
    }
    const stored = (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>()
      .data;
    expect(stored.sold).toBe(2);
    await expectConsistentLedger(uid, 980);
  });

  it('hides unpublished, out-of-window and restricted products and refuses to sell them', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const trainer = await signedIn(server, 'trainer');
    const uid = await uidOf('learner');
    await setBalance(uid, 1000);
    const prefix = unique('Hidden');
    const orgId = (
      await server().db.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
        'Blue Harbor Logistics',
      ])
    ).rows[0]!.id;
    const now = Date.now();
    const shown = await createProduct(admin, product(`${prefix} shown`));
    const ours = await createProduct(
      admin,
      product(`${prefix} blue harbor`, {
        restrictions: [{ rule: 'and', type: 'organizations', value: [orgId] }],
      }),
    );
    const hidden = [
      await createProduct(admin, product(`${prefix} draft`, { published: false })),
      await createProduct(
        admin,
        product(`${prefix} later`, { available_from: new Date(now + DAY).toISOString() }),
      ),
      await createProduct(
        admin,
        product(`${prefix} over`, {
          available_from: new Date(now - 3 * DAY).toISOString(),
          available_until: new Date(now - DAY).toISOString(),
        }),
      ),
      await createProduct(
        admin,
        product(`${prefix} trainers`, {
          restrictions: [{ rule: 'and', type: 'roles', value: ['trainer'] }],
        }),
      ),
    ];

    const shop = await shopOf(learner, `search=${encodeURIComponent(prefix)}&sort=title`);
    expect(shop.data.map((p) => p.id)).toEqual([ours.id, shown.id]);
    expect(shop.meta).toMatchObject({ total: 2, page: 0, limit: 24, totalPages: 1 });
    expect(shop.data[1]).toEqual({
      id: shown.id,
      title: shown.title,
      description: '<p>A reward.</p>',
      image: { url: '', alt: '' },
      price: 10,
      stock_left: null,
      per_user_limit: null,
      max_per_order: null,
      purchased: 0,
      available_until: null,
      blocked_by: null,
    });

    const before = await counts();
    for (const p of hidden) {
      expect((await learner.get(`/api/v2/incentives/shop/${p.id}`)).statusCode).toBe(404);
      const res = await checkout(learner, [shown.id, p.id]);
      expect(res.statusCode).toBe(409);
      expect(res.json<ApiError>().message).toBe(`"${p.title}" is not available.`);
    }
    const unknown = await checkout(learner, [999_999]);
    expect(unknown.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    expect((await points().wallet(uid)).points).toBe(1000);

    // The trainer sees the trainers' product but not Blue Harbor's.
    const theirs = await shopOf(trainer, `search=${encodeURIComponent(prefix)}&sort=title`);
    expect(theirs.data.map((p) => p.id)).toEqual([shown.id, hidden[3]!.id]);
    expect((await trainer.get(`/api/v2/incentives/shop/${ours.id}`)).statusCode).toBe(404);

    // Restrictions edited: the list follows (learners, then nobody's role, then no restriction).
    const listed = async () =>
      (await shopOf(learner, `search=${encodeURIComponent(prefix)}&sort=title`)).data.map(
        (p) => p.id,
      );
    const edit = async (restrictions: RestrictionItem[]) => {
      const res = await admin.patch(
        `/api/v2/incentives/products/${hidden[3]!.id}`,
        product(`${prefix} trainers`, { restrictions }),
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit([{ rule: 'and', type: 'roles', value: ['trainer', 'learner'] }]);
    expect(await listed()).toEqual([ours.id, shown.id, hidden[3]!.id]);
    await edit([
      { rule: 'and', type: 'roles', value: 'learner' },
      { rule: 'and', type: 'organizations', value: [orgId + 1_000_000] },
    ]);
    expect(await listed()).toEqual([ours.id, shown.id]);
    await edit([]);
    expect(await listed()).toEqual([ours.id, shown.id, hidden[3]!.id]);
  });

  it('filters what the caller can afford, sorts, and says what blocks a purchase', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    await setBalance(await uidOf('learner'), 100);
    const prefix = unique('Sorted');
    const cheap = await createProduct(admin, product(`${prefix} b`, { price: 50 }));
    const dear = await createProduct(admin, product(`${prefix} a`, { price: 500 }));
    const exact = await createProduct(admin, product(`${prefix} c`, { price: 100 }));
    const q = `search=${encodeURIComponent(prefix)}`;
    expect((await shopOf(learner, `${q}&sort=price_asc`)).data.map((p) => p.id)).toEqual([
      cheap.id,
      exact.id,
      dear.id,
    ]);
    expect((await shopOf(learner, `${q}&sort=price_desc`)).data.map((p) => p.id)).toEqual([
      dear.id,
      exact.id,
      cheap.id,
    ]);
    expect((await shopOf(learner, `${q}&sort=title`)).data.map((p) => p.id)).toEqual([
      dear.id,
      cheap.id,
      exact.id,
    ]);
    const newest = await shopOf(learner, q);
    expect(newest.data.map((p) => p.id)).toEqual([exact.id, dear.id, cheap.id]);
    expect(newest.data.map((p) => p.blocked_by)).toEqual([null, 'not_enough_points', null]);
    const affordable = await shopOf(learner, `${q}&affordable=true&sort=price_asc`);
    expect(affordable.data.map((p) => p.id)).toEqual([cheap.id, exact.id]);
    expect(affordable.meta.total).toBe(2);
    const paged = await shopOf(learner, `${q}&sort=price_asc&limit=2&page=1`);
    expect(paged.data.map((p) => p.id)).toEqual([dear.id]);
    expect(paged.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
  });

  // Fastify validates bodies before the access check runs, so the bodies here are valid.
  it('guards every endpoint: 401 for visitors, 403 for learners on admin endpoints', async () => {
    const visitor = agent(server);
    const learner = await signedIn(server, 'learner');
    for (const url of ['/api/v2/incentives/shop', '/api/v2/incentives/shop_info']) {
      expect((await visitor.get(url)).statusCode).toBe(401);
      expect((await learner.get(url)).statusCode).toBe(200);
    }
    expect(
      (await visitor.post('/api/v2/incentives/shop_checkout', { products: [1] })).statusCode,
    ).toBe(401);
    const admin: [string, string, unknown?][] = [
      ['GET', '/api/v2/incentives/products'],
      ['GET', '/api/v2/incentives/products/1'],
      ['POST', '/api/v2/incentives/products', product('Nope')],
      ['PATCH', '/api/v2/incentives/products/1', product('Nope')],
      ['DELETE', '/api/v2/incentives/products/1'],
      ['GET', '/api/v2/settings/incentives/shop'],
      [
        'POST',
        '/api/v2/settings/incentives/shop',
        { title: 'x', intro: '', banner: null, banner_height: 100, expiry_warning_days: 5 },
      ],
      ['GET', '/api/v2/incentives/transactions'],
      ['GET', '/api/v2/incentives/transactions/1'],
      ['POST', '/api/v2/incentives/adjustments', { uid: 1, points: 5, note: 'x' }],
      ['POST', '/api/v2/incentives/orders/1/refund'],
    ];
    for (const [method, url, body] of admin) {
      const call = (a: Agent) =>
        method === 'GET'
          ? a.get(url)
          : method === 'DELETE'
            ? a.delete(url)
            : method === 'PATCH'
              ? a.patch(url, body)
              : a.post(url, body);
      expect((await call(visitor)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner)).statusCode, `${method} ${url}`).toBe(403);
    }
    // With the shop switched off, nobody reaches it.
    const site = await server().app.repos.settings.get('site');
    await server().app.repos.settings.set('site', { ...site, incentives_shop_enabled: false });
    try {
      expect((await learner.get('/api/v2/incentives/shop')).statusCode).toBe(403);
    } finally {
      await server().app.repos.settings.set('site', site);
    }
  });

  it('validates products with field paths and writes nothing when they are bad', async () => {
    const admin = await signedIn(server, 'admin');
    const before = (await admin.get('/api/v2/incentives/products')).json<List<Product>>().meta
      .total;
    const zero = await admin.post(
      '/api/v2/incentives/products',
      product('Free lunch', { price: 0 }),
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json<ApiError>().messages).toContainEqual({
      path: 'price',
      text: 'Must be greater than or equal to 1',
    });
    const nested = await admin.post('/api/v2/incentives/products', {
      ...product(''),
      restrictions: [{ rule: 'or', type: 'roles', value: 'x' }],
    });
    expect(nested.statusCode).toBe(400);
    const paths = nested.json<ApiError>().messages!.map((m) => m.path);
    expect(paths).toContain('title');
    expect(paths).toContain('restrictions[0][rule]');
    const window = await admin.post(
      '/api/v2/incentives/products',
      product('Backwards', {
        available_from: '2030-05-02T00:00:00.000Z',
        available_until: '2030-05-01T00:00:00.000Z',
        image: { url: 'javascript:alert(1)', alt: 'x' },
      }),
    );
    expect(window.statusCode).toBe(400);
    expect(window.json<ApiError>().messages).toEqual([
      { path: 'image[url]', text: 'Use a site path (/…) or an http(s) address' },
      { path: 'available_until', text: 'Must be after the start of availability' },
    ]);
    expect((await admin.get('/api/v2/incentives/products')).json<List<Product>>().meta.total).toBe(
      before,
    );

    // A good product is stored with its description sanitized; a PATCH replaces it whole.
    const created = await createProduct(
      admin,
      product(unique('Poster'), {
        description: '<p onclick="x()">Nice<script>alert(1)</script></p>',
        image: { url: '/images/poster.png', alt: 'A poster' },
        stock: 4,
        per_user_limit: 1,
        available_until: '2099-01-01T00:00:00.000Z',
      }),
    );
    expect(created).toMatchObject({
      description: '<p>Nice</p>',
      image: { url: '/images/poster.png', alt: 'A poster' },
      stock: 4,
      per_user_limit: 1,
      available_from: null,
      available_until: '2099-01-01T00:00:00.000Z',
      published: true,
      sold: 0,
    });
    const bad = await admin.patch(`/api/v2/incentives/products/${created.id}`, {
      ...product('Changed'),
      available_from: '2030-05-02T00:00:00.000Z',
      available_until: '2030-05-02T00:00:00.000Z',
    });
    expect(bad.statusCode).toBe(400);
    expect((await admin.get(`/api/v2/incentives/products/${created.id}`)).json()).toEqual({
      data: created,
    });
    const patched = await admin.patch(`/api/v2/incentives/products/${created.id}`, {
      title: 'Renamed poster',
      price: 25,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Data<Product>>().data).toMatchObject({
      id: created.id,
      title: 'Renamed poster',
      price: 25,
      description: '',
      stock: null,
      per_user_limit: null,
      available_until: null,
      published: false,
      created: created.created,
    });
    expect(
      (await admin.patch('/api/v2/incentives/products/999999', product('Ghost'))).statusCode,
    ).toBe(404);
  });

  it('refunds an order once: points and stock come back', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    await setBalance(uid, 300);
    const item = await createProduct(admin, product(unique('Voucher'), { price: 100, stock: 2 }));
    const res = await checkout(learner, [item.id, item.id], 'refund-me');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<Data<Order>>().data;
    expect(order.balance_after).toBe(100);
    expect(
      (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>().data.sold,
    ).toBe(2);

    const refund = await admin.post(`/api/v2/incentives/orders/${order.id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<Data<Order>>().data).toMatchObject({
      id: order.id,
      status: 'refunded',
      total: 200,
      balance_after: 100,
    });
    expect((await points().wallet(uid)).points).toBe(300);
    expect(
      (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>().data.sold,
    ).toBe(0);

    const twice = await admin.post(`/api/v2/incentives/orders/${order.id}/refund`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>().message).toBe('This order has already been refunded.');
    expect((await points().wallet(uid)).points).toBe(300);
    expect((await admin.post('/api/v2/incentives/orders/999999/refund')).statusCode).toBe(404);
    await expectConsistentLedger(uid, 300);

    // The stock is back on sale; the replayed key still answers the (now refunded) order.
    expect(
      (await shopOf(learner, `search=${encodeURIComponent(item.title)}`)).data[0],
    ).toMatchObject({
      stock_left: 2,
      purchased: 0,
    });
    const replay = await checkout(learner, [item.id], 'refund-me');
    expect(replay.json<Data<Order>>().data).toMatchObject({ id: order.id, status: 'refunded' });
    expect((await points().wallet(uid)).points).toBe(300);
  });

  it('refunds and checkouts of one buyer and product at the same time all go through', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    await setBalance(uid, 1000);
    const item = await createProduct(admin, product(unique('Ticket'), { price: 10, stock: 10 }));
    const orders: Order[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await checkout(learner, [item.id]);
      expect(res.statusCode, res.body).toBe(200);
      orders.push(res.json<Data<Order>>().data);
    }

    // A refund locks the product after the buyer's balance, as a checkout does: no deadlock.
    const answers = await Promise.all([
      ...orders.map((o) => admin.post(`/api/v2/incentives/orders/${o.id}/refund`)),
      ...Array.from({ length: 5 }, () => checkout(learner, [item.id])),
    ]);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const stored = (await admin.get(`/api/v2/incentives/products/${item.id}`)).json<Data<Product>>()
      .data;
    expect(stored.sold).toBe(5);
    await expectConsistentLedger(uid, 950);
  });

  it('deletes products but keeps the orders that bought them', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    await setBalance(await uidOf('learner'), 100);
    const item = await createProduct(admin, product(unique('Pen'), { price: 30 }));
    const order = (await checkout(learner, [item.id])).json<Data<Order>>().data;
    const del = await admin.delete(`/api/v2/incentives/products/${item.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ data: { id: item.id } });
    expect((await admin.get(`/api/v2/incentives/products/${item.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v2/incentives/products/${item.id}`)).statusCode).toBe(404);

    const txs = (
      await admin.get(`/api/v2/incentives/transactions?uid=${order.uid}&kind=redeem&limit=1`)
    ).json<List<Transaction>>();
    expect(txs.data[0]).toMatchObject({ order_id: order.id, delta: -30, source: 'checkout' });
    const details = (await admin.get(`/api/v2/incentives/transactions/${txs.data[0]!.id}`)).json<
      Data<TransactionDetails>
    >().data;
    expect(details.order).toMatchObject({
      id: order.id,
      items: [{ product_id: null, title: item.title, price: 30, quantity: 1 }],
    });
  });

  it('pages the admin product list 25 at a time, newest first', async () => {
    const admin = await signedIn(server, 'admin');
    const prefix = unique('Paged');
    const made: number[] = [];
    for (let i = 0; i < 30; i++)
      made.push(
        (await createProduct(admin, product(`${prefix} ${i}`, { published: i % 2 === 0 }))).id,
      );
    const q = `search=${encodeURIComponent(prefix)}`;
    const first = (await admin.get(`/api/v2/incentives/products?${q}`)).json<List<Product>>();
    expect(first.meta).toEqual({ page: 0, totalPages: 2, total: 30, limit: 25 });
    expect(first.data.map((p) => p.id)).toEqual([...made].reverse().slice(0, 25));
    const second = (await admin.get(`/api/v2/incentives/products?${q}&page=1`)).json<
      List<Product>
    >();
    expect(second.data.map((p) => p.id)).toEqual([...made].reverse().slice(25));
    expect(second.meta.page).toBe(1);
    const drafts = (await admin.get(`/api/v2/incentives/products?${q}&published=false`)).json<
      List<Product>
    >();
    expect(drafts.meta.total).toBe(15);
    expect(drafts.data.every((p) => !p.published)).toBe(true);
  });

  it('lists transactions newest first with filters, and adjusts balances', async () => {
    const admin = await signedIn(server, 'admin');
    const adminUid = await uidOf('admin');
    const trainerUid = await uidOf('trainer');
    await setBalance(trainerUid, 50);

    const give = await admin.post('/api/v2/incentives/adjustments', {
      uid: trainerUid,
      points: 70,
      note: 'Helped at the open day',
    });
    expect(give.statusCode, give.body).toBe(200);
    expect(give.json<Data<Transaction>>().data).toMatchObject({
      uid: trainerUid,
      user_name: 'Tessa Okafor',
      delta: 70,
      kind: 'adjust',
      note: 'Helped at the open day',
      source: `admin:${adminUid}`,
      order_id: null,
      balance_after: 120,
    });
    const take = await admin.post('/api/v2/incentives/adjustments', {
      uid: trainerUid,
      points: -20,
      note: 'Correction',
    });
    expect(take.json<Data<Transaction>>().data).toMatchObject({ delta: -20, balance_after: 100 });
    const short = await admin.post('/api/v2/incentives/adjustments', {
      uid: trainerUid,
      points: -101,
      note: 'Too much',
    });
    expect(short.statusCode).toBe(409);
    expect(short.json<ApiError>().message).toBe('Not enough points.');
    const zero = await admin.post('/api/v2/incentives/adjustments', {
      uid: trainerUid,
      points: 0,
      note: 'Nothing',
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<ApiError>().messages!.map((m) => m.path)).toContain('points');
    const ghost = await admin.post('/api/v2/incentives/adjustments', {
      uid: 999_999,
      points: 5,
      note: 'Nobody',
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json<ApiError>().messages).toEqual([{ path: 'uid', text: 'Unknown user' }]);
    await expectConsistentLedger(trainerUid, 100);

    const mine = (
      await admin.get(`/api/v2/incentives/transactions?uid=${trainerUid}&kind=adjust`)
    ).json<List<Transaction>>();
    expect(mine.data.slice(0, 2).map((t) => t.delta)).toEqual([-20, 70]);
    expect(mine.data.every((t) => t.uid === trainerUid && t.kind === 'adjust')).toBe(true);
    const all = (await admin.get('/api/v2/incentives/transactions')).json<List<Transaction>>();
    expect(all.meta.limit).toBe(25);
    expect(all.data).toHaveLength(25);
    const created = all.data.map((t) => Date.parse(t.created));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    const fromToday = (
      await admin.get(`/api/v2/incentives/transactions?uid=${trainerUid}&from=${today}&to=${today}`)
    ).json<List<Transaction>>();
    expect(fromToday.data.map((t) => t.delta).slice(0, 2)).toEqual([-20, 70]);
    const before = (
      await admin.get(`/api/v2/incentives/transactions?uid=${trainerUid}&to=${yesterday}`)
    ).json<List<Transaction>>();
    // Only the movements of the days before: none of today's.
    const earlier = await server().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM points_ledger WHERE uid = $1 AND created_at < $2::date',
      [trainerUid, today],
    );
    expect(before.meta.total).toBe(earlier.rows[0]!.n);
    expect(before.data.every((t) => t.created.slice(0, 10) <= yesterday)).toBe(true);
    expect(before.data.map((t) => t.id)).not.toContain(mine.data[0]!.id);
    const backwards = await admin.get(
      `/api/v2/incentives/transactions?from=${today}&to=${yesterday}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect((await admin.get('/api/v2/incentives/transactions?kind=gift')).statusCode).toBe(400);
    const details = (await admin.get(`/api/v2/incentives/transactions/${mine.data[0]!.id}`)).json<
      Data<TransactionDetails>
    >().data;
    expect(details).toEqual({ transaction: mine.data[0], order: null });
    expect((await admin.get('/api/v2/incentives/transactions/99999999')).statusCode).toBe(404);
  });

  it('saves shop settings and shows them with the points expiring soon', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const settings: ShopSettings = {
      title: 'Rewards',
      intro: 'Spend wisely.',
      banner: { url: '/images/banner.jpg', alt: 'Prizes on a table' },
      banner_height: 240,
      expiry_warning_days: 10,
    };
    // The texts in other languages stay as they were when none are sent.
    const { translations } = (await admin.get('/api/v2/settings/incentives/shop')).json().data;
    const saved = await admin.post('/api/v2/settings/incentives/shop', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: { ...settings, translations } });
    expect((await admin.get('/api/v2/settings/incentives/shop')).json()).toEqual({
      data: { ...settings, translations },
    });
    const bad = await admin.post('/api/v2/settings/incentives/shop', {
      ...settings,
      banner_height: 10,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().messages!.map((m) => m.path)).toEqual(['banner_height']);

    await setBalance(uid, 100);
    const soon = new Date(Date.now() + 5 * DAY);
    await points().credit({ uid, points: 40, kind: 'award', expiresAt: soon });
    await points().credit({
      uid,
      points: 60,
      kind: 'award',
      expiresAt: new Date(Date.now() + 20 * DAY),
    });
    const info = (await learner.get('/api/v2/incentives/shop_info')).json<Data<ShopInfo>>().data;
    expect(info).toEqual({
      title: 'Rewards',
      intro: 'Spend wisely.',
      banner: settings.banner,
      banner_height: 240,
      points: 200,
      expiring_soon: { points: 40, date: soon.toISOString() },
    });
  });

  it('shows the banner’s description in the reader’s language', async () => {
    const admin = await signedIn(server, 'admin');
    const arabic = await signedIn(server, 'layla');
    const english = await signedIn(server, 'learner');
    const before = (await admin.get('/api/v2/settings/incentives/shop')).json().data;
    const banner = { url: '/images/banner.jpg', alt: 'Prizes on a table' };
    const saved = await admin.post('/api/v2/settings/incentives/shop', {
      ...before,
      banner,
      translations: { ar: { 'banner.alt': 'جوائز على طاولة' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bannerOf = async (reader: Agent) =>
      (await reader.get('/api/v2/incentives/shop_info')).json<Data<ShopInfo>>().data.banner;
    expect(await bannerOf(arabic)).toEqual({ url: banner.url, alt: 'جوائز على طاولة' });
    expect(await bannerOf(english)).toEqual(banner);

    // Without a banner there is nothing to describe, in any language.
    const none = await admin.post('/api/v2/settings/incentives/shop', { ...before, banner: null });
    expect(none.statusCode, none.body).toBe(200);
    expect(await bannerOf(arabic)).toBeNull();
    const restored = await admin.post('/api/v2/settings/incentives/shop', before);
    expect(restored.statusCode, restored.body).toBe(200);
  });
});
