import type { EarningEvent } from '@schemas/incentives/events';
import { earningCatalogue, type Facts } from '../lib/earning-rules';
import { DEFAULT_LANGUAGE, userAudience, type Audience } from '../lib/storefront-audience';
import type { Repositories } from '../repositories/create-repositories';
import { decideAward, expiryDate, periodStart } from '../repositories/earning';
import type { PastMovement } from '../repositories/points';
import type { DemoMovement } from './demo-data';

const DAY = 24 * 60 * 60 * 1000;

/** Something a demo account did that the earning rules hear of, at its moment. */
export interface DemoEvent {
  at: Date;
  event: EarningEvent;
  facts: Facts;
}

/** An award as `incentive_awards` keeps it (0 points: held back by the cheat guard). */
interface PastAward {
  rule: string;
  eventKey: string;
  points: number;
  at: Date;
}

/** A demo account whose points history is written, and what it did. */
export interface DemoAccount {
  uid: number;
  /** Its bonuses and purchases. */
  movements: readonly DemoMovement[];
  /** What the earning rules heard of its learning. */
  events: readonly DemoEvent[];
}

/** One step of an account's history. */
type Step = { uid: number; at: Date } & (
  { kind: 'event'; event: DemoEvent } | { kind: 'movement'; movement: DemoMovement }
);

/**
 * Writes the demo accounts' points histories as the portal would have recorded them, moment by
 * moment (orders are numbered in the order they were placed):
 *
 * - each learning event of an account is heard by the earning rules the declarations
 *   (schemas/incentives/) feed with it, under the site's rules and cheat guard, decided as
 *   `earning.award` decides (`decideAward`): paid at the rule's points, held back by the guard
 *   (0 points, listed as `held` with its reason) or not paid at all;
 * - each purchase is an order checked out then, of the demo rewards at their prices, the stock
 *   taken (a refunded one written refunded, its points given back at the refund's moment by the
 *   administrator `refundedBy`), and heard by the rules as `purchase_made`;
 * - each bonus is credited as given.
 *
 * The awards are kept in `incentive_awards`, the movements in the ledger with their running
 * balances, lots and expiry (`points.writeHistory`); the totals the database keeps count each in
 * its week. Throws when a history could not have happened (a reward not on sale to the account
 * then, sold out or past its limit, more points spent than held).
 */
export async function writeDemoPointsHistories(
  repos: Repositories,
  o: {
    accounts: readonly DemoAccount[];
    /** The demo rewards' ids by title. */
    products: ReadonlyMap<string, number>;
    refundedBy: number;
    now: Date;
  },
): Promise<void> {
  const { now } = o;
  const rules = await repos.earning.rules();
  const schedule =
    rules.expiry_schedule_id === null || rules.expiry_schedule_id === undefined
      ? undefined
      : await repos.earning.schedule(rules.expiry_schedule_id);
  const site = (await repos.settings.get('regional')).default_language || DEFAULT_LANGUAGE;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const steps: Step[] = o.accounts
    .flatMap(({ uid, events, movements }) => [
      ...events.map((event): Step => ({ uid, at: event.at, kind: 'event', event })),
      ...movements.map((movement): Step => ({
        uid,
        at: ago(movement.daysAgo),
        kind: 'movement',
        movement,
      })),
    ])
    .sort((a, b) => a.at.getTime() - b.at.getTime());

  const awards = new Map<number, PastAward[]>(o.accounts.map((a) => [a.uid, []]));
  const movements = new Map<number, PastMovement[]>(o.accounts.map((a) => [a.uid, []]));

  /** What the rules fed by the event pay the account for it at `at`, as `earning.payEvent` would. */
  const hear = (uid: number, event: EarningEvent, facts: Facts, at: Date) => {
    const earlier = awards.get(uid)!;
    for (const type of earningCatalogue.byEvent.get(event) ?? []) {
      const ruleType = type.declaration.type;
      const rule = rules.rules.find((r) => r.type === ruleType);
      if (!rule?.enabled || !type.matches(facts, rule.params ?? {})) continue;
      const eventKey = type.eventKey(facts);
      const paid = earlier.filter((a) => a.points > 0);
      const ofRule = paid.filter((a) => a.rule === ruleType);
      const since = periodStart(rule.cap_period, at).getTime();
      const frame = at.getTime() - rules.guard.window_minutes * 60_000;
      const recent = paid.filter((a) => a.at.getTime() > frame);
      const decision = decideAward(
        rule,
        rules.guard,
        {
          done: earlier.some((a) => a.rule === ruleType && a.eventKey === eventKey),
          lastOfRule: ofRule.reduce<Date | null>(
            (last, a) => (last && last > a.at ? last : a.at),
            null,
          ),
          inPeriod: ofRule.filter((a) => a.at.getTime() >= since).length,
          recentAwards: recent.length,
          recentPoints: recent.reduce((sum, a) => sum + a.points, 0),
        },
        at,
      );
      const note = type.note(facts);
      if (decision.paid) {
        earlier.push({ rule: ruleType, eventKey, points: decision.points, at });
        movements.get(uid)!.push({
          at,
          delta: decision.points,
          kind: 'award',
          note,
          source: ruleType,
          expiresAt: expiryDate(schedule, at),
        });
      } else if (decision.held) {
        earlier.push({ rule: ruleType, eventKey, points: 0, at });
        movements.get(uid)!.push({
          at,
          delta: 0,
          kind: 'held',
          note,
          source: ruleType,
          reason: decision.reason,
        });
      }
    }
  };

  const audiences = new Map<number, Audience>();
  for (const step of steps) {
    const { uid, at } = step;
    if (step.kind === 'event') {
      hear(uid, step.event.event, step.event.facts, at);
      continue;
    }
    const m = step.movement;
    const own = movements.get(uid)!;
    if (m.kind === 'award') {
      own.push({
        at,
        delta: m.delta,
        kind: 'award',
        note: m.note,
        expiresAt:
          m.expiresAfterDays === undefined
            ? null
            : new Date(at.getTime() + m.expiresAfterDays * DAY),
      });
      continue;
    }
    const products = m.rewards.map((title) => {
      const id = o.products.get(title);
      if (id === undefined) throw new Error(`Unknown demo reward "${title}".`);
      return id;
    });
    const refunded = m.refundedDaysAgo === undefined ? null : ago(m.refundedDaysAgo);
    if (refunded && refunded <= at) throw new Error('A demo refund comes after its purchase.');
    if (!audiences.has(uid)) audiences.set(uid, (await userAudience(repos, uid, site)).audience);
    const order = await repos.shop.recordPastOrder(
      { uid, audience: audiences.get(uid)!, now: at },
      products,
      refunded ? 'refunded' : 'completed',
    );
    own.push({
      at,
      delta: -order.total,
      kind: 'redeem',
      note: order.note,
      source: order.source,
      orderId: order.id,
    });
    hear(
      uid,
      'purchase_made',
      { order_id: order.id, points: order.total, items: products.length },
      at,
    );
    if (refunded)
      own.push({
        at: refunded,
        delta: order.total,
        kind: 'refund',
        note: `Refund of order ${order.id}`,
        source: `admin:${o.refundedBy}`,
        orderId: order.id,
      });
  }

  for (const { uid } of o.accounts) {
    await repos.earning.recordPastAwards(uid, awards.get(uid)!);
    await repos.points.writeHistory(uid, movements.get(uid)!, now);
  }
}
