import {
  overviewMonths,
  type IncentivesOverview,
  type Order,
  type Product,
} from '@schemas/entities/incentives.schema';
import { expect, it } from 'vitest';
import { describeEachDb, rewardBody, signedIn, uidOf, type Data } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

type TopReward = IncentivesOverview['top_rewards'][number];

/**
 * The overview's top rewards come from totals kept per period, and past weeks' shards are folded
 * into one row, by a job (migration 0037); orders and refunds reach those totals through changes
 * that another job folds in (migration 0040). Whether the jobs have run, have moved a period on,
 * or run while people buy and get refunds, the overview says what adding up the orders says.
 */
describeEachDb('incentives overview, kept totals', (server) => {
  const db = () => server().db;
  const repo = () => server().app.repos.incentivesOverview;

  /** The top rewards of the `months` before `now`, added up from the orders themselves. */
  async function fromTheOrders(months: number, now: Date): Promise<TopReward[]> {
    const { rows } = await db().query<TopReward>(
      `SELECT i.product_id, p.title, sum(i.quantity)::float8 AS redemptions,
              sum(i.price * i.quantity)::float8 AS points
         FROM incentive_order_items i
         JOIN incentive_orders o ON o.id = i.order_id
         JOIN incentive_products p ON p.id = i.product_id
        WHERE o.status = 'completed'
          AND atrium_utc_week(o.created_at)
              >= atrium_utc_week($1::timestamptz - make_interval(months => $2::int))
        GROUP BY 1, 2
       HAVING sum(i.quantity) > 0
        ORDER BY 3 DESC, 4 DESC, 2, 1
        LIMIT 5`,
      [now.toISOString(), months],
    );
    return rows;
  }

  /** Orders and refunds not folded into the kept totals yet. */
  const pendingChanges = async () =>
    (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM product_redemption_changes'))
      .rows[0]!.n;

  /** The periods the job keeps, and the week each starts on. */
  const periods = async () =>
    (
      await db().query<{ months: number; start_week: string }>(
        `SELECT months, to_char(start_week, 'YYYY-MM-DD') AS start_week
           FROM product_redemption_periods ORDER BY months`,
      )
    ).rows;

  /** An order of `quantity` units of a reward placed `daysAgo` days ago, counted by the triggers. */
  async function pastOrder(uid: number, reward: Product, quantity: number, daysAgo: number) {
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO incentive_orders (uid, total, created_at)
       VALUES ($1, $2, now() - make_interval(days => $3::int)) RETURNING id`,
      [uid, reward.price * quantity, daysAgo],
    );
    await db().query(
      `INSERT INTO incentive_order_items (order_id, product_id, title, price, quantity)
       VALUES ($1, $2, $3, $4, $5)`,
      [rows[0]!.id, reward.id, reward.title, reward.price, quantity],
    );
    return rows[0]!.id;
  }

  it('agrees with the weeks before and after the job, as periods move on and shards fold', async () => {
    const admin = await signedIn(server, 'admin');
    const tag = Math.random().toString(36).slice(2, 8);
    const uid = await uidOf(server, 'learner');
    const rewards: Product[] = [];
    for (const [i, price] of [11, 13, 17].entries()) {
      const created = await admin.post(
        '/api/v2/incentives/products',
        rewardBody(`Kept reward ${i} ${tag}`, { price }),
      );
      expect(created.statusCode, created.body).toBe(200);
      rewards.push(created.json<Data<Product>>().data);
    }
    // Bought over the last year, many units so that they lead the ranking; one order refunded.
    await pastOrder(uid, rewards[0]!, 900, 300);
    await pastOrder(uid, rewards[1]!, 700, 100);
    await pastOrder(uid, rewards[1]!, 400, 20);
    const refunded = await pastOrder(uid, rewards[2]!, 800, 40);
    await pastOrder(uid, rewards[2]!, 650, 3);
    const refund = await admin.post(`/api/v2/incentives/orders/${refunded}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);

    const now = new Date();
    const overview = async (months: number, at = now) =>
      (await repo().overview(months as IncentivesOverview['months'], at)).top_rewards;

    // Without kept periods the weeks are added up; with them the answer is the same, the
    // orders and the refund not folded in yet or folded in.
    await db().query('DELETE FROM product_redemption_periods');
    expect(await pendingChanges()).toBeGreaterThan(0);
    const before = new Map<number, IncentivesOverview>();
    for (const months of overviewMonths) {
      expect(await overview(months)).toEqual(await fromTheOrders(months, now));
      before.set(months, await repo().overview(months, now));
    }
    const kept = await repo().keepTotals(now);
    expect(kept.periods).toBe(overviewMonths.length);
    for (const months of overviewMonths)
      expect(await overview(months)).toEqual(await fromTheOrders(months, now));
    expect(await repo().foldChanges()).toBeGreaterThan(0);
    expect(await pendingChanges()).toBe(0);
    expect((await periods()).map((p) => p.months)).toEqual([...overviewMonths]);
    for (const months of overviewMonths) {
      const top = await overview(months);
      expect(top).toEqual(await fromTheOrders(months, now));
      expect(top.map((r) => r.product_id)).toContain(rewards[1]!.id);
      // Folding the shards changed no figure.
      expect(await repo().overview(months, now)).toEqual(before.get(months));
    }
    expect(await overview(12)).toContainEqual(
      expect.objectContaining({ product_id: rewards[0]!.id, redemptions: 900 }),
    );
    expect(await overview(6)).not.toContainEqual(
      expect.objectContaining({ product_id: rewards[0]!.id }),
    );
    // The refunded order does not count; the one after it does.
    expect(await overview(6)).toContainEqual(
      expect.objectContaining({ product_id: rewards[2]!.id, redemptions: 650 }),
    );
    const { rows: shards } = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM points_weekly WHERE shard <> 0 AND week < atrium_utc_week(now())
       UNION ALL
       SELECT count(*)::int FROM award_rules_weekly WHERE shard <> 0 AND week < atrium_utc_week(now())`,
    );
    expect(shards.map((s) => s.n)).toEqual([0, 0]);
    // A second run changes nothing.
    expect(await repo().keepTotals(now)).toEqual({ periods: 0, folded: 0 });

    // Ten weeks on, the periods move: what left them is taken off.
    const later = new Date(now.getTime() + 10 * WEEK);
    expect((await repo().keepTotals(later)).periods).toBe(overviewMonths.length);
    for (const months of overviewMonths) {
      expect(await overview(months, later)).toEqual(await fromTheOrders(months, later));
      // Asked for the earlier periods, the overview adds up their weeks instead.
      expect(await overview(months, now)).toEqual(await fromTheOrders(months, now));
    }
    // Back to now (a clock put back): the periods are counted again.
    expect((await repo().keepTotals(now)).periods).toBe(overviewMonths.length);
    for (const months of overviewMonths) {
      expect(await overview(months)).toEqual(await fromTheOrders(months, now));
    }
  });

  it('keeps counting right while people buy and get refunds as the job moves the periods', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const tag = Math.random().toString(36).slice(2, 8);
    const created = await admin.post(
      '/api/v2/incentives/products',
      rewardBody(`Busy reward ${tag}`, { price: 3 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const reward = created.json<Data<Product>>().data;
    await server().app.repos.points.credit({
      uid: await uidOf(server, 'learner'),
      points: 200,
      kind: 'award',
      source: 'test',
    });
    const now = new Date();
    await repo().keepTotals(now);
    const buy = (key: string) =>
      learner.post(
        '/api/v2/incentives/shop_checkout',
        { products: [reward.id] },
        { headers: { 'idempotency-key': `kept-${key}-${tag}` } },
      );
    const [first, , , second] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, (_, i) => buy(`a${i}`))),
      repo().keepTotals(new Date(now.getTime() + 30 * WEEK)),
      repo().foldChanges(),
      Promise.all(Array.from({ length: 8 }, (_, i) => buy(`b${i}`))),
      repo().keepTotals(now),
      repo().foldChanges(),
    ]);
    const orders = [...first, ...second].map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<Data<Order>>().data;
    });
    const refunds = await Promise.all(
      orders.slice(0, 5).map((o) => admin.post(`/api/v2/incentives/orders/${o.id}/refund`, {})),
    );
    for (const r of refunds) expect(r.statusCode, r.body).toBe(200);
    await repo().keepTotals(now);
    for (const fold of [false, true]) {
      if (fold) await repo().foldChanges();
      for (const months of overviewMonths) {
        const top = (await repo().overview(months, now)).top_rewards;
        expect(top).toEqual(await fromTheOrders(months, now));
      }
    }
    const { rows: totals } = await db().query<{ months: number; quantity: number }>(
      `SELECT months, quantity::int FROM product_redemption_period_totals
        WHERE product_id = $1 ORDER BY months`,
      [reward.id],
    );
    expect(totals).toEqual(overviewMonths.map((months) => ({ months, quantity: 16 - 5 })));
  });

  it('lets people buy a reward while another order of it is being counted', async () => {
    // Counting holds nothing a checkout needs: an order of the same reward counted in a
    // transaction that stays open does not hold up a learner's checkout. PGlite has one
    // connection, which the open transaction would hold.
    if (server().kind !== 'postgres') return;
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const tag = Math.random().toString(36).slice(2, 8);
    const created = await admin.post(
      '/api/v2/incentives/products',
      rewardBody(`Popular reward ${tag}`, { price: 2 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const reward = created.json<Data<Product>>().data;
    const uid = await uidOf(server, 'learner');
    await server().app.repos.points.credit({ uid, points: 10, kind: 'award', source: 'test' });
    await repo().foldChanges();
    const answer = await db().transaction(async (tx) => {
      // Another order of the reward, counted at once instead of at its commit.
      await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
      const { rows } = await tx.query<{ id: number }>(
        'INSERT INTO incentive_orders (uid, total) VALUES ($1, 2) RETURNING id',
        [await uidOf(server, 'admin')],
      );
      await tx.query(
        `INSERT INTO incentive_order_items (order_id, product_id, title, price, quantity)
         VALUES ($1, $2, $3, 2, 1)`,
        [rows[0]!.id, reward.id, reward.title],
      );
      let answered = false;
      const checkout = learner
        .post(
          '/api/v2/incentives/shop_checkout',
          { products: [reward.id] },
          { headers: { 'idempotency-key': `popular-${tag}` } },
        )
        .finally(() => {
          answered = true;
        });
      // Until the checkout answers, no session of the database may wait for a lock (the open
      // transaction would hold it forever: failing rolls it back).
      while (!answered) {
        const { rows: waiting } = await db().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting[0]!.n > 0) throw new Error('The checkout waits for the counted order.');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const done = await checkout;
      return done;
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const top = (await repo().overview(6)).top_rewards;
    expect(top).toContainEqual(expect.objectContaining({ product_id: reward.id, redemptions: 2 }));
  });
});
