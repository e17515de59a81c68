import {
  fillGuardMessage,
  guardMessages,
  type IncentivesOverview,
  type Product,
  type Rules,
  type ShopProduct,
  type TransactionDetails,
} from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn } from './helpers';

type Data<T> = { data: T };

/**
 * The demo's points history is the portal's own: every purchase is an order of demo rewards at
 * their prices, with its stock and per-person limits; every award of an earning rule is kept as
 * the rule paid it (or as the cheat guard held it back), at the moment of what earned it; and the
 * totals the incentives overview reads say what the ledger, the awards and the orders say.
 */
describeEachDb('the demo incentives', (server) => {
  const db = () => server().db;

  it('sells demo rewards at their prices, each purchase an order charged and refunded in the ledger', async () => {
    const { rows: orders } = await db().query<{
      id: number;
      name: string;
      total: number;
      status: 'completed' | 'refunded';
      created: string;
      items: { product_id: number | null; title: string; price: number; quantity: number }[];
    }>(
      `SELECT o.id, u.name, o.total, o.status, o.created_at::text AS created,
              (SELECT json_agg(json_build_object('product_id', i.product_id, 'title', i.title,
                        'price', i.price, 'quantity', i.quantity) ORDER BY i.product_id)
                 FROM incentive_order_items i WHERE i.order_id = o.id) AS items
         FROM incentive_orders o JOIN users u ON u.uid = o.uid ORDER BY o.created_at, o.id`,
    );
    // Several buyers over many weeks, and a refund among them.
    expect(new Set(orders.map((o) => o.name)).size).toBeGreaterThan(2);
    expect(new Set(orders.map((o) => o.created.slice(0, 10))).size).toBeGreaterThan(4);
    expect(orders.some((o) => o.status === 'refunded')).toBe(true);
    // Orders are numbered in the order they were placed.
    expect(orders.map((o) => o.id)).toEqual(orders.map((o) => o.id).toSorted((a, b) => a - b));

    const admin = await signedIn(server, 'admin');
    const products = (await admin.get('/api/v2/incentives/products?limit=100')).json<
      Data<Product[]>
    >().data;
    const byId = new Map(products.map((p) => [p.id, p]));
    for (const order of orders) {
      const what = `order ${order.id} of ${order.name}`;
      expect(order.items.length, what).toBeGreaterThan(0);
      for (const item of order.items) {
        // A demo reward, at its title and price, on sale when it was bought.
        const product = byId.get(item.product_id ?? 0);
        expect(product, what).toBeDefined();
        expect(item, what).toMatchObject({ title: product!.title, price: product!.price });
        expect(product!.published, what).toBe(true);
        expect(Date.parse(product!.created), what).toBeLessThan(Date.parse(order.created));
        if (product!.available_from)
          expect(Date.parse(product!.available_from), what).toBeLessThanOrEqual(
            Date.parse(order.created),
          );
        if (product!.available_until)
          expect(Date.parse(product!.available_until), what).toBeGreaterThan(
            Date.parse(order.created),
          );
      }
      expect(order.total, what).toBe(order.items.reduce((n, i) => n + i.price * i.quantity, 0));

      // The ledger charged it at its moment, as a checkout does, and gave it back if refunded.
      const { rows: movements } = await db().query<{
        id: number;
        kind: string;
        delta: number;
        note: string;
        source: string;
        at: string;
      }>(
        `SELECT id, kind, delta, note, source, created_at::text AS at FROM points_ledger
          WHERE order_id = $1 ORDER BY created_at, id`,
        [order.id],
      );
      const charge = {
        kind: 'redeem',
        delta: -order.total,
        note: order.items.map((i) => i.title).join(', '),
        source: 'checkout',
        at: order.created,
      };
      if (order.status === 'completed') {
        expect(movements, what).toMatchObject([charge]);
      } else {
        expect(movements, what).toMatchObject([
          charge,
          { kind: 'refund', delta: order.total, note: `Refund of order ${order.id}` },
        ]);
        expect(movements[1]!.source, what).toMatch(/^admin:\d+$/);
        expect(Date.parse(movements[1]!.at), what).toBeGreaterThan(Date.parse(order.created));
      }
      // The purchase's transaction shows its order.
      const res = await admin.get(`/api/v2/incentives/transactions/${movements[0]!.id}`);
      expect(res.statusCode, what).toBe(200);
      expect(res.json<Data<TransactionDetails>>().data.order, what).toMatchObject({
        id: order.id,
        status: order.status,
        total: order.total,
      });
    }
    // No purchase or refund without its order.
    const { rows: loose } = await db().query(
      `SELECT id FROM points_ledger WHERE kind IN ('redeem', 'refund') AND order_id IS NULL`,
    );
    expect(loose).toEqual([]);
  });

  it('takes what was sold from the stock and keeps each buyer within the per-person limits', async () => {
    const admin = await signedIn(server, 'admin');
    const products = (await admin.get('/api/v2/incentives/products?limit=100')).json<
      Data<Product[]>
    >().data;
    const { rows: sold } = await db().query<{
      name: string;
      product_id: number;
      completed: number;
      refunded: number;
    }>(
      `SELECT u.name, i.product_id,
              coalesce(sum(i.quantity) FILTER (WHERE o.status = 'completed'), 0)::int AS completed,
              coalesce(sum(i.quantity) FILTER (WHERE o.status = 'refunded'), 0)::int AS refunded
         FROM incentive_order_items i
         JOIN incentive_orders o ON o.id = i.order_id JOIN users u ON u.uid = o.uid
        GROUP BY u.name, i.product_id ORDER BY u.name, i.product_id`,
    );
    expect(sold.filter((s) => s.completed > 0).length).toBeGreaterThan(3);
    expect(sold.some((s) => s.refunded > 0)).toBe(true);
    for (const product of products) {
      const units = sold
        .filter((s) => s.product_id === product.id)
        .reduce((n, s) => n + s.completed, 0);
      expect(product.sold, product.title).toBe(units);
      if (product.stock !== null)
        expect(product.stock - units, product.title).toBeGreaterThanOrEqual(0);
    }

    // What each buyer's shop says they bought, and what is left.
    for (const name of new Set(sold.map((s) => s.name))) {
      const buyer = await signedIn(server, name);
      for (const s of sold.filter((x) => x.name === name)) {
        const product = products.find((p) => p.id === s.product_id)!;
        const what = `${name}: ${product.title}`;
        if (product.per_user_limit !== null)
          expect(s.completed, what).toBeLessThanOrEqual(product.per_user_limit);
        const res = await buyer.get(`/api/v2/incentives/shop/${product.id}`);
        expect(res.statusCode, what).toBe(200);
        const shown = res.json<Data<ShopProduct>>().data;
        expect(shown.purchased, what).toBe(s.completed);
        expect(shown.stock_left, what).toBe(
          product.stock === null ? null : product.stock - product.sold,
        );
        if (product.per_user_limit !== null && s.completed >= product.per_user_limit)
          expect(shown.blocked_by, what).toBe('limit_reached');
      }
    }
  });

  it('keeps the earning rules’ awards as they paid them, at the moments of what earned them', async () => {
    const admin = await signedIn(server, 'admin');
    const rules = (await admin.get('/api/v2/settings/incentives/rules')).json<Data<Rules>>().data;
    const declared = new Set(ruleTypes.map((r) => r.type));
    const { rows: awards } = await db().query<{
      id: number;
      uid: number;
      rule: string;
      event_key: string;
      points: number;
      at: string;
      ledger: { kind: string; delta: number; note: string; reason: string | null }[];
    }>(
      `SELECT a.id, a.uid, a.rule, a.event_key, a.points, a.created_at::text AS at,
              (SELECT coalesce(json_agg(json_build_object('kind', l.kind, 'delta', l.delta,
                        'note', l.note, 'reason', l.reason)), '[]')
                 FROM points_ledger l
                WHERE l.uid = a.uid AND l.source = a.rule AND l.created_at = a.created_at
                  AND l.kind IN ('award', 'held')) AS ledger
         FROM incentive_awards a ORDER BY a.created_at, a.id`,
    );
    // Several rules paid, and the guard held one award back.
    expect(new Set(awards.filter((a) => a.points > 0).map((a) => a.rule)).size).toBeGreaterThan(1);
    expect(awards.filter((a) => a.points === 0).length).toBeGreaterThan(0);
    for (const award of awards) {
      const what = `award ${award.id}: ${award.rule} ${award.event_key}`;
      expect(declared.has(award.rule), what).toBe(true);
      const rule = rules.rules.find((r) => r.type === award.rule)!;
      // Paid at the rule's points, or held back with nothing paid; listed once in the ledger.
      expect([0, rule.points], what).toContain(award.points);
      expect(award.ledger, what).toHaveLength(1);
      expect(award.ledger[0], what).toMatchObject(
        award.points > 0
          ? { kind: 'award', delta: award.points, reason: null }
          : { kind: 'held', delta: 0 },
      );
      // A rule of a training event: the training, as the account subscribed to or completed it
      // at that moment.
      const event = ruleTypes.find((r) => r.type === award.rule)!.event;
      if (event === 'training_subscribed' || event === 'training_completed') {
        const { rows } = await db().query<{
          title: string;
          subscribed: string;
          completed: string | null;
        }>(
          `SELECT t.title, s.subscribed_at::text AS subscribed, s.completed_at::text AS completed
             FROM subscriptions s JOIN trainings t ON t.id = s.training_id
            WHERE s.uid = $1 AND s.training_id = $2`,
          [award.uid, Number(award.event_key)],
        );
        expect(rows, what).toHaveLength(1);
        expect(award.ledger[0]!.note, what).toBe(rows[0]!.title);
        expect(award.at, what).toBe(
          event === 'training_subscribed' ? rows[0]!.subscribed : rows[0]!.completed,
        );
      }
    }
    // Every award in the ledger is one of them.
    const { rows: loose } = await db().query(
      `SELECT l.id FROM points_ledger l
        WHERE (l.kind = 'held' OR (l.kind = 'award' AND l.source <> ''))
          AND NOT EXISTS (SELECT 1 FROM incentive_awards a
                           WHERE a.uid = l.uid AND a.rule = l.source AND a.created_at = l.created_at)`,
    );
    expect(loose).toEqual([]);
  });

  it('holds an award back only when the cheat guard’s limits were passed, with its reason', async () => {
    const admin = await signedIn(server, 'admin');
    const { guard, rules } = (await admin.get('/api/v2/settings/incentives/rules')).json<
      Data<Required<Rules>>
    >().data;
    // What the guard weighed: the account's paid awards before the held one.
    const { rows: held } = await db().query<{
      rule: string;
      at: string;
      reason: string;
      since_last: number | null;
      awards: number;
      points: number;
    }>(
      `SELECT a.rule, a.created_at::text AS at, l.reason,
              extract(epoch FROM a.created_at - (
                SELECT max(p.created_at) FROM incentive_awards p
                 WHERE p.uid = a.uid AND p.rule = a.rule AND p.points > 0
                   AND p.created_at <= a.created_at))::float8 AS since_last,
              count(p.*)::int AS awards, coalesce(sum(p.points), 0)::int AS points
         FROM incentive_awards a
         JOIN points_ledger l ON l.uid = a.uid AND l.source = a.rule AND l.kind = 'held'
                             AND l.created_at = a.created_at
         LEFT JOIN incentive_awards p
           ON p.uid = a.uid AND p.points > 0 AND p.created_at <= a.created_at
          AND p.created_at > a.created_at - make_interval(mins => $1)
        WHERE a.points = 0
        GROUP BY a.id, a.uid, a.rule, a.created_at, l.reason`,
      [guard.window_minutes],
    );
    expect(held.length).toBeGreaterThan(0);
    for (const h of held) {
      const rule = rules.find((r) => r.type === h.rule)!;
      const reason =
        guard.rule_interval_seconds > 0 &&
        h.since_last !== null &&
        h.since_last < guard.rule_interval_seconds
          ? fillGuardMessage(guardMessages.heldInterval, { seconds: guard.rule_interval_seconds })
          : guard.max_awards !== null && h.awards + 1 > guard.max_awards
            ? fillGuardMessage(guardMessages.heldAwards, {
                count: guard.max_awards,
                minutes: guard.window_minutes,
              })
            : guard.max_points !== null && h.points + rule.points > guard.max_points
              ? fillGuardMessage(guardMessages.heldPoints, {
                  points: guard.max_points,
                  minutes: guard.window_minutes,
                })
              : null;
      expect(h.reason, `${h.rule} at ${h.at}`).toBe(reason);
    }
  });

  it('keeps weekly totals that say what the ledger, the awards and the orders say', async () => {
    const differ = async (kept: string, counted: string) => {
      const { rows } = await db().query(
        `(${kept} EXCEPT ${counted}) UNION ALL (${counted} EXCEPT ${kept})`,
      );
      return rows;
    };
    // Kept totals and the changes not folded into them yet, before the job and after it.
    for (const fold of [false, true]) {
      if (fold)
        expect(await server().app.repos.incentivesOverview.foldChanges()).toBeGreaterThan(0);
      expect(
        await differ(
          `SELECT week, kind, sum(points_in)::int AS points_in, sum(points_out)::int AS points_out,
                  sum(movements)::int AS movements
             FROM (SELECT week, kind, points_in, points_out, movements FROM points_weekly
                   UNION ALL
                   SELECT week, kind, points_in, points_out, movements FROM points_weekly_changes) k
            GROUP BY 1, 2`,
          `SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date, kind,
                  sum(greatest(delta, 0))::int, sum(greatest(-delta, 0))::int, count(*)::int
             FROM points_ledger GROUP BY 1, 2`,
        ),
      ).toEqual([]);
      expect(
        await differ(
          `SELECT week, rule, sum(points)::int AS points, sum(awards)::int AS awards,
                  sum(held)::int AS held
             FROM (SELECT week, rule, points, awards, held FROM award_rules_weekly
                   UNION ALL
                   SELECT week, rule, points, awards, held FROM award_rules_changes) k
            GROUP BY 1, 2`,
          `SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date, rule, sum(points)::int,
                  (count(*) FILTER (WHERE points > 0))::int, (count(*) FILTER (WHERE points = 0))::int
             FROM incentive_awards GROUP BY 1, 2`,
        ),
      ).toEqual([]);
      expect(
        await differ(
          `SELECT week, product_id, sum(quantity)::int, sum(points)::int
             FROM (SELECT week, product_id, quantity, points FROM product_redemptions_weekly
                   UNION ALL
                   SELECT week, product_id, quantity, points FROM product_redemption_changes) k
            GROUP BY 1, 2 HAVING sum(quantity) <> 0 OR sum(points) <> 0`,
          `SELECT date_trunc('week', o.created_at AT TIME ZONE 'UTC')::date, i.product_id,
                  sum(i.quantity)::int, sum(i.price * i.quantity)::int
             FROM incentive_order_items i JOIN incentive_orders o ON o.id = i.order_id
            WHERE o.status = 'completed' GROUP BY 1, 2`,
        ),
      ).toEqual([]);
    }
    const pending = await db().query<{ n: number }>(
      `SELECT (SELECT count(*) FROM points_weekly_changes) + (SELECT count(*) FROM award_rules_changes)
              + (SELECT count(*) FROM product_redemption_changes) AS n`,
    );
    expect(Number(pending.rows[0]!.n)).toBe(0);

    // So the overview ranks several rewards and rules, and cautions about the held award.
    const admin = await signedIn(server, 'admin');
    const overview = (await admin.get('/api/v2/incentives/overview?months=6')).json<
      Data<IncentivesOverview>
    >().data;
    expect(overview.top_rewards.length).toBeGreaterThan(2);
    expect(overview.top_rules.length).toBeGreaterThan(1);
    expect(overview.held.awards).toBeGreaterThan(0);
    expect(overview.held.rules.length).toBeGreaterThan(0);
  });
});
