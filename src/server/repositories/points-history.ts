import { POINTS_HISTORY_EXPIRIES, type PointsHistory } from '@schemas/entities/incentives.schema';
import type { Db } from '../db/db';

/**
 * One learner's points history. Each read is bounded by the user: the weeks through the ledger's
 * index by user and date (`points_ledger_uid_seek_idx`, migration 0017), the expiries through
 * the index of the lots still holding points (`points_ledger_lots_idx`, migration 0004). A user
 * has at most a few thousand ledger rows, however long the ledger is.
 */
export function pointsHistoryRepository(db: Db) {
  return {
    /**
     * The last `months` months of `uid`'s movements, from the Monday (UTC) of the week they start
     * in to this week, counted as the incentives overview counts everyone's: earned points are
     * awards, positive adjustments and refunds; spent, purchases; expired, what the expiry job
     * took. Then the balance and the lots that will expire.
     */
    async history(
      uid: number,
      months: PointsHistory['months'],
      now: Date = new Date(),
    ): Promise<PointsHistory> {
      const at = now.toISOString();
      const period = `atrium_utc_week($1::timestamptz - make_interval(months => $2::int))`;
      const weeks = await db.query<{
        week: string;
        earned: number;
        spent: number;
        expired: number;
      }>(
        `WITH moved AS (
           SELECT atrium_utc_week(created_at) AS week,
                  sum(greatest(delta, 0))
                    FILTER (WHERE kind IN ('award', 'adjust', 'refund')) AS earned,
                  sum(greatest(-delta, 0)) FILTER (WHERE kind = 'redeem') AS spent,
                  sum(greatest(-delta, 0)) FILTER (WHERE kind = 'expire') AS expired
             FROM points_ledger
            WHERE uid = $3
              AND created_at >= (${period})::timestamp AT TIME ZONE 'UTC'
              AND created_at <= $1::timestamptz
            GROUP BY 1
         )
         SELECT to_char(s.week, 'YYYY-MM-DD') AS week,
                coalesce(m.earned, 0)::int AS earned,
                coalesce(m.spent, 0)::int AS spent,
                coalesce(m.expired, 0)::int AS expired
           FROM generate_series(${period}, atrium_utc_week($1::timestamptz), interval '1 week')
                  AS s (week)
           LEFT JOIN moved m ON m.week = s.week::date
          ORDER BY s.week`,
        [at, months, uid],
      );
      const figures = await db.query<{ points: number; expiring: number }>(
        `SELECT coalesce((SELECT points FROM point_balances WHERE uid = $1), 0) AS points,
                (SELECT coalesce(sum(remaining), 0)::int FROM points_ledger
                  WHERE uid = $1 AND remaining > 0 AND expires_at IS NOT NULL) AS expiring`,
        [uid],
      );
      const expiries = await db.query<{ at: Date | string; points: number }>(
        `SELECT expires_at AS at, sum(remaining)::int AS points
           FROM points_ledger
          WHERE uid = $1 AND remaining > 0 AND expires_at IS NOT NULL
          GROUP BY expires_at
          ORDER BY expires_at
          LIMIT ${POINTS_HISTORY_EXPIRIES}`,
        [uid],
      );
      const rows = weeks.rows;
      const sum = (key: 'earned' | 'spent' | 'expired') =>
        rows.reduce((total, week) => total + week[key], 0);
      const figure = figures.rows[0]!;
      return {
        months,
        weeks: rows,
        totals: { earned: sum('earned'), spent: sum('spent'), expired: sum('expired') },
        points: figure.points,
        expiring: figure.expiring,
        expiries: expiries.rows.map((e) => ({
          at: new Date(e.at).toISOString(),
          points: e.points,
        })),
      };
    },
  };
}
