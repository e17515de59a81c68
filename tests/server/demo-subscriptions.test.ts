import type { LearningOverview } from '@schemas/entities/learning-overview.schema';
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

  it("match the learner's points: each training completed by the time of the points for it", async () => {
    const { rows } = await db().query<{ note: string; completed: string | null }>(
      `SELECT l.note, s.completed_at::text AS completed
         FROM points_ledger l
         JOIN users u ON u.uid = l.uid AND u.name = 'learner'
         JOIN trainings t ON l.note = 'Completed "' || t.title || '"'
         LEFT JOIN subscriptions s ON s.uid = l.uid AND s.training_id = t.id
                                  AND s.completed_at <= l.created_at + interval '1 second'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.completed, r.note).not.toBeNull();
  });
});
