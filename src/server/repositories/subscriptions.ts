import { fillGuardMessage, guardMessages } from '@schemas/entities/incentives.schema';
import type {
  Subscription,
  TrainingListItem,
  VideoOpened,
} from '@schemas/entities/training.schema';
import { HttpError } from '@engine/server';
import type { Db } from '../db/db';
import { inTurn, userTurn } from '../lib/in-turn';
import { completeRules } from './earning';
import { settingsRepository } from './settings';
import { SqlParams } from './sql-params';
import { listItems, subscriptionsOf, visibleSql, type Viewer } from './trainings';

/** Answer when progress is recorded for a training the user has not subscribed to. */
export const NOT_SUBSCRIBED = 'Subscribe to this training first.';

/** A learner's subscriptions (enrolments), opened and watched videos and completion. */
export function subscriptionsRepository(db: Db) {
  async function current(tx: Db, uid: number, trainingId: number): Promise<Subscription> {
    const subscription = (await subscriptionsOf(tx, uid, [trainingId])).get(trainingId);
    if (!subscription) throw new Error('The subscription vanished while it was being read.');
    return subscription;
  }

  /**
   * The video's length in seconds, once the subscription is locked: 400 when the video is not
   * the training's, 409 without a subscription.
   */
  async function subscribedVideo(
    tx: Db,
    uid: number,
    trainingId: number,
    videoId: number,
  ): Promise<number> {
    const video = await tx.query<{ duration_seconds: number }>(
      'SELECT duration_seconds FROM training_videos WHERE id = $1 AND training_id = $2',
      [videoId, trainingId],
    );
    if (!video.rows[0])
      throw new HttpError(400, 'This video is not part of the training.', [
        { path: 'video_id', text: 'Not a video of this training' },
      ]);
    const subscribed = await tx.query(
      'SELECT 1 FROM subscriptions WHERE uid = $1 AND training_id = $2 FOR UPDATE',
      [uid, trainingId],
    );
    if (!subscribed.rows.length) throw new HttpError(409, NOT_SUBSCRIBED);
    return video.rows[0].duration_seconds;
  }

  /**
   * Counts a video's viewing time towards marking it watched at `at`, or answers 409. A video of
   * known length needs the rules' `min_watch_percent` of it since it was opened (server time),
   * and since the viewing time of the last video counted ended: a learner's clock, locked here,
   * moves on by each video's viewing time, so videos opened together are not seen together and
   * a burst of claims can count no more viewing time than has passed.
   */
  async function countViewing(
    tx: Db,
    uid: number,
    videoId: number,
    durationSeconds: number,
    at: Date,
  ): Promise<void> {
    const rules = completeRules(await settingsRepository(tx).get('incentive_rules'));
    const needed = Math.ceil((durationSeconds * rules.guard.min_watch_percent) / 100) * 1000;
    if (needed === 0) return;
    const opened = await tx.query<{ opened_at: Date | string }>(
      'SELECT opened_at FROM video_opens WHERE uid = $1 AND video_id = $2',
      [uid, videoId],
    );
    if (!opened.rows[0]) throw new HttpError(409, guardMessages.notOpened);
    const clock = await tx.query<{ watched_until: Date | string }>(
      `INSERT INTO viewing_clocks (uid, watched_until) VALUES ($1, 'epoch')
       ON CONFLICT (uid) DO UPDATE SET watched_until = viewing_clocks.watched_until
       RETURNING watched_until`,
      [uid],
    );
    const start = Math.max(
      new Date(opened.rows[0].opened_at).getTime(),
      new Date(clock.rows[0]!.watched_until).getTime(),
    );
    const ready = start + needed;
    if (ready > at.getTime())
      throw new HttpError(
        409,
        fillGuardMessage(guardMessages.tooSoon, {
          minutes: Math.ceil((ready - at.getTime()) / 60_000),
        }),
      );
    await tx.query('UPDATE viewing_clocks SET watched_until = $2 WHERE uid = $1', [
      uid,
      new Date(ready).toISOString(),
    ]);
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
        for (const table of ['watched_videos', 'video_opens'])
          await tx.query(
            `DELETE FROM ${table} WHERE uid = $1
               AND video_id IN (SELECT id FROM training_videos WHERE training_id = $2)`,
            [uid, trainingId],
          );
        return true;
      });
    },

    /**
     * Records that the user opened one of the training's videos at `at`; the first opening
     * counts. 400 when the video is not the training's, 409 without a subscription.
     */
    async open(
      uid: number,
      trainingId: number,
      videoId: number,
      at: Date = new Date(),
    ): Promise<VideoOpened> {
      return db.transaction(async (tx) => {
        await subscribedVideo(tx, uid, trainingId, videoId);
        const { rows } = await tx.query<{ opened_at: Date | string }>(
          `INSERT INTO video_opens (uid, video_id, opened_at) VALUES ($1, $2, $3)
           ON CONFLICT (uid, video_id) DO UPDATE SET opened_at = video_opens.opened_at
           RETURNING opened_at`,
          [uid, videoId, at.toISOString()],
        );
        return { video_id: videoId, opened_at: new Date(rows[0]!.opened_at).toISOString() };
      });
    },

    /**
     * Marks one of the training's videos watched, in one transaction: 400 when the video is not
     * the training's, 409 without a subscription, and 409 with what to do when the video has
     * not been open long enough to have been seen (see `countViewing`). When every video is
     * watched the subscription is completed (once). Marking a watched video again changes
     * nothing but the last activity.
     */
    async watch(
      uid: number,
      trainingId: number,
      videoId: number,
      at: Date = new Date(),
    ): Promise<Subscription> {
      return inTurn([userTurn(uid)], () =>
        db.transaction(async (tx) => {
          const duration = await subscribedVideo(tx, uid, trainingId, videoId);
          const watched = await tx.query(
            'SELECT 1 FROM watched_videos WHERE uid = $1 AND video_id = $2',
            [uid, videoId],
          );
          const when = at.toISOString();
          if (!watched.rows.length) {
            await countViewing(tx, uid, videoId, duration, at);
            await tx.query(
              `INSERT INTO watched_videos (uid, video_id, watched_at) VALUES ($1, $2, $3)
             ON CONFLICT (uid, video_id) DO NOTHING`,
              [uid, videoId, when],
            );
          }
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
        }),
      );
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
