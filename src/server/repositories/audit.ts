import type { AuditActor, AuditEntry, AuditQuery } from '@schemas/entities/site-admin.schema';
import type { Db } from '../db/db';
import { SqlParams } from './sql-params';

/** One change to record. */
export interface AuditRecord {
  /** Who made the change: the real administrator while masquerading. */
  actor: number;
  /** The user the actor was acting as, if masquerading. */
  as?: number | null;
  action: string;
  target: string;
  details?: Record<string, unknown>;
}

interface AuditRow {
  id: string | number;
  actor_uid: number | null;
  actor_name: string | null;
  as_uid: number | null;
  as_name: string | null;
  action: string;
  target: string;
  details: Record<string, unknown>;
  created_at: Date | string;
}

const DISPLAY_NAME = (alias: string) =>
  `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.name)`;

const AUDIT_SELECT = `SELECT a.id, a.actor_uid, ${DISPLAY_NAME('au')} AS actor_name, a.as_uid,
    ${DISPLAY_NAME('su')} AS as_name, a.action, a.target, a.details, a.created_at
  FROM audit_log a
  LEFT JOIN users au ON au.uid = a.actor_uid
  LEFT JOIN users su ON su.uid = a.as_uid`;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    actor: row.actor_uid === null ? null : { uid: row.actor_uid, full_name: row.actor_name ?? '' },
    as: row.as_uid === null ? null : { uid: row.as_uid, full_name: row.as_name ?? '' },
    action: row.action,
    target: row.target,
    details: row.details,
    created: new Date(row.created_at).toISOString(),
  };
}

/** The audit log of administrative changes: append-only. */
export function auditRepository(db: Db) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db.query(
        `INSERT INTO audit_log (actor_uid, as_uid, action, target, details) VALUES ($1, $2, $3, $4, $5::jsonb)`,
        [
          entry.actor,
          entry.as ?? null,
          entry.action,
          entry.target,
          JSON.stringify(entry.details ?? {}),
        ],
      );
    },

    /** Everyone who has made a recorded change, by name. */
    async actors(): Promise<AuditActor[]> {
      const { rows } = await db.query<{ uid: number; full_name: string }>(
        `SELECT u.uid, ${DISPLAY_NAME('u')} AS full_name FROM users u
          WHERE EXISTS (SELECT 1 FROM audit_log a WHERE a.actor_uid = u.uid)
          ORDER BY lower(${DISPLAY_NAME('u')}), u.uid`,
      );
      return rows;
    },

    /** Newest first; `action` matches as a prefix; dates are whole UTC days, both included. */
    async list(
      query: AuditQuery & { page: number; limit: number },
    ): Promise<{ rows: AuditEntry[]; total: number }> {
      const params = new SqlParams();
      const where: string[] = [];
      if (query.actor !== undefined) where.push(`a.actor_uid = ${params.add(query.actor)}`);
      if (query.action !== undefined) {
        const prefix = query.action.replace(/[\\%_]/g, (c) => `\\${c}`);
        where.push(`a.action LIKE ${params.add(`${prefix}%`)}`);
      }
      if (query.from !== undefined)
        where.push(
          `a.created_at >= (${params.add(query.from)}::date::timestamp AT TIME ZONE 'UTC')`,
        );
      if (query.to !== undefined)
        where.push(
          `a.created_at < ((${params.add(query.to)}::date + 1)::timestamp AT TIME ZONE 'UTC')`,
        );
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log a ${filter}`,
        params.values,
      );
      const { rows } = await db.query<AuditRow>(
        `${AUDIT_SELECT} ${filter} ORDER BY a.created_at DESC, a.id DESC
          LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.page * query.limit)}`,
        params.values,
      );
      return { rows: rows.map(toEntry), total: total.rows[0]?.n ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
