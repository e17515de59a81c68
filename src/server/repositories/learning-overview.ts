import type { LearningOverview } from '@schemas/entities/learning-overview.schema';
import type { Db } from '../db/db';

/** How many trainings the overview ranks. */
const TOP = 5;

/**
 * The learning overview, read from the totals the database keeps as subscriptions are made,
 * completed and removed and as trainings' topics change (migration 0033: `learning_weekly` per
 * week, `training_learning` per training, `term_learning` per topic): no request counts the
 * subscriptions.
 */
export function learningOverviewRepository(db: Db) {
  return {
    /**
     * Subscriptions made and completed per week over the last `months` months, from the Monday
     * (UTC) of the week they start in to this week; the trainings with the most subscriptions
     * and each term's subscriptions and completions, of every subscription there is. Names are
     * in the site's language.
     */
    async overview(
      months: LearningOverview['months'],
      now: Date = new Date(),
    ): Promise<LearningOverview> {
      const at = now.toISOString();
      const period = `atrium_utc_week($1::timestamptz - make_interval(months => $2::int))`;
      const weeks = await db.query<{ week: string; subscriptions: number; completions: number }>(
        `WITH counted AS (
           SELECT week, sum(subscriptions) AS subscriptions, sum(completions) AS completions
             FROM learning_weekly
            WHERE week >= ${period} AND week <= atrium_utc_week($1::timestamptz)
            GROUP BY week
         )
         SELECT to_char(s.week, 'YYYY-MM-DD') AS week,
                coalesce(c.subscriptions, 0)::float8 AS subscriptions,
                coalesce(c.completions, 0)::float8 AS completions
           FROM generate_series(${period}, atrium_utc_week($1::timestamptz), interval '1 week')
                  AS s (week)
           LEFT JOIN counted c ON c.week = s.week::date
          ORDER BY s.week`,
        [at, months],
      );
      const allTime = await db.query<{ subscriptions: number; completions: number }>(
        `SELECT coalesce(sum(subscriptions), 0)::float8 AS subscriptions,
                coalesce(sum(completions), 0)::float8 AS completions
           FROM training_learning`,
      );
      const top = await db.query<LearningOverview['top_trainings'][number]>(
        `SELECT c.training_id, t.title, t.language, c.subscriptions::float8 AS subscriptions,
                c.completions::float8 AS completions
           FROM (SELECT * FROM training_learning WHERE subscriptions > 0
                  ORDER BY subscriptions DESC, completions DESC, training_id LIMIT ${TOP}) c
           JOIN trainings t ON t.id = c.training_id
          ORDER BY c.subscriptions DESC, c.completions DESC, c.training_id`,
      );
      const vocabularies = await db.query<LearningOverview['vocabularies'][number]>(
        'SELECT machine_name AS type, name FROM vocabularies ORDER BY weight, machine_name',
      );
      const topics = await db.query<LearningOverview['topics'][number]>(
        `SELECT term.tid, term.vocabulary, term.name, c.subscriptions::float8 AS subscriptions,
                c.completions::float8 AS completions
           FROM term_learning c
           JOIN taxonomy_terms term ON term.tid = c.tid
          WHERE c.subscriptions > 0
          ORDER BY c.completions::float8 / c.subscriptions DESC, c.subscriptions DESC,
                   term.name, term.tid`,
      );
      const rows = weeks.rows;
      const sum = (key: 'subscriptions' | 'completions') =>
        rows.reduce((total, week) => total + week[key], 0);
      return {
        months,
        weeks: rows,
        totals: { subscriptions: sum('subscriptions'), completions: sum('completions') },
        all_time: allTime.rows[0]!,
        top_trainings: top.rows,
        vocabularies: vocabularies.rows,
        topics: topics.rows,
      };
    },
  };
}
