import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import {
  adjustmentBodySchema,
  checkoutBodySchema,
  orderSchema,
  productBodySchema,
  productInputSchema,
  productListQuerySchema,
  productSchema,
  productWithTextsSchema,
  shopInfoSchema,
  shopProductSchema,
  shopQuerySchema,
  shopSettingsBodySchema,
  shopSettingsSchema,
  transactionDetailsSchema,
  transactionQuerySchema,
  transactionSchema,
  type ProductInput,
  type ShopSettings,
  type TransactionQuery,
} from '@schemas/entities/incentives.schema';
import { restrictionTypes } from '@schemas/entities/storefront.schema';
import {
  envelope,
  HttpError,
  idParams,
  listEnvelope,
  ok,
  pageMeta,
  paged,
  type FieldMessage,
} from '@engine/server';
import { audit, changes } from '../lib/audit';
import { csvResponse, sendCsv } from '../lib/csv-export';
import {
  exportDeclarations,
  orderExportQuerySchema,
  transactionExportQuerySchema,
} from '@schemas/exports/exports';
import { errorResponses, needFlags } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';
import { keptAudienceOf } from '../lib/storefront-audience';
import {
  assertTranslations,
  localizeDocument,
  localizeRows,
  mapTexts,
  removeTranslations,
  requestLanguage,
  saveTranslations,
  translationsOf,
} from '../lib/content-sources';
import type { Shopper } from '../repositories/shop';
import { sanitizeAdminHtml } from '../lib/sanitize';
import type { ContentTranslations } from '@engine/core';

const idParamsSchema = idParams('id');

const DAY_MS = 24 * 60 * 60 * 1000;

