import type { ListMeta } from '@schemas/entities/common.schema';
import { HttpError } from '@engine/server';
import type { Db } from '../db/db';
import { INVALID_FIELDS } from '../lib/messages';
import { SqlParams } from './sql-params';

/** Up to this many matching rows a list counts them; beyond, it says about how many. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The deepest a page number opens without a cursor: pages further on are reached from a page
 * near them (`after`/`before`), so no request skips more than this many rows.
 */
export const MAX_SKIPPED_ROWS = 10_000;

/** The page a list request asks for: its number, its size and, to page on, a cursor. */
export interface PageAsk {
  page: number;
  limit: number;
  /** The page after the row this cursor names (`meta.next` of the page before). */
  after?: string | undefined;
  /** The page before the row this cursor names (`meta.prev` of the page after). */
  before?: string | undefined;
}

/** One column of a list's order: its SQL expression and type; the last must be unique. */
export interface SeekColumn {
  sql: string;
  type: 'timestamptz' | 'bigint' | 'integer' | 'text';
}

/** A list read by seeking in its order's index. */
export interface SeekList {
  /** The select list (`l.id, l.delta, u.name AS user_name`). */
  columns: string;
  /** `FROM` with joins, for the rows shown. */
  from: string;
  /** `FROM` of what is counted (no joins that only add columns). */
  countFrom: string;
  where: readonly string[];
  params: SqlParams;
  /** The order, highest first (`desc`) or lowest first (`asc`), all columns alike. */
  order: readonly SeekColumn[];
  direction: 'desc' | 'asc';
  /**
   * Up to how many matching rows are counted one by one: {@link EXACT_COUNT_LIMIT} unless a
   * filter must read each row it counts (a text search), which then counts fewer.
   */
  countLimit?: number;
  /**
   * Count in the list's order, reading the index on that order, which stops at the limit: for
   * filters that are conditions of that index. Otherwise the database may first gather every
   * match of a large list to count a part of it.
   */
  countInOrder?: boolean;
}

/** The order of a log, newest first: when it was written, then its id (`alias.created_at, alias.id`). */
export const newestFirst = (alias: string): readonly SeekColumn[] => [
  { sql: `${alias}.created_at`, type: 'timestamptz' },
  { sql: `${alias}.id`, type: 'bigint' },
];

/**
 * The conditions of a log filtered by whole UTC days, both included: `from` its first day,
 * `to` its last.
 */
export function utcDays(
  alias: string,
  days: { from?: string | undefined; to?: string | undefined },
  params: SqlParams,
): string[] {
  const where: string[] = [];
  if (days.from !== undefined)
    where.push(
      `${alias}.created_at >= (${params.add(days.from)}::date::timestamp AT TIME ZONE 'UTC')`,
    );
  if (days.to !== undefined)
    where.push(
      `${alias}.created_at < ((${params.add(days.to)}::date + 1)::timestamp AT TIME ZONE 'UTC')`,
    );
  return where;
}

/** Message of a cursor the server did not make. */
const BAD_CURSOR = 'This link to a page is not valid: open the list again.';

/** A cursor: the order's values of one row, as text. */
export const encodeCursor = (values: readonly string[]): string =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

function decodeCursor(cursor: string, size: number, path: string): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === size &&
      values.every((v) => typeof v === 'string' && v.length <= 100)
    )
      return values as string[];
  } catch {
    // Not JSON: said below.
  }
  throw new HttpError(400, INVALID_FIELDS, [{ path, text: BAD_CURSOR }]);
}

/**
 * The planner's estimate of the rows matching (never below `limit` + 1), for a total beyond what
 * is counted one by one: a count never reads millions of rows.
 */
