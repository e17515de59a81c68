import { overviewMonths, type IncentivesOverview } from '@schemas/entities/incentives.schema';
import type { Db } from '../db/db';

/** How many rewards and rules the overview ranks. */
const TOP = 5;

/**
 * The incentives overview, read from the totals the database keeps as points move (migration
 * 0032: `points_weekly`, `award_rules_weekly`, `product_redemptions_weekly`, with the changes
 * of migration 0040 not folded into them yet; the points outstanding are everything that came in
 * less everything that went out, every week) and the lots due within 30 days (the expiry
 * index): no request sums the ledger or the balances.
 */
export function incentivesOverviewRepository(db: Db) {
  return {
    /**
     * The last `months` months, from the Monday (UTC) of the week they start in to this week.
     * Issued points are awards, positive adjustments and refunds; redeemed, purchases; expired,
     * what the expiry job took.
     */
    async overview(
      months: IncentivesOverview['months'],
      now: Date = new Date(),
    ): Promise<IncentivesOverview> {
      const at = now.toISOString();
      const period = `atrium_utc_week($1::timestamptz - make_interval(months => $2::int))`;
      const weeks = await db.query<{
        week: string;
        issued: number;
        redeemed: number;
        expired: number;
      }>(
        `WITH moved AS (
           SELECT week,
                  sum(points_in) FILTER (WHERE kind IN ('award', 'adjust', 'refund')) AS issued,
                  sum(points_out) FILTER (WHERE kind = 'redeem') AS redeemed,
                  sum(points_out) FILTER (WHERE kind = 'expire') AS expired
             FROM (SELECT week, kind, points_in, points_out FROM points_weekly
                   UNION ALL
                   SELECT week, kind, points_in, points_out FROM points_weekly_changes) k
            WHERE week >= ${period} AND week <= atrium_utc_week($1::timestamptz)
            GROUP BY week
         )
         SELECT to_char(s.week, 'YYYY-MM-DD') AS week,
                coalesce(m.issued, 0)::float8 AS issued,
                coalesce(m.redeemed, 0)::float8 AS redeemed,
                coalesce(m.expired, 0)::float8 AS expired
           FROM generate_series(${period}, atrium_utc_week($1::timestamptz), interval '1 week')
                  AS s (week)
           LEFT JOIN moved m ON m.week = s.week::date
          ORDER BY s.week`,
        [at, months],
      );
      const figures = await db.query<{ outstanding: number; expiring: number; held: number }>(
        `WITH kept AS (
           SELECT week, kind, points_in, points_out, movements FROM points_weekly
           UNION ALL
           SELECT week, kind, points_in, points_out, movements FROM points_weekly_changes
         )
         SELECT (SELECT coalesce(sum(points_in - points_out), 0)::float8 FROM kept)
                  AS outstanding,
                (SELECT coalesce(sum(remaining), 0)::float8 FROM points_ledger
                  WHERE remaining > 0 AND expires_at IS NOT NULL
                    AND expires_at < $1::timestamptz + interval '30 days') AS expiring,
                (SELECT coalesce(sum(movements), 0)::float8 FROM kept
                  WHERE kind = 'held' AND week >= ${period}) AS held`,
        [at, months],
      );
      // The period's kept totals (migration 0037) when the job has brought them to this
      // period's start, otherwise the period's weeks added up; either with the orders and
      // refunds not folded into them yet (migration 0040). Of the kept totals, the top ones by
      // the index: as many more than shown as there are rewards with pending changes, which
      // may pass them, so that the leaders are among them whatever the changes.
      const rewards = await db.query<{
        product_id: number;
        title: string;
        redemptions: number;
        points: number;
      }>(
        `WITH kept AS (
           SELECT 1 FROM product_redemption_periods
            WHERE months = $2 AND start_week = ${period}
         ), pending AS (
           SELECT product_id, sum(quantity) AS quantity, sum(points) AS points
             FROM product_redemption_changes
            WHERE week >= ${period}
            GROUP BY product_id
         ), candidates AS (
           SELECT product_id
             FROM (SELECT product_id FROM product_redemption_period_totals
                    WHERE EXISTS (SELECT 1 FROM kept) AND months = $2 AND quantity > 0
                    ORDER BY quantity DESC, points DESC
                    FETCH FIRST (${TOP} + (SELECT count(*) FROM pending)) ROWS WITH TIES) t
           UNION
           SELECT product_id FROM pending WHERE EXISTS (SELECT 1 FROM kept)
         ), totals AS (
           SELECT c.product_id, coalesce(t.quantity, 0) + coalesce(n.quantity, 0) AS redemptions,
                  coalesce(t.points, 0) + coalesce(n.points, 0) AS points
             FROM candidates c
             LEFT JOIN product_redemption_period_totals t
               ON t.months = $2 AND t.product_id = c.product_id
             LEFT JOIN pending n ON n.product_id = c.product_id
           UNION ALL
           SELECT w.product_id, sum(w.quantity), sum(w.points)
             FROM (SELECT product_id, quantity, points FROM product_redemptions_weekly
                    WHERE week >= ${period}
                   UNION ALL
                   SELECT product_id, quantity, points FROM pending) w
            WHERE NOT EXISTS (SELECT 1 FROM kept)
            GROUP BY w.product_id
         )
         SELECT t.product_id, p.title, t.redemptions::float8 AS redemptions,
                t.points::float8 AS points
           FROM totals t
           JOIN incentive_products p ON p.id = t.product_id
          WHERE t.redemptions > 0
          ORDER BY t.redemptions DESC, t.points DESC, p.title, t.product_id
          LIMIT ${TOP}`,
        [at, months],
      );
      const rules = await db.query<{
        rule: string;
        points: number;
        awards: number;
        held: number;
      }>(
        `SELECT rule, sum(points)::float8 AS points, sum(awards)::float8 AS awards,
                sum(held)::float8 AS held
           FROM (SELECT week, rule, points, awards, held FROM award_rules_weekly
                 UNION ALL
                 SELECT week, rule, points, awards, held FROM award_rules_changes) k
          WHERE week >= ${period}
          GROUP BY rule
          ORDER BY points DESC, rule`,
        [at, months],
      );
      const rows = weeks.rows;
      const sum = (key: 'issued' | 'redeemed' | 'expired') =>
        rows.reduce((total, week) => total + week[key], 0);
      const figure = figures.rows[0]!;
      return {
        months,
        weeks: rows,
        totals: { issued: sum('issued'), redeemed: sum('redeemed'), expired: sum('expired') },
        outstanding: figure.outstanding,
        expiring_soon: figure.expiring,
        top_rewards: rewards.rows,
        top_rules: rules.rows
          .filter((r) => r.points > 0)
          .slice(0, TOP)
          .map(({ rule, points, awards }) => ({ rule, points, awards })),
        held: {
          awards: figure.held,
          rules: rules.rows
            .filter((r) => r.held > 0)
            .sort((a, b) => b.held - a.held || a.rule.localeCompare(b.rule))
            .map(({ rule, held }) => ({ rule, awards: held })),
        },
      };
    },

    /**
     * The job that keeps the overview's totals, hourly and at start: brings the kept totals of
     * every period the overview offers to the weeks they cover at `now`, and folds past weeks'
     * shards. Returns how many periods moved and how many rows were folded away.
     */
    async keepTotals(now: Date = new Date()): Promise<{ periods: number; folded: number }> {
      const { rows } = await db.query<{ periods: number; folded: number }>(
        `SELECT atrium_move_reward_periods($1::int[], $2::timestamptz) AS periods,
                atrium_fold_points_overview($2::timestamptz) AS folded`,
        [[...overviewMonths], now.toISOString()],
      );
      return rows[0]!;
    },

    /**
     * The job that folds the changes of points, awards and rewards' orders into the kept
     * totals (migration 0040), every few seconds and at start; one process at a time, the others
     * get 0. Returns how many changes it folded.
     */
    async foldChanges(): Promise<number> {
      const { rows } = await db.query<{ folded: number }>(
        'SELECT atrium_fold_overview_changes() AS folded',
      );
      return rows[0]!.folded;
    },
  };
}
