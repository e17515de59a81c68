import {
  productBuiltInFields,
  productInputSchema,
  shopProductSchema,
  type Order,
  type Product,
  type ProductInput,
  type ProductListQuery,
  type ShopProduct,
  type ShopQuery,
  type Transaction,
  type TransactionQuery,
  type shopBlockers,
} from '@schemas/entities/incentives.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import type { OrderExportQuery } from '@schemas/exports/exports';
import type { RestrictionItem } from '@schemas/entities/storefront.schema';
import { HttpError } from '@engine/server';
import { PG_FOREIGN_KEY_VIOLATION, sqlState, type Db } from '../db/db';
import { inTurn, userTurn } from '../lib/in-turn';
import { sanitizeAdminHtml } from '../lib/sanitize';
import { attributeFields, type Attributes } from './entity-attributes';
import { audienceValues, matchesRestrictions, type Audience } from '../lib/storefront-audience';
import {
  NOT_ENOUGH_POINTS,
  NOT_ENOUGH_POINTS_STATE,
  pointsRepository,
  type PointsKind,
} from './points';
import {
  newestFirst,
  seekAll,
  seekPage,
  utcDays,
  type PageAsk,
  type SeekList,
} from './seek-paging';
import { SqlParams } from './sql-params';

/** Why the caller cannot buy a product now. */
export type ShopBlocker = (typeof shopBlockers)[number];

interface ProductRow {
  id: number;
  title: string;
  description: string;
  image_url: string;
  image_alt: string;
  price: number;
  stock: number | null;
  per_user_limit: number | null;
  available_from: Date | string | null;
  available_until: Date | string | null;
  published: boolean;
  restrictions: RestrictionItem[];
  attributes: Attributes;
  sold: number;
  created_at: Date | string;
  updated_at: Date | string;
}

interface OrderRow {
  id: number;
  uid: number;
  total: number;
  status: 'completed' | 'refunded';
  created_at: Date | string;
}

interface LedgerRow {
  id: number | string;
  uid: number;
  user_name: string;
  delta: number;
  kind: PointsKind;
  note: string;
  source: string;
  order_id: number | null;
  balance_after: number;
  reason: string | null;
  created_at: Date | string;
}

/** Who buys: their uid, the restriction audience they belong to, and when. */
export interface Shopper {
  uid: number;
  audience: Audience;
  now: Date;
}

/** A checkout: the product ids (a repeat buys one more) and the client's idempotency key. */
export interface CheckoutRequest extends Shopper {
  products: readonly number[];
  idempotencyKey?: string | undefined;
}

/** Shop query with its defaults applied. */
export type ShopListQuery = ShopQuery & Required<Pick<ShopQuery, 'page' | 'limit' | 'sort'>>;

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : iso(value);
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Units sold: the sum of the product's stock slots (migration 0010). */
const SOLD = `(SELECT coalesce(sum(s.sold), 0)::int FROM incentive_product_stock s
  WHERE s.product_id = incentive_products.id) AS sold`;

const PRODUCT_COLUMNS = `id, title, description, image_url, image_alt, price, stock, per_user_limit,
  available_from, available_until, published, restrictions, attributes, ${SOLD}, created_at,
  updated_at`;

/**
 * The fields of `productInputSchema` that `incentive_products` has no column for, stored in its
 * `attributes` (migration 0015): a field declared in the schema needs no change here.
 */
const productAttributes = attributeFields(productInputSchema, productBuiltInFields);

const LEDGER_COLUMNS = `l.id, l.uid, l.delta, l.kind, l.note, l.source, l.order_id, l.balance_after,
    l.reason, l.created_at, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.name) AS user_name`;
const LEDGER_FROM = 'FROM points_ledger l JOIN users u ON u.uid = l.uid';
const LEDGER_SELECT = `SELECT ${LEDGER_COLUMNS} ${LEDGER_FROM}`;

function toProduct(row: ProductRow): Product {
  return {
    ...(productAttributes.merge(row.attributes) as Partial<Product>),
    id: row.id,
    title: row.title,
    description: row.description,
    image: { url: row.image_url, alt: row.image_alt },
    price: row.price,
    stock: row.stock,
    per_user_limit: row.per_user_limit,
    available_from: isoOrNull(row.available_from),
    available_until: isoOrNull(row.available_until),
    published: row.published,
    restrictions: row.restrictions,
    sold: row.sold,
    created: iso(row.created_at),
    updated: iso(row.updated_at),
  };
}

