import type { AuditActor, AuditEntry, AuditQuery } from '@schemas/entities/site-admin.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import type { Db } from '../db/db';
import {
  newestFirst,
  seekAll,
  seekPage,
  utcDays,
  type PageAsk,
  type SeekList,
} from './seek-paging';
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

const AUDIT_COLUMNS = `a.id, a.actor_uid, ${DISPLAY_NAME('au')} AS actor_name, a.as_uid,
    ${DISPLAY_NAME('su')} AS as_name, a.action, a.target, a.details, a.created_at`;
const AUDIT_FROM = `FROM audit_log a
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

/**
 * The log as a list newest first; `action` matches as a prefix, read through the index of its
 * area (the part before the first dot); dates are whole UTC days, both included.
 */
function auditList(query: AuditQuery): SeekList {
  const params = new SqlParams();
  const where: string[] = [];
  if (query.actor !== undefined) where.push(`a.actor_uid = ${params.add(query.actor)}`);
  if (query.action !== undefined) {
    where.push(`a.area = ${params.add(query.action.split('.')[0])}`);
    if (query.action.includes('.')) {
      const prefix = query.action.replace(/[\\%_]/g, (c) => `\\${c}`);
      where.push(`a.action LIKE ${params.add(`${prefix}%`)}`);
    }
  }
  where.push(...utcDays('a', query, params));
  return {
    columns: AUDIT_COLUMNS,
    from: AUDIT_FROM,
    countFrom: 'FROM audit_log a',
    where,
    params,
    order: newestFirst('a'),
    direction: 'desc',
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

    /**
     * Everyone who has made a recorded change, by name: from the actors the log keeps as it
     * grows (`audit_actors`, migration 0025), not from the log itself.
     */
    async actors(): Promise<AuditActor[]> {
      const { rows } = await db.query<{ uid: number; full_name: string }>(
        `SELECT u.uid, ${DISPLAY_NAME('u')} AS full_name
           FROM audit_actors a JOIN users u ON u.uid = a.uid
          ORDER BY lower(${DISPLAY_NAME('u')}), u.uid`,
      );
      return rows;
    },

    /** Newest first, a page at a time by cursor (see {@link seekPage} and {@link auditList}). */
    async list(query: AuditQuery & PageAsk): Promise<{ rows: AuditEntry[]; meta: ListMeta }> {
      const { rows, meta } = await seekPage<AuditRow>(db, auditList(query), query);
      return { rows: rows.map(toEntry), meta };
    },

    /** Every entry the filters match, newest first, a batch at a time (an export). */
    async *all(query: AuditQuery): AsyncGenerator<AuditEntry[]> {
      for await (const rows of seekAll<AuditRow>(db, auditList(query))) yield rows.map(toEntry);
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
