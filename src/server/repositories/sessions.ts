import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

/** Session lifetimes. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** `last_seen_at` is written at most this often per session. */
export const TOUCH_EVERY_MS = 60_000;

/** SHA-256 of a session token; only the hash is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Server-side sessions keyed by the hash of a random token. */
export function sessionsRepository(db: Db) {
  return {
    /** Creates a session and returns its token (32 random bytes, base64url). */
    async create(uid: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO sessions (token_hash, uid, expires_at) VALUES ($1, $2, now() + ($3::int * interval '1 millisecond'))`,
        [hashToken(token), uid, SESSION_ABSOLUTE_MS],
      );
      return token;
    },

    /**
     * The uid of a live session of an active account, refreshing its idle timer; while an
     * administrator masquerades, `realUid` is theirs. A masquerading session whose real user
     * is blocked is ended here, so that unblocking them later cannot bring the act back.
     * `lifetimeMs` is how long it has left before it expires whatever happens.
     */
    async resolve(
      token: string,
    ): Promise<{ uid: number; realUid: number | null; lifetimeMs: number } | undefined> {
      const hash = hashToken(token);
      const { rows } = await db.query<{
        uid: number;
        real_uid: number | null;
        real_blocked: boolean | null;
        stale: boolean;
        lifetime_ms: number;
      }>(
        `SELECT s.uid, s.real_uid, r.blocked AS real_blocked,
                s.last_seen_at < now() - ($2::int * interval '1 millisecond') AS stale,
                extract(epoch FROM s.expires_at - now())::float8 * 1000 AS lifetime_ms
           FROM sessions s JOIN users u ON u.uid = s.uid
           LEFT JOIN users r ON r.uid = s.real_uid
          WHERE s.token_hash = $1 AND NOT u.blocked AND s.expires_at > now()
            AND s.last_seen_at > now() - ($3::int * interval '1 millisecond')`,
        [hash, TOUCH_EVERY_MS, SESSION_IDLE_MS],
      );
      const row = rows[0];
      if (!row) return undefined;
      if (row.real_blocked) {
        await db.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
        return undefined;
      }
      if (row.stale)
        await db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [hash]);
      return { uid: row.uid, realUid: row.real_uid, lifetimeMs: row.lifetime_ms };
    },

    /** The session now acts as `uid`; its own user is kept as the real one. False if already masquerading. */
    async masquerade(token: string, uid: number): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE sessions SET real_uid = uid, uid = $2
          WHERE token_hash = $1 AND real_uid IS NULL RETURNING uid`,
        [hashToken(token), uid],
      );
      return rows.length > 0;
    },

    /** Switches a masquerading session back to its real user; their uid, or undefined. */
    async unmasquerade(token: string): Promise<number | undefined> {
      const { rows } = await db.query<{ uid: number }>(
        `UPDATE sessions SET uid = real_uid, real_uid = NULL
          WHERE token_hash = $1 AND real_uid IS NOT NULL RETURNING uid`,
        [hashToken(token)],
      );
      return rows[0]?.uid;
    },

    async delete(token: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    },

    /**
     * Ends a user's sessions (blocked, new password), but the one with `exceptToken`. Sessions of
     * an administrator masquerading as them switch back to the administrator instead.
     */
    async deleteForUser(uid: number, exceptToken?: string): Promise<void> {
      const keep = exceptToken ? hashToken(exceptToken) : '';
      await db.query(
        `DELETE FROM sessions WHERE ((uid = $1 AND real_uid IS NULL) OR real_uid = $1) AND token_hash <> $2`,
        [uid, keep],
      );
      await db.query(
        'UPDATE sessions SET uid = real_uid, real_uid = NULL WHERE uid = $1 AND real_uid IS NOT NULL',
        [uid],
      );
    },

    async purgeExpired(): Promise<void> {
      await db.query(
        `DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - ($1::int * interval '1 millisecond')`,
        [SESSION_IDLE_MS],
      );
    },

    /** Test and maintenance aid: whether a token still names a stored session. */
    async exists(token: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [
        hashToken(token),
      ]);
      return rows.length > 0;
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