/** An order as an export lists it: who bought what, when, and whether it was refunded. */
export interface OrderLine {
  id: number;
  created: string;
  uid: number;
  user_name: string;
  items: string;
  quantity: number;
  total: number;
  status: string;
}

interface OrderLineRow {
  id: number;
  created_at: Date | string;
  uid: number;
  user_name: string;
  items: string | null;
  quantity: number | null;
  total: number;
  status: string;
}

/** Orders as a list newest first; each filter is served by an index on it and the order. */
function orderList(query: OrderExportQuery): SeekList {
  const params = new SqlParams();
  const where: string[] = [];
  if (query.uid !== undefined) where.push(`o.uid = ${params.add(query.uid)}`);
  if (query.status !== undefined) where.push(`o.status = ${params.add(query.status)}`);
  where.push(...utcDays('o', query, params));
  return {
    columns: `o.id, o.created_at, o.uid, o.total, o.status,
      coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.name) AS user_name,
      i.items, i.quantity`,
    from: `FROM incentive_orders o JOIN users u ON u.uid = o.uid
      LEFT JOIN LATERAL (
        SELECT string_agg(CASE WHEN quantity > 1 THEN title || ' × ' || quantity ELSE title END,
                          '; ' ORDER BY title) AS items,
               sum(quantity)::int AS quantity
          FROM incentive_order_items WHERE order_id = o.id) i ON true`,
    countFrom: 'FROM incentive_orders o',
    where,
    params,
    order: newestFirst('o'),
    direction: 'desc',
    countInOrder: where.length > 0,
  };
}

/**
 * Points movements as a list newest first: each filter is served by an index on it and the order
 * (`points_ledger_*_seek_idx`).
 */
function transactionList(query: TransactionQuery): SeekList {
  const params = new SqlParams();
  const where: string[] = [];
  if (query.uid !== undefined) where.push(`l.uid = ${params.add(query.uid)}`);
  if (query.kind !== undefined) where.push(`l.kind = ${params.add(query.kind)}`);
  where.push(...utcDays('l', query, params));
  return {
    columns: LEDGER_COLUMNS,
    from: LEDGER_FROM,
    countFrom: 'FROM points_ledger l',
    where,
    params,
    order: newestFirst('l'),
    direction: 'desc',
    // A filter is a condition of an index on the order: counting along it stops at the limit.
    countInOrder: where.length > 0,
  };
}

function toTransaction(row: LedgerRow): Transaction {
  return {
    id: Number(row.id),
    uid: row.uid,
    user_name: row.user_name,
    delta: row.delta,
    kind: row.kind,
    note: row.note,
    source: row.source,
    order_id: row.order_id,
    balance_after: row.balance_after,
    reason: row.reason,
    created: iso(row.created_at),
  };
}

/** The product's columns from what an administrator entered (description sanitized). */
function productValues(input: ProductInput): unknown[] {
  return [
    input.title,
    sanitizeAdminHtml(input.description ?? ''),
    input.image?.url ?? '',
    input.image?.alt ?? '',
    input.price,
    input.stock ?? null,
    input.per_user_limit ?? null,
    input.available_from ?? null,
    input.available_until ?? null,
    input.published ?? false,
    JSON.stringify(input.restrictions ?? []),
    JSON.stringify(productAttributes.split(input)),
  ];
}

/** Whether the product is in its availability window at `now`. */
function inWindow(row: Pick<ProductRow, 'available_from' | 'available_until'>, now: Date): boolean {
  const t = now.getTime();
  if (row.available_from !== null && new Date(row.available_from).getTime() > t) return false;
  if (row.available_until !== null && new Date(row.available_until).getTime() <= t) return false;
  return true;
}

/** Whether the shopper may see the product in the shop at all. */
function visibleTo(
  row: Pick<ProductRow, 'published' | 'available_from' | 'available_until' | 'restrictions'>,
  shopper: Shopper,
): boolean {
  return (
    row.published &&
    inWindow(row, shopper.now) &&
    matchesRestrictions(row.restrictions, shopper.audience)
  );
}

/** SQLSTATE of `atrium_checkout` and `atrium_take_stock_on` when a product has too few units left. */
const STOCK_SHORT = 'AT001';
/** SQLSTATEs of `atrium_checkout` (migrations 0009 and 0011): see there. */
const REFUSED = 'AT002';
const LIMIT_REACHED = 'AT003';

