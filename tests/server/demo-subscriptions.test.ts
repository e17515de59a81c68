import type { LearningOverview } from '@schemas/entities/learning-overview.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's subscriptions were made over the last twelve weeks or so, most completed some days
 * later: the learning overview's default view has a trend, and every subscription agrees with its
 * watched videos as if each video had been seen at its moment.
 */
describeEachDb('the demo subscriptions', (server) => {
  const db = () => server().db;

  it('agree with their videos: completed when all are watched, at the last one, after subscribing', async () => {
    const { rows } = await db().query<{
      name: string;
      title: string;
      subscribed: string;
      completed: string | null;
      activity: string;
      videos: number;
      watched: number;
      first_opened: string | null;
      last_watched: string | null;
    }>(
      `SELECT u.name, t.title, s.subscribed_at::text AS subscribed, s.completed_at::text AS completed,
              s.last_activity_at::text AS activity,
              (SELECT count(*)::int FROM training_videos v WHERE v.training_id = t.id) AS videos,
              count(w.video_id)::int AS watched,
              min(o.opened_at)::text AS first_opened, max(w.watched_at)::text AS last_watched
         FROM subscriptions s
         JOIN users u ON u.uid = s.uid
         JOIN trainings t ON t.id = s.training_id
         LEFT JOIN training_videos v ON v.training_id = t.id
         LEFT JOIN watched_videos w ON w.uid = s.uid AND w.video_id = v.id
         LEFT JOIN video_opens o ON o.uid = s.uid AND o.video_id = v.id
        GROUP BY u.name, t.id, t.title, s.subscribed_at, s.completed_at, s.last_activity_at`,
    );
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(1);
    const now = Date.now();
    for (const r of rows) {
      const what = `${r.name}: ${r.title}`;
      const subscribed = new Date(r.subscribed).getTime();
      expect(subscribed, what).toBeLessThan(now);
      expect(subscribed, what).toBeGreaterThan(now - 100 * DAY);
      expect(r.watched, what).toBeGreaterThan(0);
      expect(new Date(r.first_opened!).getTime(), what).toBeGreaterThanOrEqual(subscribed);
      expect(new Date(r.last_watched!).getTime(), what).toBeLessThanOrEqual(now);
      // The last activity is the last video watched; completion is that moment when all were.
      expect(r.activity, what).toBe(r.last_watched);
      expect(r.completed, what).toBe(r.watched === r.videos ? r.last_watched : null);
    }
    expect(rows.some((r) => r.completed === null)).toBe(true);
    expect(rows.some((r) => r.completed !== null)).toBe(true);
  });

  it("give the overview's default six months a trend, its most subscribed trainings and topics", async () => {
    const admin = await signedIn(server, 'courseadmin');
    const res = await admin.get('/api/v2/learning/overview?months=6');
    expect(res.statusCode).toBe(200);
    const overview = res.json<{ data: LearningOverview }>().data;
    const busy = overview.weeks.filter((w) => w.subscriptions > 0);
    expect(busy.length).toBeGreaterThan(4);
    expect(overview.weeks.filter((w) => w.completions > 0).length).toBeGreaterThan(4);
    // The weeks of the last month had subscriptions.
    expect(overview.weeks.slice(-4).some((w) => w.subscriptions > 0)).toBe(true);
    expect(overview.totals.subscriptions).toBe(overview.all_time.subscriptions);
    // Some trainings were subscribed by several people, and topics complete at different rates.
    expect(overview.top_trainings[0]!.subscriptions).toBeGreaterThan(1);
    const rates = new Set(
      overview.topics.map((t) => (t.subscriptions ? t.completions / t.subscriptions : 0)),
    );
    expect(rates.size).toBeGreaterThan(1);
  });

  it('match the points the earning rules paid for them, at the moment of each subscription and completion', async () => {
    // The rule types fed by a subscription or a completion, as declared.
    const moment = new Map<string, 'subscribed_at' | 'completed_at'>();
    for (const r of ruleTypes)
      if (r.event === 'training_subscribed') moment.set(r.type, 'subscribed_at');
      else if (r.event === 'training_completed') moment.set(r.type, 'completed_at');
    const { rows } = await db().query<{
      name: string;
      rule: string;
      title: string;
      awarded: string;
      subscribed: string;
      completed: string | null;
    }>(
      `SELECT u.name, a.rule, t.title, a.created_at::text AS awarded,
              s.subscribed_at::text AS subscribed, s.completed_at::text AS completed
         FROM incentive_awards a
         JOIN users u ON u.uid = a.uid
         LEFT JOIN trainings t ON t.id::text = a.event_key
         LEFT JOIN subscriptions s ON s.uid = a.uid AND s.training_id = t.id
        WHERE a.rule = ANY($1)`,
      [[...moment.keys()]],
    );
    expect(rows.some((r) => r.name === 'learner')).toBe(true);
    expect(new Set(rows.map((r) => r.rule)).size).toBe(moment.size);
    for (const r of rows)
      expect(r.awarded, `${r.name}: ${r.rule} ${r.title}`).toBe(
        moment.get(r.rule) === 'subscribed_at' ? r.subscribed : r.completed,
      );
    // The learner's completed trainings each paid when they were completed.
    const { rows: unpaid } = await db().query(
      `SELECT s.training_id FROM subscriptions s JOIN users u ON u.uid = s.uid AND u.name = 'learner'
        WHERE s.completed_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM incentive_awards a
                           WHERE a.uid = s.uid AND a.event_key = s.training_id::text
                             AND a.created_at = s.completed_at)`,
    );
    expect(unpaid).toEqual([]);
  });
});
