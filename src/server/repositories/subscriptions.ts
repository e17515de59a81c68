import type { Subscription, TrainingListItem } from '@schemas/entities/training.schema';
import { HttpError } from '@engine/server';
import type { Db } from '../db/db';
import { SqlParams } from './sql-params';
import { listItems, subscriptionsOf, visibleSql, type Viewer } from './trainings';

/** Answer when progress is recorded for a training the user has not subscribed to. */
export const NOT_SUBSCRIBED = 'Subscribe to this training first.';

/** A learner's subscriptions (enrolments), watched videos and completion. */
export function subscriptionsRepository(db: Db) {
  async function current(tx: Db, uid: number, trainingId: number): Promise<Subscription> {
    const subscription = (await subscriptionsOf(tx, uid, [trainingId])).get(trainingId);
    if (!subscription) throw new Error('The subscription vanished while it was being read.');
    return subscription;
  }

  return {
    /** Subscribes; subscribing again changes nothing and returns the same subscription. */
    async subscribe(uid: number, trainingId: number): Promise<Subscription> {
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO subscriptions (uid, training_id) VALUES ($1, $2)
           ON CONFLICT (uid, training_id) DO NOTHING`,
          [uid, trainingId],
        );
        return current(tx, uid, trainingId);
      });
    },

    /** Removes the subscription and its watched videos; false when there was none. */
    async unsubscribe(uid: number, trainingId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query(
          'DELETE FROM subscriptions WHERE uid = $1 AND training_id = $2 RETURNING uid',
          [uid, trainingId],
        );
        if (!rows.length) return false;
        await tx.query(
          `DELETE FROM watched_videos WHERE uid = $1
             AND video_id IN (SELECT id FROM training_videos WHERE training_id = $2)`,
          [uid, trainingId],
        );
        return true;
      });
    },

    /**
     * Marks one of the training's videos watched, in one transaction: 400 when the video is not
     * the training's, 409 without a subscription. When every video is watched the subscription
     * is completed (once).
     */
    async watch(
      uid: number,
      trainingId: number,
      videoId: number,
      at: Date = new Date(),
    ): Promise<Subscription> {
      return db.transaction(async (tx) => {
        const video = await tx.query(
          'SELECT 1 FROM training_videos WHERE id = $1 AND training_id = $2',
          [videoId, trainingId],
        );
        if (!video.rows.length)
          throw new HttpError(400, 'This video is not part of the training.', [
            { path: 'video_id', text: 'Not a video of this training' },
          ]);
        const subscribed = await tx.query(
          'SELECT 1 FROM subscriptions WHERE uid = $1 AND training_id = $2 FOR UPDATE',
          [uid, trainingId],
        );
        if (!subscribed.rows.length) throw new HttpError(409, NOT_SUBSCRIBED);
        const when = at.toISOString();
        await tx.query(
          `INSERT INTO watched_videos (uid, video_id, watched_at) VALUES ($1, $2, $3)
           ON CONFLICT (uid, video_id) DO NOTHING`,
          [uid, videoId, when],
        );
        await tx.query(
          `UPDATE subscriptions s SET
             last_activity_at = greatest(s.last_activity_at, $3::timestamptz),
             completed_at = CASE
               WHEN s.completed_at IS NULL
                AND (SELECT count(*) FROM training_videos v WHERE v.training_id = s.training_id)
                  = (SELECT count(*) FROM watched_videos w JOIN training_videos v ON v.id = w.video_id
                      WHERE w.uid = s.uid AND v.training_id = s.training_id)
               THEN greatest(s.subscribed_at, $3::timestamptz)
               ELSE s.completed_at END
           WHERE s.uid = $1 AND s.training_id = $2`,
          [uid, trainingId, when],
        );
        return current(tx, uid, trainingId);
      });
    },

    /** A subscription with a chosen start time (demo data). */
    async subscribeAt(uid: number, trainingId: number, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO subscriptions (uid, training_id, subscribed_at, last_activity_at)
         VALUES ($1, $2, $3, $3)`,
        [uid, trainingId, at.toISOString()],
      );
    },

    /** The user's trainings in progress or completed (the archive), most recent activity first. */
    async mine(
      viewer: Viewer,
      q: { status: 'in_progress' | 'completed'; page: number; limit: number },
    ): Promise<{ rows: TrainingListItem[]; total: number }> {
      const params = new SqlParams();
      const uid = params.add(viewer.uid, '::int');
      const filter = `s.uid = ${uid}
        AND s.completed_at IS ${q.status === 'completed' ? 'NOT NULL' : 'NULL'}
        AND ${visibleSql('t', viewer, params)}`;
      const from = 'subscriptions s JOIN trainings t ON t.id = s.training_id';
      const total = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${from} WHERE ${filter}`,
        params.values,
      );
      const limit = params.add(q.limit, '::int');
      const offset = params.add(q.page * q.limit, '::int');
      const { rows } = await db.query<{ id: number }>(
        `SELECT t.id FROM ${from} WHERE ${filter}
         ORDER BY s.last_activity_at DESC, t.id LIMIT ${limit} OFFSET ${offset}`,
        params.values,
      );
      return {
        rows: await listItems(
          db,
          rows.map((r) => r.id),
          viewer.uid,
        ),
        total: total.rows[0]?.n ?? 0,
      };
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