const stockLeft = (row: Pick<ProductRow, 'stock' | 'sold'>): number | null =>
  row.stock === null ? null : Math.max(0, row.stock - row.sold);

const PRODUCT_GONE = 'A product in your order no longer exists.';

/** The 409 for a product with fewer than the wanted units left. */
const stockError = (title: string, left: number): HttpError =>
  new HttpError(409, left === 0 ? `"${title}" is sold out.` : `Only ${left} of "${title}" left.`);

/**
 * What a checkout reads of a product (not the description, which may be long, nor the units
 * sold, which the database checks), with the version of its row (migration 0011).
 */
type CheckoutProduct = Pick<
  ProductRow,
  | 'id'
  | 'title'
  | 'price'
  | 'per_user_limit'
  | 'available_from'
  | 'available_until'
  | 'published'
  | 'restrictions'
  | 'attributes'
> & { version: number };
const CHECKOUT_PRODUCT_COLUMNS = `id, title, price, per_user_limit, available_from, available_until,
  published, restrictions, attributes, version`;

/** SQLSTATE of `atrium_checkout` (migration 0011) when a product changed since it was read. */
const PRODUCT_CHANGED = 'AT005';

/** Products a server keeps for checkouts at most: they are few, this only bounds the memory. */
const KEPT_PRODUCTS_MAX = 1000;

/** What `atrium_checkout` answers. */
interface CheckoutRow {
  out_order: number;
  out_replayed: boolean;
  out_created: Date | string;
  out_balance: number | null;
}

/**
 * Why the shopper cannot buy `quantity` units of the product as read in one order, if they
 * cannot (the database checks the stock, the per-person limit and the points).
 */
function refusalOf(
  product: CheckoutProduct | undefined,
  shopper: Shopper,
  quantity: number,
): HttpError | undefined {
  if (!product) return new HttpError(409, PRODUCT_GONE);
  if (!visibleTo(product, shopper))
    return new HttpError(409, `"${product.title}" is not available.`);
  const { max_per_order: most } = productAttributes.merge(product.attributes) as ProductInput;
  if (typeof most === 'number' && quantity > most) {
    const text = `You can buy at most ${most} of "${product.title}" in one order.`;
    return new HttpError(400, text, [{ path: 'products', text }]);
  }
  return undefined;
}

/** What keeps the shopper from buying one more unit, or null. */
function blockerOf(
  row: ProductRow,
  purchased: number,
  balance: number,
  now: Date,
): ShopBlocker | null {
  if (!row.published || !inWindow(row, now)) return 'unavailable';
  const left = stockLeft(row);
  if (left !== null && left < 1) return 'sold_out';
  if (row.per_user_limit !== null && purchased >= row.per_user_limit) return 'limit_reached';
  if (row.price > balance) return 'not_enough_points';
  return null;
}

function toShopProduct(
  row: ProductRow,
  purchased: number,
  balance: number,
  now: Date,
): ShopProduct {
  return {
    ...(productAttributes.merge(row.attributes, shopProductSchema) as Partial<ShopProduct>),
    id: row.id,
    title: row.title,
    description: sanitizeAdminHtml(row.description),
    image: { url: row.image_url, alt: row.image_alt },
    price: row.price,
    stock_left: stockLeft(row),
    per_user_limit: row.per_user_limit,
    purchased,
    available_until: isoOrNull(row.available_until),
    blocked_by: blockerOf(row, purchased, balance, now),
  };
}

/**
 * Reward products, the shop, orders and checkout, and the transactions list.
 *
 * Checkout and refund run in one transaction each and lock in one order, so that they never
 * deadlock: the order (a checkout inserts its new order first, which holds its idempotency
 * key), the buyer's balance, then the products' stock slots by product id and slot. Nothing is
 * written when any check fails.
 */