async function estimateRows(
  db: Db,
  list: SeekList,
  filter: string,
  values: readonly unknown[],
  limit: number,
): Promise<number> {
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 ${list.countFrom} ${filter}`,
    values,
  );
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return Math.max(estimate, limit + 1);
}

/**
 * A page of a list by keyset ("seek") paging: from a cursor, the rows after (or before) that
 * row in the list's order, read from the index on that order however deep the page is; without
 * one, the page by number, up to {@link MAX_SKIPPED_ROWS} rows in. The meta carries the cursors
 * of the pages before and after (`prev`, `next`), and the total, estimated beyond
 * {@link EXACT_COUNT_LIMIT} (`estimated`). A page number past the last page, one too deep to
 * open by number, or a cursor the server did not make is a 400 naming the field.
 */
export async function seekPage<Row extends object>(
  db: Db,
  list: SeekList,
  ask: PageAsk,
): Promise<{ rows: Row[]; meta: ListMeta }> {
  // Long lists read on connections of their own, so they cannot starve learners' requests.
  db = db.heavy ?? db;
  const { page, limit } = ask;
  const filter = list.where.length ? `WHERE ${list.where.join(' AND ')}` : '';
  const params = list.params;
  const countLimit = list.countLimit ?? EXACT_COUNT_LIMIT;
  const desc = list.direction === 'desc';
  const listOrder = list.order.map((c) => `${c.sql} ${desc ? 'DESC' : 'ASC'}`).join(', ');
  // The count's parameters are the filter's and its limit, before any the page adds.
  const filterValues = [...params.values];
  const count = `(SELECT count(*)::int FROM (SELECT 1 ${list.countFrom} ${filter}
    ${list.countInOrder ? `ORDER BY ${listOrder}` : ''} LIMIT ${params.add(countLimit + 1)}) s)`;
  const countValues = [...params.values];
  const keys = list.order.map((c) => c.sql).join(', ');
  const keyText = list.order.map((c, i) => `(${c.sql})::text AS _seek_${i}`).join(', ');
  const conditions = [...list.where];
  let reverse = false;
  let skip = 0;
  const cursor = ask.after ?? ask.before;
  if (cursor !== undefined) {
    const path = ask.after !== undefined ? 'after' : 'before';
    const values = decodeCursor(cursor, list.order.length, path);
    const row = values.map((v, i) => params.add(v, `::${list.order[i]!.type}`)).join(', ');
    // After the row in the list's order; before it means after it in the reverse order.
    reverse = path === 'before';
    conditions.push(`(${keys}) ${desc !== reverse ? '<' : '>'} (${row})`);
  } else {
    skip = page * limit;
    if (skip > MAX_SKIPPED_ROWS)
      throw new HttpError(400, INVALID_FIELDS, [
        {
          path: 'page',
          text: `Page ${page + 1} is too far in to open directly: page on from a page near it, or narrow the list.`,
        },
      ]);
  }
  const direction = desc !== reverse ? 'DESC' : 'ASC';
  const orderBy = list.order.map((c) => `${c.sql} ${direction}`).join(', ');
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  // The count and the page in one statement: one round trip; an empty page counts alone.
  const { rows: answer } = await db.query<Row & Record<string, string> & { _seek_count: number }>(
    `SELECT ${count} AS _seek_count, ${list.columns}, ${keyText} ${list.from} ${where}
      ORDER BY ${orderBy}
      LIMIT ${params.add(limit + 1)}${skip ? ` OFFSET ${params.add(skip)}` : ''}`,
    params.values,
  );
  const counted = answer.length
    ? answer[0]!._seek_count
    : ((await db.query<{ n: number }>(`SELECT ${count} AS n`, countValues)).rows[0]?.n ?? 0);
  const estimated = counted > countLimit;
  const total = estimated
    ? await estimateRows(db, list, filter, filterValues, countLimit)
    : counted;
  const totalPages = Math.ceil(total / limit);
  if (!estimated && page > 0 && page >= totalPages)
    throw new HttpError(400, INVALID_FIELDS, [
      {
        path: 'page',
        text:
          totalPages === 0
            ? 'There are no pages: nothing matches.'
            : `There is no page ${page + 1}: the list has ${totalPages}.`,
      },
    ]);
  const rows = answer.map(
    ({ _seek_count, ...row }) => row as unknown as Row & Record<string, string>,
  );
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (reverse) shown.reverse();
  const cursorOf = (row: Record<string, string> | undefined) =>
    row && encodeCursor(list.order.map((_, i) => row[`_seek_${i}`]!));
  // Going back, more rows mean an earlier page; going on (or by number), a later one.
  const hasNext = reverse ? shown.length > 0 : more;
  const hasPrev = reverse ? more : page > 0 && shown.length > 0;
  const next = hasNext ? cursorOf(shown.at(-1)) : undefined;
  const prev = hasPrev ? cursorOf(shown[0]) : undefined;
  return {
    rows: shown,
    meta: {
      page,
      limit,
      total,
      totalPages,
      ...(estimated ? { estimated } : {}),
      ...(next ? { next } : {}),
      ...(prev ? { prev } : {}),
    },
  };
}

/** How many rows {@link seekAll} reads a statement. */
export const SEEK_ALL_BATCH = 250;

/**
 * Every row of a list, in its order, a batch at a time by seeking past the last row read: what
 * an export streams. Memory holds one batch whatever the list's size, each statement reads its
 * part of the order's index and the list's filters apply as they do to its pages. Reads on the
 * long lists' connections ({@link Db.heavy}), one statement a batch, so a long export holds no
 * connection while the client takes its time.
 *
 * @example
 * for await (const rows of seekAll<LedgerRow>(db, list)) write(rows);
 */
export async function* seekAll<Row extends object>(
  db: Db,
  list: SeekList,
  batch = SEEK_ALL_BATCH,
): AsyncGenerator<Row[]> {
  db = db.heavy ?? db;
  const desc = list.direction === 'desc';
  const keys = list.order.map((c) => c.sql).join(', ');
  const keyText = list.order.map((c, i) => `(${c.sql})::text AS _seek_${i}`).join(', ');
  const orderBy = list.order.map((c) => `${c.sql} ${desc ? 'DESC' : 'ASC'}`).join(', ');
  let last: string[] | undefined;
  for (;;) {
    const params = new SqlParams();
    params.values.push(...list.params.values);
    const conditions = [...list.where];
    if (last) {
      const row = last.map((v, i) => params.add(v, `::${list.order[i]!.type}`)).join(', ');
      conditions.push(`(${keys}) ${desc ? '<' : '>'} (${row})`);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const { rows } = await db.query<Row & Record<string, string>>(
      `SELECT ${list.columns}, ${keyText} ${list.from} ${where}
        ORDER BY ${orderBy} LIMIT ${params.add(batch)}`,
      params.values,
    );
    if (rows.length === 0) return;
    const end = rows.at(-1)!;
    last = list.order.map((_, i) => end[`_seek_${i}`]!);
    const more = rows.length === batch;
    // Handed over, not kept: while the reader takes its time, the batch is the reader's alone
    // and goes as soon as it is written out (short-lived, so collected young).
    yield rows.splice(0);
    if (!more) return;
  }
}
