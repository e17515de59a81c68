import {
  awardGuardDefaults,
  type IncentivesOverview,
  type Order,
  type Product,
  type Rule,
} from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { expect, it } from 'vitest';
import {
  describeEachDb,
  expectWeeklyCounts,
  getData,
  insertPastMovements,
  periodStartSql,
  rewardBody,
  signedIn,
  uidOf,
  type Data,
} from './helpers';

const OVERVIEW = '/api/v2/incentives/overview';
const RULES = '/api/v2/settings/incentives/rules';
const DAY = 24 * 60 * 60 * 1000;

/**
 * The incentives overview reads totals the database keeps as points move. Whatever happened
 * (awards, held-back awards, adjustments, purchases, a refund, expiry, movements long ago), its
 * figures must say what summing the ledger, the awards and the orders says.
 */
describeEachDb('incentives overview', (server) => {
  const db = () => server().db;

  /** The overview's figures summed from the ledger, the awards and the orders themselves. */
  async function fromTheLedger(months: number) {
    const weeks = await db().query<{
      week: string;
      issued: number;
      redeemed: number;
      expired: number;
    }>(
      `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
              coalesce(sum(delta) FILTER (WHERE delta > 0 AND kind IN ('award', 'adjust', 'refund')), 0)::int AS issued,
              coalesce(-sum(delta) FILTER (WHERE kind = 'redeem'), 0)::int AS redeemed,
              coalesce(-sum(delta) FILTER (WHERE kind = 'expire'), 0)::int AS expired
         FROM points_ledger
        WHERE created_at >= ${periodStartSql(months)} AND kind <> 'held'
        GROUP BY 1 ORDER BY 1`,
    );
    const figures = await db().query<{ outstanding: number; expiring: number; held: number }>(
      `SELECT (SELECT coalesce(sum(delta), 0)::int FROM points_ledger) AS outstanding,
              (SELECT coalesce(sum(remaining), 0)::int FROM points_ledger
                WHERE expires_at < now() + interval '30 days') AS expiring,
              (SELECT count(*)::int FROM points_ledger
                WHERE kind = 'held' AND created_at >= ${periodStartSql(months)}) AS held`,
    );
    const rules = await db().query<{ rule: string; points: number; awards: number }>(
      `SELECT rule, sum(points)::int AS points, count(*) FILTER (WHERE points > 0)::int AS awards
         FROM incentive_awards WHERE created_at >= ${periodStartSql(months)}
        GROUP BY rule HAVING sum(points) > 0 ORDER BY 2 DESC, 1 LIMIT 5`,
    );
    const heldRules = await db().query<{ rule: string; awards: number }>(
      `SELECT rule, count(*)::int AS awards FROM incentive_awards
        WHERE points = 0 AND created_at >= ${periodStartSql(months)} GROUP BY rule ORDER BY 2 DESC, 1`,
    );
    const rewards = await db().query<{
      product_id: number;
      title: string;
      redemptions: number;
      points: number;
    }>(
      `SELECT i.product_id, p.title, sum(i.quantity)::int AS redemptions,
              sum(i.price * i.quantity)::int AS points
         FROM incentive_order_items i
         JOIN incentive_orders o ON o.id = i.order_id
         JOIN incentive_products p ON p.id = i.product_id
        WHERE o.status = 'completed' AND o.created_at >= ${periodStartSql(months)}
        GROUP BY 1, 2 ORDER BY 3 DESC, 4 DESC, 2, 1 LIMIT 5`,
    );
    const figure = figures.rows[0]!;
    return {
      weeks: weeks.rows.filter((w) => w.issued || w.redeemed || w.expired),
      outstanding: figure.outstanding,
      expiring_soon: figure.expiring,
      held: { awards: figure.held, rules: heldRules.rows },
      top_rules: rules.rows,
      top_rewards: rewards.rows,
    };
  }

  it('says what the ledger says after awards, held-back awards, purchases, a refund and expiry', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const { points, earning } = server().app.repos;
    const learnerUid = await uidOf(server, 'learner');
    const trainerUid = await uidOf(server, 'trainer');

    // One award a rolling hour: the second completion is held back.
    const rules: Rule[] = ruleTypes.map((r) => ({ type: r.type, ...r.defaults }));
    const guarded = await admin.post(RULES, {
      rules,
      expiry_schedule_id: null,
      guard: { ...awardGuardDefaults, max_awards: 1, max_points: null, window_minutes: 60 },
    });
    expect(guarded.statusCode, guarded.body).toBe(200);
    const tag = Math.random().toString(36).slice(2, 8);
    try {
      const first = await earning.award(trainerUid, 'training_completed', `overview-a-${tag}`);
      const second = await earning.award(trainerUid, 'training_completed', `overview-b-${tag}`);
      expect(first).toBeGreaterThan(0);
      expect(second).toBe(0);
    } finally {
      const restored = await admin.post(RULES, { rules, expiry_schedule_id: null });
      expect(restored.statusCode, restored.body).toBe(200);
    }

    await points.credit({ uid: learnerUid, points: 120, kind: 'award', source: 'test' });
    await points.credit({ uid: learnerUid, points: 30, kind: 'adjust' });
    await points.debit({ uid: learnerUid, points: 5, kind: 'adjust' });
    // Points that expire in ten days, and points already due that the job expires now.
    await points.credit({
      uid: trainerUid,
      points: 44,
      kind: 'award',
      source: 'test',
      expiresAt: new Date(Date.now() + 10 * DAY),
    });
    await points.credit({
      uid: trainerUid,
      points: 17,
      kind: 'award',
      source: 'test',
      expiresAt: new Date(Date.now() - DAY),
    });
    expect(await points.expireDue(new Date())).toBeGreaterThanOrEqual(17);
    // Movements long ago: one within the last 12 months only, one before both periods.
    await insertPastMovements(server, learnerUid, [
      { delta: 250, kind: 'adjust', note: 'then', daysAgo: 250 },
      { delta: 400, kind: 'award', note: 'long ago', daysAgo: 400 },
      { delta: -650, kind: 'adjust', note: 'evened', daysAgo: 400 },
    ]);

    // Two purchases of a new reward, one of them refunded: it counts once.
    const created = await admin.post(
      '/api/v2/incentives/products',
      rewardBody(`Overview reward ${tag}`, { price: 12 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const reward = created.json<Data<Product>>().data;
    const orders: Order[] = [];
    for (const key of ['one', 'two']) {
      const bought = await learner.post(
        '/api/v2/incentives/shop_checkout',
        { products: [reward.id, reward.id] },
        { headers: { 'idempotency-key': `overview-${key}-${tag}` } },
      );
      expect(bought.statusCode, bought.body).toBe(200);
      orders.push(bought.json<Data<Order>>().data);
    }
    const refunded = await admin.post(`/api/v2/incentives/orders/${orders[1]!.id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);

    for (const months of [6, 12]) {
      const overview = await getData<IncentivesOverview>(admin, `${OVERVIEW}?months=${months}`);
      const ledger = await fromTheLedger(months);
      expect(overview.months).toBe(months);
      expectWeeklyCounts(overview, ledger.weeks, ['issued', 'redeemed', 'expired']);
      expect(overview.outstanding).toBe(ledger.outstanding);
      expect(overview.expiring_soon).toBe(ledger.expiring_soon);
      expect(overview.expiring_soon).toBeGreaterThanOrEqual(44);
      expect(overview.top_rules).toEqual(ledger.top_rules);
      expect(overview.top_rewards).toEqual(ledger.top_rewards);
      expect(overview.held).toEqual(ledger.held);
      expect(overview.held.awards).toBeGreaterThanOrEqual(1);
      expect(overview.held.rules.map((r) => r.rule)).toContain('training_completed');
      const ours = overview.top_rewards.find((r) => r.product_id === reward.id);
      if (ours) expect(ours).toMatchObject({ redemptions: 2, points: 24 });
    }
    // The movement 250 days ago is in the 12 months only.
    const six = await getData<IncentivesOverview>(admin, `${OVERVIEW}?months=6`);
    const twelve = await getData<IncentivesOverview>(admin, `${OVERVIEW}?months=12`);
    expect(twelve.totals.issued - six.totals.issued).toBeGreaterThanOrEqual(250);
  });

  it('is for incentives administrators only, for 6 or 12 months', async () => {
    const learner = await signedIn(server, 'learner');
    expect((await learner.get(OVERVIEW)).statusCode).toBe(403);
    const admin = await signedIn(server, 'admin');
    expect((await admin.get(`${OVERVIEW}?months=7`)).statusCode).toBe(400);
    expect((await getData<IncentivesOverview>(admin, OVERVIEW)).months).toBe(6);
  });
});