export function shopRepository(db: Db) {
  /** Units of each product the user bought and did not get refunded. */
  async function purchasedBy(
    q: Db,
    uid: number,
    productIds: readonly number[],
  ): Promise<Map<number, number>> {
    if (productIds.length === 0) return new Map();
    const { rows } = await q.query<{ product_id: number; n: number }>(
      `SELECT i.product_id, sum(i.quantity)::int AS n FROM incentive_order_items i
         JOIN incentive_orders o ON o.id = i.order_id
        WHERE o.uid = $1 AND o.status = 'completed' AND i.product_id = ANY($2::int[])
        GROUP BY i.product_id`,
      [uid, [...productIds]],
    );
    return new Map(rows.map((r) => [r.product_id, r.n]));
  }

  async function balanceOf(q: Db, uid: number): Promise<number> {
    const { rows } = await q.query<{ points: number }>(
      'SELECT points FROM point_balances WHERE uid = $1',
      [uid],
    );
    return rows[0]?.points ?? 0;
  }

  async function orderOn(q: Db, id: number): Promise<Order | undefined> {
    const { rows } = await q.query<OrderRow>(
      'SELECT id, uid, total, status, created_at FROM incentive_orders WHERE id = $1',
      [id],
    );
    const order = rows[0];
    if (!order) return undefined;
    const items = await q.query<{
      product_id: number | null;
      title: string;
      price: number;
      quantity: number;
    }>(
      `SELECT product_id, title, price, quantity FROM incentive_order_items
        WHERE order_id = $1 ORDER BY product_id NULLS LAST, title`,
      [id],
    );
    // The purchase's own ledger row holds the balance right after the checkout.
    const charge = await q.query<{ balance_after: number }>(
      `SELECT balance_after FROM points_ledger WHERE order_id = $1 AND kind = 'redeem'
        ORDER BY id LIMIT 1`,
      [id],
    );
    return {
      id: order.id,
      uid: order.uid,
      total: order.total,
      status: order.status,
      items: items.rows,
      created: iso(order.created_at),
      balance_after: charge.rows[0]?.balance_after ?? 0,
    };
  }

  /**
   * The products checkouts bought, as read, by id. A checkout sends their versions, and the
   * database refuses it when one has changed since: a kept product is never sold stale.
   */
  const keptProducts = new Map<number, CheckoutProduct>();

  /** Reads the products for a checkout and keeps them. */
  async function readForCheckout(ids: readonly number[]): Promise<Map<number, CheckoutProduct>> {
    // These statements run on checkouts: prepared once per connection. One product (the usual
    // case) has a statement of its own, whose one plan fits every run; a plan for any number of
    // products would be made again each time.
    const { rows } =
      ids.length === 1
        ? await db.query<CheckoutProduct>(
            `SELECT ${CHECKOUT_PRODUCT_COLUMNS} FROM incentive_products WHERE id = $1::int`,
            ids,
            { prepare: 'atrium_checkout_product' },
          )
        : await db.query<CheckoutProduct>(
            `SELECT ${CHECKOUT_PRODUCT_COLUMNS} FROM incentive_products WHERE id = ANY($1::int[])`,
            [ids],
            { prepare: 'atrium_checkout_products' },
          );
    if (keptProducts.size + rows.length > KEPT_PRODUCTS_MAX) keptProducts.clear();
    for (const row of rows) keptProducts.set(row.id, row);
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Checks out once the buyer's earlier checkouts in this process are done (see `checkout`). */
  async function checkoutNow(
    request: CheckoutRequest,
  ): Promise<{ order: Order; replayed: boolean }> {
    const quantities = new Map<number, number>();
    for (const id of request.products) quantities.set(id, (quantities.get(id) ?? 0) + 1);
    const ids = [...quantities.keys()].sort((a, b) => a - b);

    const known = ids.map((id) => keptProducts.get(id));
    if (known.every((p) => p !== undefined)) {
      try {
        return await buy(request, quantities, new Map(known.map((p) => [p.id, p])), true);
      } catch (error) {
        if (sqlState(error) !== PRODUCT_CHANGED) throw error;
        for (const id of ids) keptProducts.delete(id);
      }
    }
    return buy(request, quantities, await readForCheckout(ids), false);
  }

  /**
   * The checkout of `ids` with the products as read; with `checkVersions`, the database first
   * makes sure that they are still as read (or fails with PRODUCT_CHANGED).
   */
  async function buy(
    request: CheckoutRequest,
    quantities: ReadonlyMap<number, number>,
    byId: ReadonlyMap<number, CheckoutProduct>,
    checkVersions: boolean,
  ): Promise<{ order: Order; replayed: boolean }> {
    const { uid } = request;
    const ids = [...quantities.keys()].sort((a, b) => a - b);
    let total = 0;
    // The first refusal in id order; the database reports it among its own checks, unless the
    // idempotency key is a repeat.
    let refusal: { position: number; error: HttpError } | undefined;
    const items: Order['items'] = [];
    for (const [index, id] of ids.entries()) {
      const product = byId.get(id);
      const quantity = quantities.get(id)!;
      const error = refusal ? undefined : refusalOf(product, request, quantity);
      if (error) refusal = { position: index + 1, error };
      total += (product?.price ?? 0) * quantity;
      items.push({
        product_id: id,
        title: product?.title ?? '',
        price: product?.price ?? 0,
        quantity,
      });
    }

    let result: CheckoutRow;
    try {
      const { rows } = await db.query<CheckoutRow>(
        `SELECT out_order, out_replayed, out_created, out_balance FROM atrium_checkout(
           $1::int, $2::text, $3::int, $4::int[], $5::int[], $6::text[], $7::int[], $8::int[],
           $9::int[], $10::int, $11::text)`,
        [
          uid,
          request.idempotencyKey ?? null,
          total,
          ids,
          items.map((i) => i.quantity),
          items.map((i) => i.title),
          items.map((i) => i.price),
          ids.map((id) => byId.get(id)?.per_user_limit ?? null),
          checkVersions ? ids.map((id) => byId.get(id)!.version) : null,
          refusal?.position ?? null,
          items
            .map((i) => i.title)
            .join(', ')
            .slice(0, 500),
        ],
        { prepare: 'atrium_checkout' },
      );
      result = rows[0]!;
    } catch (error) {
      const code = sqlState(error);
      const detail = (error as { detail?: string }).detail;
      if (code === REFUSED && refusal) throw refusal.error;
      if (code === LIMIT_REACHED)
        throw new HttpError(
          409,
          `You have reached the limit for "${byId.get(Number(detail))?.title ?? ''}".`,
        );
      if (code === NOT_ENOUGH_POINTS_STATE) throw new HttpError(409, NOT_ENOUGH_POINTS);
      if (code === PG_FOREIGN_KEY_VIOLATION) throw new HttpError(409, PRODUCT_GONE);
      if (code !== STOCK_SHORT) throw error;
      // Too few units left: say how many there are now.
      const id = Number(detail);
      const { rows } = await db.query<Pick<ProductRow, 'stock' | 'sold' | 'title'>>(
        `SELECT stock, ${SOLD}, title FROM incentive_products WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) throw new HttpError(409, PRODUCT_GONE);
      throw stockError(row.title, Math.min(stockLeft(row) ?? 0, quantities.get(id)! - 1));
    }

    if (result.out_replayed)
      return { order: (await orderOn(db, result.out_order))!, replayed: true };
    // The order as orderOn() would read it back: items by product id, one per product.
    const order: Order = {
      id: result.out_order,
      uid,
      total,
      status: 'completed',
      items,
      created: iso(result.out_created),
      balance_after: result.out_balance!,
    };
    return { order, replayed: false };
  }

  const repo = {
    /* ---------------------------------------------------------------- products (admin) */

    async list(
      query: ProductListQuery & { page: number; limit: number },
    ): Promise<{ rows: Product[]; total: number }> {
      const params = new SqlParams();
      const where: string[] = [];
      if (query.search) where.push(`title ILIKE ${params.add(likePattern(query.search))}`);
      if (query.published !== undefined) where.push(`published = ${params.add(query.published)}`);
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM incentive_products ${filter}`,
        params.values,
      );
      const { rows } = await db.query<ProductRow>(
        `SELECT ${PRODUCT_COLUMNS} FROM incentive_products ${filter}
          ORDER BY created_at DESC, id DESC
          LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.page * query.limit)}`,
        params.values,
      );
      return { rows: rows.map(toProduct), total: total.rows[0]?.n ?? 0 };
    },

    async get(id: number): Promise<Product | undefined> {
      const { rows } = await db.query<ProductRow>(
        `SELECT ${PRODUCT_COLUMNS} FROM incentive_products WHERE id = $1`,
        [id],
      );
      return rows[0] && toProduct(rows[0]);
    },

    /** Creates a product, now or (the demo seed's shop) at an earlier moment `created`. */
    async create(input: ProductInput, created?: Date): Promise<Product> {
      const { rows } = await db.query<ProductRow>(
        `INSERT INTO incentive_products (title, description, image_url, image_alt, price, stock,
           per_user_limit, available_from, available_until, published, restrictions, attributes,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb,
           coalesce($13::timestamptz, now()), coalesce($13::timestamptz, now()))
         RETURNING ${PRODUCT_COLUMNS}`,
        [...productValues(input), created?.toISOString() ?? null],
      );
      return toProduct(rows[0]!);
    },

    /** Replaces every field an administrator edits; `sold` and `created` stay. */
    async update(id: number, input: ProductInput): Promise<Product | undefined> {
      const { rows } = await db.query<ProductRow>(
        `UPDATE incentive_products SET title = $2, description = $3, image_url = $4,
           image_alt = $5, price = $6, stock = $7, per_user_limit = $8, available_from = $9,
           available_until = $10, published = $11, restrictions = $12::jsonb,
           attributes = $13::jsonb, updated_at = now()
         WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`,
        [id, ...productValues(input)],
      );
      return rows[0] && toProduct(rows[0]);
    },

    /** Deletes a product; order items that bought it keep their title and price. */
    async remove(id: number): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM incentive_products WHERE id = $1 RETURNING id', [
        id,
      ]);
      return rows.length > 0;
    },

    /* ---------------------------------------------------------------- shop (learner) */

    /**
     * The shopper's shop: published products in their window whose restrictions the shopper
     * matches (their restrictions kept as rows, migration 0039), filtered, ordered and paged by the
     * database, with what blocks them. Each product shown is checked once more here against
     * the same rules, so that a product is never shown to someone it is kept from.
     */
    async shop(
      shopper: Shopper,
      query: ShopListQuery,
    ): Promise<{ rows: ShopProduct[]; total: number }> {
      const params = new SqlParams();
      const uid = params.add(shopper.uid, '::int');
      const now = params.add(shopper.now.toISOString(), '::timestamptz');
      const where = [
        'published',
        `(available_from IS NULL OR available_from <= ${now})`,
        `(available_until IS NULL OR available_until > ${now})`,
        // Kept from the audience: an item of its restrictions that lets in none of its values
        // (migration 0039). Most products restrict nothing and have no such rows.
        `id NOT IN (SELECT r.product_id FROM incentive_product_restrictions r
                     WHERE NOT r.wanted && ${params.add(audienceValues(shopper.audience), '::text[]')})`,
      ];
      if (query.search) where.push(`title ILIKE ${params.add(likePattern(query.search))}`);
      if (query.affordable) where.push('price <= me.balance');
      const order = {
        newest: 'created_at DESC, id DESC',
        price_asc: 'price, id',
        price_desc: 'price DESC, id',
        title: 'lower(title), id',
      }[query.sort];
      // The balance, the count, the page and what the shopper bought of it in one statement;
      // the products are matched once, for the count and the page.
      // Without a page (nothing matches), the one row has only the balance and the count.
      const { rows } = await db.query<
        ProductRow & { balance: number; total: number; bought: number; ord: number | null }
      >(
        `WITH me AS (
           SELECT coalesce((SELECT points FROM point_balances WHERE uid = ${uid}), 0) AS balance
         ), shown AS MATERIALIZED (
           SELECT id, created_at, price, title FROM incentive_products, me
            WHERE ${where.join(' AND ')}
         ), page AS (
           SELECT id AS pid, row_number() OVER (ORDER BY ${order}) AS ord FROM shown
            ORDER BY ${order}
            LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.page * query.limit)}
         ), items AS (
           SELECT ${PRODUCT_COLUMNS}, page.ord
             FROM page JOIN incentive_products ON incentive_products.id = page.pid
         ), bought AS (
           -- From the shopper's orders (few), not from the products' sales (many).
           SELECT i.product_id, sum(i.quantity)::int AS n FROM incentive_orders o
             JOIN incentive_order_items i ON i.order_id = o.id
            WHERE o.uid = ${uid} AND o.status = 'completed'
              AND i.product_id IN (SELECT pid FROM page)
            GROUP BY i.product_id
         )
         SELECT me.balance, (SELECT count(*)::int FROM shown) AS total, items.*,
                coalesce(bought.n, 0) AS bought
           FROM me LEFT JOIN items ON true LEFT JOIN bought ON bought.product_id = items.id
          ORDER BY items.ord`,
        params.values,
      );
      const balance = rows[0]?.balance ?? 0;
      const shown = rows.filter((r) => r.ord !== null && visibleTo(r, shopper));
      return {
        total: rows[0]?.total ?? 0,
        rows: shown.map((r) => toShopProduct(r, r.bought, balance, shopper.now)),
      };
    },

    /** One product of the shopper's shop, or undefined when they may not see it. */
    async shopProduct(shopper: Shopper, id: number): Promise<ShopProduct | undefined> {
      const { rows } = await db.query<ProductRow>(
        `SELECT ${PRODUCT_COLUMNS} FROM incentive_products WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row || !visibleTo(row, shopper)) return undefined;
      const bought = await purchasedBy(db, shopper.uid, [id]);
      return toShopProduct(row, bought.get(id) ?? 0, await balanceOf(db, shopper.uid), shopper.now);
    },

    /* ---------------------------------------------------------------- orders */

    order: (id: number) => orderOn(db, id),

    /**
     * Buys the products in one transaction, or answers 409 and writes nothing. With an
     * idempotency key, a repeat of the same user's key returns the first order unchanged:
     * inserting the order first makes a concurrent repeat wait for the first to finish.
     *
     * The products are judged here (visibility, the audience's restrictions) as read, and
     * `atrium_checkout` (migrations 0009 and 0011) writes the order, its items, the debit and the
     * stock as one statement, its own transaction, checking the stock, the per-person limits and
     * the points. It locks the buyer's balance before counting past purchases for per-person
     * limits, so that one buyer's checkouts queue up and each counts the ones before it, and
     * takes the stock last (`atrium_take_stock_on`), refusing to sell more than is left at that
     * moment; the sale is counted in a stock slot of the product (migration 0010), so buyers of
     * one product do not wait for each other.
     *
     * Products are kept as read by earlier checkouts, so that a checkout usually takes one round
     * trip: it sends their versions, and when one has changed since, the database refuses and
     * the products are read again. The buyer pays the price read, the one they confirmed. An edit
     * of the product that commits during the checkout's few milliseconds counts as made after the
     * sale: a product repriced or unpublished in that instant may still sell once as it was read.
     * Only the stock is checked again when it changes, because an oversold product cannot be
     * delivered.
     */
    async checkout(request: CheckoutRequest): Promise<{ order: Order; replayed: boolean }> {
      // One buyer's checkouts queue up on their balance: let them wait here, not on a connection.
      return inTurn([userTurn(request.uid)], () => checkoutNow(request));
    },

    /**
     * Writes a purchase made in the past (the demo seed's history) as a checkout at `shopper.now`
     * would have: the products judged as the shopper saw them then (published, in their window,
     * for their audience, at most as many in one order as a product allows), the per-person
     * limits and the stock checked, the order and its items at the products' titles and prices,
     * and the units taken from the stock. A refunded purchase is written refunded, its units
     * back in stock: counted in no week's redemptions, as a refund leaves it. The points move
     * with the ledger's history (`points.writeHistory`, the purchase with the note and source
     * answered here, as a checkout gives them). Throws, writing nothing, when the purchase could
     * not have been made then.
     */
    async recordPastOrder(
      shopper: Shopper,
      products: readonly number[],
      status: 'completed' | 'refunded' = 'completed',
    ): Promise<{ id: number; total: number; note: string; source: string }> {
      const quantities = new Map<number, number>();
      for (const id of products) quantities.set(id, (quantities.get(id) ?? 0) + 1);
      const ids = [...quantities.keys()].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<CheckoutProduct>(
          `SELECT ${CHECKOUT_PRODUCT_COLUMNS} FROM incentive_products WHERE id = ANY($1::int[])`,
          [ids],
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        const bought = await purchasedBy(tx, shopper.uid, ids);
        const items = ids.map((id) => {
          const product = byId.get(id);
          const quantity = quantities.get(id)!;
          const refusal = refusalOf(product, shopper, quantity);
          if (refusal) throw refusal;
          const { title, price, per_user_limit: limit } = product!;
          if (status === 'completed' && limit !== null && (bought.get(id) ?? 0) + quantity > limit)
            throw new HttpError(409, `You have reached the limit for "${title}".`);
          return { id, title, price, quantity };
        });
        const total = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
        const { rows: made } = await tx.query<{ id: number }>(
          `INSERT INTO incentive_orders (uid, total, status, created_at) VALUES ($1, $2, $3, $4)
           RETURNING id`,
          [shopper.uid, total, status, shopper.now.toISOString()],
        );
        const id = made[0]!.id;
        await tx.query(
          `INSERT INTO incentive_order_items (order_id, product_id, title, price, quantity)
           SELECT $1, u.id, u.title, u.price, u.quantity
             FROM unnest($2::int[], $3::text[], $4::int[], $5::int[])
                    AS u (id, title, price, quantity)`,
          [
            id,
            ids,
            items.map((i) => i.title),
            items.map((i) => i.price),
            items.map((i) => i.quantity),
          ],
        );
        // Fails (AT001) when fewer units are left than bought.
        if (status === 'completed')
          await tx.query('SELECT atrium_take_stock_on(0, $1::int[], $2::int[])', [
            ids,
            items.map((i) => i.quantity),
          ]);
        // The note and source `buy` gives a checkout's movement.
        const note = items
          .map((i) => i.title)
          .join(', ')
          .slice(0, 500);
        return { id, total, note, source: 'checkout' };
      });
    },

    /** Gives an order's points and stock back, once; 404 unknown, 409 when already refunded. */
    async refund(orderId: number, byUid: number): Promise<Order> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<OrderRow>(
          'SELECT id, uid, total, status, created_at FROM incentive_orders WHERE id = $1 FOR UPDATE',
          [orderId],
        );
        const order = rows[0];
        if (!order) throw new HttpError(404, 'Not found');
        if (order.status === 'refunded')
          throw new HttpError(409, 'This order has already been refunded.');
        // The buyer's balance before the products' stock, in the order a checkout takes them: a
        // checkout of the same buyer holds the balance while it waits for a stock slot.
        const points = pointsRepository(tx);
        await points.lock(order.uid);
        await tx.query(`UPDATE incentive_orders SET status = 'refunded' WHERE id = $1`, [orderId]);
        const { rows: items } = await tx.query<{ product_id: number; quantity: number }>(
          `SELECT product_id, sum(quantity)::int AS quantity FROM incentive_order_items
            WHERE order_id = $1 AND product_id IS NOT NULL GROUP BY product_id ORDER BY product_id`,
          [orderId],
        );
        for (const item of items)
          await tx.query('SELECT atrium_return_stock($1::int, $2::int)', [
            item.product_id,
            item.quantity,
          ]);
        if (order.total > 0)
          await points.credit({
            uid: order.uid,
            points: order.total,
            kind: 'refund',
            source: `admin:${byUid}`,
            orderId,
            note: `Refund of order ${orderId}`,
          });
        return (await orderOn(tx, orderId))!;
      });
    },

    /* ---------------------------------------------------------------- transactions */

    /**
     * Points movements, newest first, a page at a time by cursor (see {@link seekPage}): each
     * filter is served by an index on it and the order (`points_ledger_*_seek_idx`).
     */
    async transactions(
      query: TransactionQuery & PageAsk,
    ): Promise<{ rows: Transaction[]; meta: ListMeta }> {
      const { rows, meta } = await seekPage<LedgerRow>(db, transactionList(query), query);
      return { rows: rows.map(toTransaction), meta };
    },

    /** Every order the filters match, newest first, a batch at a time (an export). */
    async *allOrders(query: OrderExportQuery): AsyncGenerator<OrderLine[]> {
      for await (const rows of seekAll<OrderLineRow>(db, orderList(query)))
        yield rows.map((r) => ({
          id: r.id,
          created: iso(r.created_at),
          uid: r.uid,
          user_name: r.user_name,
          items: r.items ?? '',
          quantity: r.quantity ?? 0,
          total: r.total,
          status: r.status,
        }));
    },

    /** Every points movement the filters match, newest first, a batch at a time (an export). */
    async *allTransactions(query: TransactionQuery): AsyncGenerator<Transaction[]> {
      for await (const rows of seekAll<LedgerRow>(db, transactionList(query)))
        yield rows.map(toTransaction);
    },

    async transaction(id: number): Promise<Transaction | undefined> {
      const { rows } = await db.query<LedgerRow>(`${LEDGER_SELECT} WHERE l.id = $1`, [id]);
      return rows[0] && toTransaction(rows[0]);
    },
  };
  return repo;
}
export type ShopRepository = ReturnType<typeof shopRepository>;