/** The header a client sends so that a retried checkout never charges twice. */
const idempotencyHeadersSchema = {
  type: 'object',
  properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const deletedSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

/** Image addresses are site paths or http(s) addresses: nothing a browser would run. */
const SAFE_URL = /^(\/(?!\/)|https?:\/\/)/i;

function imageProblems(image: { url: string } | null | undefined, path: string): FieldMessage[] {
  if (!image || image.url === '' || SAFE_URL.test(image.url)) return [];
  return [{ path: `${path}[url]`, text: 'Use a site path (/…) or an http(s) address' }];
}

/** Checks the schema cannot express; every problem is reported at once. */
function productProblems(input: ProductInput): FieldMessage[] {
  const problems = imageProblems(input.image, 'image');
  const from = input.available_from ? Date.parse(input.available_from) : undefined;
  const until = input.available_until ? Date.parse(input.available_until) : undefined;
  if (from !== undefined && until !== undefined && until <= from)
    problems.push({ path: 'available_until', text: 'Must be after the start of availability' });
  // Only declared types: they read what users cannot set for themselves (restriction-types.ts).
  (input.restrictions ?? []).forEach((item, i) => {
    if (!(restrictionTypes as readonly string[]).includes(item.type))
      problems.push({ path: `restrictions[${i}][type]`, text: 'Unknown restriction type' });
  });
  return problems;
}

/** Product descriptions are HTML: each language's is sanitized as the default one is. */
function cleanedTexts(
  translations: ContentTranslations | undefined,
): ContentTranslations | undefined {
  return (
    translations &&
    mapTexts(translations, (text, field) =>
      field === 'description' ? sanitizeAdminHtml(text) : text,
    )
  );
}

function assertValid(problems: FieldMessage[]): void {
  if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
}

const shopFlags = () => needFlags('incentives_shop_enabled', 'incentives_shop');
const shopAdminFlags = () => needFlags('incentives_shop_settings_available');

/**
 * Reward products (admin), the shop, checkout, shop settings, transactions and adjustments.
 * A field an answer declares with a `default` may be left out of it, as the entity types say
 * (a product field declared after the product was saved, with nothing to fill in).
 */
export const incentiveShopRoutes: FastifyPluginAsyncJsonSchemaToTs<{
  SerializerSchemaOptions: { keepDefaultedPropertiesOptional: true };
}> = async (app) => {
  const { shop } = app.repos;

  /** The caller as the shop sees them: the restriction audience storefront sections use. */
  async function shopperOf(request: FastifyRequest): Promise<Shopper> {
    const uid = request.access.uid;
    return { uid, audience: (await keptAudienceOf(app, uid)).audience, now: new Date() };
  }

  /* ------------------------------------------------------------------ products (admin) */

  app.get(
    '/incentives/products',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary: 'Reward products, newest first, 25 a page; search in titles, filter by published',
        querystring: productListQuerySchema,
        response: { 200: listEnvelope(productSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 25 } = request.query;
      const { rows, total } = await shop.list({ ...request.query, page, limit });
      return paged(rows, pageMeta(page, limit, total));
    },
  );

  app.get(
    '/incentives/products/:id',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary: 'One reward product, with its texts in other languages',
        params: idParamsSchema,
        response: { 200: envelope(productWithTextsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const product = await shop.get(request.params.id);
      if (!product) throw new HttpError(404, NOT_FOUND);
      return ok({
        ...product,
        translations: await translationsOf(app.repos, 'incentive_product', product.id),
      });
    },
  );

  app.post(
    '/incentives/products',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          'Create a reward product (the description is sanitized), with its texts in other languages',
        body: productBodySchema,
        response: { 200: envelope(productWithTextsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { translations, ...input } = request.body;
      assertValid(productProblems(input));
      await assertTranslations(app.repos, productInputSchema, translations);
      const product = await app.repos.transaction(async (repos) => {
        const created = await repos.shop.create(input);
        await saveTranslations(repos, 'incentive_product', created.id, cleanedTexts(translations));
        await audit(
          repos,
          request,
          'incentives.product.create',
          `product:${created.id}`,
          changes(null, request.body),
        );
        return {
          ...created,
          translations: await translationsOf(repos, 'incentive_product', created.id),
        };
      });
      return ok(product);
    },
  );

  app.patch(
    '/incentives/products/:id',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          "Replace a reward product with the whole product minus its id (fields left out are reset); units sold stay. Texts in other languages that are sent replace those languages' texts",
        params: idParamsSchema,
        body: productBodySchema,
        response: { 200: envelope(productWithTextsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { translations, ...input } = request.body;
      assertValid(productProblems(input));
      await assertTranslations(app.repos, productInputSchema, translations);
      const product = await app.repos.transaction(async (repos) => {
        const before = await repos.shop.get(request.params.id);
        const saved = await repos.shop.update(request.params.id, input);
        if (!before || !saved) throw new HttpError(404, NOT_FOUND);
        const textsBefore = await translationsOf(repos, 'incentive_product', saved.id);
        await saveTranslations(repos, 'incentive_product', saved.id, cleanedTexts(translations));
        const textsAfter = await translationsOf(repos, 'incentive_product', saved.id);
        await audit(repos, request, 'incentives.product.update', `product:${saved.id}`, {
          ...changes(before, saved),
          ...changes({ translations: textsBefore }, { translations: textsAfter }),
        });
        return { ...saved, translations: textsAfter };
      });
      return ok(product);
    },
  );

  app.delete(
    '/incentives/products/:id',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          'Delete a reward product; orders that bought it keep their items (title and price) with product_id null',
        params: idParamsSchema,
        response: { 200: envelope(deletedSchema), ...errorResponses },
      },
    },
    async (request) => {
      await app.repos.transaction(async (repos) => {
        const before = await repos.shop.get(request.params.id);
        if (!before || !(await repos.shop.remove(request.params.id)))
          throw new HttpError(404, NOT_FOUND);
        await removeTranslations(repos, 'incentive_product', before.id);
        await audit(
          repos,
          request,
          'incentives.product.delete',
          `product:${before.id}`,
          changes({ title: before.title }, null),
        );
      });
      return ok({ id: request.params.id });
    },
  );

  /* ------------------------------------------------------------------ shop (learner) */

  app.get(
    '/incentives/shop',
    {
      preHandler: shopFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          "The caller's shop: published products in their availability window meant for the caller, 24 a page, with what blocks each",
        querystring: shopQuerySchema,
        response: { 200: listEnvelope(shopProductSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 24, sort = 'newest' } = request.query;
      const { rows, total } = await shop.shop(await shopperOf(request), {
        ...request.query,
        page,
        limit,
        sort,
      });
      const lang = await requestLanguage(app, request);
      return paged(
        await localizeRows(app, 'incentive_product', rows, (r) => r.id, lang, shopProductSchema),
        pageMeta(page, limit, total),
      );
    },
  );

  app.get(
    '/incentives/shop/:id',
    {
      preHandler: shopFlags(),
      schema: {
        tags: ['incentives'],
        summary: 'One product of the caller’s shop (404 when the caller may not see it)',
        params: idParamsSchema,
        response: { 200: envelope(shopProductSchema), ...errorResponses },
      },
    },
    async (request) => {
      const product = await shop.shopProduct(await shopperOf(request), request.params.id);
      if (!product) throw new HttpError(404, NOT_FOUND);
      const lang = await requestLanguage(app, request);
      const [localized] = await localizeRows(
        app,
        'incentive_product',
        [product],
        (r) => r.id,
        lang,
        shopProductSchema,
      );
      return ok(localized!);
    },
  );

  app.get(
    '/incentives/shop_info',
    {
      preHandler: shopFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          "The shop's title, introduction and banner, the caller's points and the points expiring soon",
        response: { 200: envelope(shopInfoSchema), ...errorResponses },
      },
    },
    async (request) => {
      const uid = request.access.uid;
      const settings = await localizeDocument(
        app,
        'incentive_shop',
        await app.repos.settings.get('incentive_shop'),
        await requestLanguage(app, request),
      );
      const wallet = await app.repos.points.wallet(uid);
      const until = new Date(Date.now() + settings.expiry_warning_days * DAY_MS);
      return ok({
        title: settings.title,
        intro: settings.intro,
        banner: settings.banner,
        banner_height: settings.banner_height,
        points: wallet.points,
        expiring_soon: await app.repos.points.expiringBefore(uid, until),
      });
    },
  );

  app.post(
    '/incentives/shop_checkout',
    {
      preHandler: shopFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          'Buy products with points in one transaction (a repeated id buys two); 409 with the reason and nothing charged when any cannot be bought. The same Idempotency-Key again returns the first order without charging',
        headers: idempotencyHeadersSchema,
        body: checkoutBodySchema,
        response: { 200: envelope(orderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { order, replayed } = await shop.checkout({
        ...(await shopperOf(request)),
        products: request.body.products,
        idempotencyKey: request.headers['idempotency-key'],
      });
      // The earning rules hear of a new order, not of a retry answered with it.
      if (!replayed)
        await app.events.emit(request.log, 'purchase_made', order.uid, {
          order_id: order.id,
          points: order.total,
          items: order.items.reduce((sum, item) => sum + item.quantity, 0),
        });
      // What was bought, named in the buyer's language where the reward has a title in it.
      const items = await localizeRows(
        app,
        'incentive_product',
        order.items,
        (item) => item.product_id ?? 0,
        await requestLanguage(app, request),
        shopProductSchema,
      );
      return ok({ ...order, items });
    },
  );

  /* ------------------------------------------------------------------ shop settings */

  app.get(
    '/settings/incentives/shop',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          'Shop settings: title, introduction, banner and expiry warning, with the texts in other languages',
        response: { 200: envelope(shopSettingsBodySchema), ...errorResponses },
      },
    },
    async () =>
      ok({
        ...(await app.repos.settings.get('incentive_shop')),
        translations: await translationsOf(app.repos, 'incentive_shop', 'incentive_shop'),
      }),
  );

  app.post(
    '/settings/incentives/shop',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary: 'Save the shop settings (all of them) and answer what was saved',
        body: shopSettingsBodySchema,
        response: { 200: envelope(shopSettingsBodySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { translations, ...settings } = request.body as ShopSettings & {
        translations?: ContentTranslations;
      };
      assertValid(imageProblems(settings.banner, 'banner'));
      await assertTranslations(app.repos, shopSettingsSchema, translations);
      // The settings and their audit entry are saved together or not at all.
      const after = await app.repos.transaction(async (repos) => {
        await repos.settings.lock('incentive_shop');
        const before = await repos.settings.get('incentive_shop');
        await repos.settings.set('incentive_shop', settings);
        const saved = await repos.settings.get('incentive_shop');
        const textsBefore = await translationsOf(repos, 'incentive_shop', 'incentive_shop');
        await saveTranslations(repos, 'incentive_shop', 'incentive_shop', translations);
        const textsAfter = await translationsOf(repos, 'incentive_shop', 'incentive_shop');
        await audit(repos, request, 'incentives.shop_settings.update', 'settings:incentive_shop', {
          ...changes(before, saved),
          ...changes({ translations: textsBefore }, { translations: textsAfter }),
        });
        return { ...saved, translations: textsAfter };
      });
      return ok(after);
    },
  );

  /* ------------------------------------------------------------------ transactions */

  app.get(
    '/incentives/transactions',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          'Points movements, newest first, 25 a page (on by the cursors meta.next and meta.prev; the total is estimated beyond 10,000); filter by user, kind and a range of UTC dates (both included)',
        querystring: transactionQuerySchema,
        response: { 200: listEnvelope(transactionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page = 0, limit = 25 } = request.query;
      const { from, to } = request.query;
      if (from && to && to < from)
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'to', text: 'Must not be before the start' },
        ]);
      const { rows, meta } = await shop.transactions({ ...request.query, page, limit });
      return paged(rows, meta);
    },
  );

  app.post(
    `/${exportDeclarations.transactions.path}`,
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          'The points movements the filters match (as the list takes them), newest first, as a CSV file (UTF-8 with a byte-order mark) streamed from the database; recorded in the audit log',
        body: transactionExportQuerySchema,
        response: { 200: csvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.body as TransactionQuery;
      if (query.from && query.to && query.to < query.from)
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'to', text: 'Must not be before the start' },
        ]);
      return sendCsv(
        app,
        request,
        reply,
        exportDeclarations.transactions,
        'incentives.transactions.export',
        shop.allTransactions(query),
      );
    },
  );

  app.post(
    `/${exportDeclarations.orders.path}`,
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          'Orders of the reward shop, newest first, filtered by buyer, status and UTC dates (both included), as a CSV file (UTF-8 with a byte-order mark) streamed from the database; recorded in the audit log',
        body: orderExportQuerySchema,
        response: { 200: csvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { from, to } = request.body;
      if (from && to && to < from)
        throw new HttpError(400, INVALID_FIELDS, [
          { path: 'to', text: 'Must not be before the start' },
        ]);
      return sendCsv(
        app,
        request,
        reply,
        exportDeclarations.orders,
        'incentives.orders.export',
        shop.allOrders(request.body),
      );
    },
  );

  app.get(
    '/incentives/transactions/:id',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary: 'One points movement and, for a purchase or refund, its order with its items',
        params: idParamsSchema,
        response: { 200: envelope(transactionDetailsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const transaction = await shop.transaction(request.params.id);
      if (!transaction) throw new HttpError(404, NOT_FOUND);
      const order =
        transaction.order_id === null ? null : ((await shop.order(transaction.order_id)) ?? null);
      return ok({ transaction, order });
    },
  );

  app.post(
    '/incentives/adjustments',
    {
      preHandler: needFlags('incentives_settings'),
      schema: {
        tags: ['incentives'],
        summary:
          "Give (positive) or take (negative) a user's points with a reason; 409 when taking more than they have",
        body: adjustmentBodySchema,
        response: { 200: envelope(transactionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid, points, note } = request.body;
      if (!(await app.repos.users.exists(uid)))
        throw new HttpError(400, INVALID_FIELDS, [{ path: 'uid', text: 'Unknown user' }]);
      const source = `admin:${request.access.uid}`;
      // The points and their audit entry are saved together or not at all.
      const movement = await app.repos.transaction(async (repos) => {
        const moved =
          points > 0
            ? await repos.points.credit({ uid, points, kind: 'adjust', note, source })
            : await repos.points.debit({ uid, points: -points, kind: 'adjust', note, source });
        await audit(repos, request, 'incentives.adjustment', `user:${uid}`, {
          points,
          note,
          transaction: moved.id,
        });
        return moved;
      });
      return ok((await shop.transaction(movement.id))!);
    },
  );

  app.post(
    '/incentives/orders/:id/refund',
    {
      preHandler: shopAdminFlags(),
      schema: {
        tags: ['incentives'],
        summary:
          "Refund an order once: the buyer's points and the products' stock come back (409 when already refunded)",
        params: idParamsSchema,
        response: { 200: envelope(orderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const order = await app.repos.transaction(async (repos) => {
        const refunded = await repos.shop.refund(request.params.id, request.access.uid);
        await audit(repos, request, 'incentives.refund', `order:${refunded.id}`, {
          buyer: refunded.uid,
          points: refunded.total,
          status: { old: 'completed', new: refunded.status },
        });
        return refunded;
      });
      return ok(order);
    },
  );
};
