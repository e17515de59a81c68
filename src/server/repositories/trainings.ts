import type {
  Subscription,
  Training,
  TrainingListItem,
  TrainingVideo,
} from '@schemas/entities/training.schema';
import type { Db } from '../db/db';
import { htmlToText, withoutControlCharacters } from '../lib/html-text';
import { sanitizeAdminHtml } from '../lib/sanitize';
import { SqlParams } from './sql-params';

/** Who is looking: visibility and the `subscription` of each training depend on it. */
export interface Viewer {
  /** 0 for a visitor. */
  uid: number;
  /** Holds `site_manage`: sees trainings of every organization. */
  manage: boolean;
}

/** Catalogue filters shared by the list and the search. */
export interface TrainingFilters {
  tags?: readonly number[] | undefined;
  language?: string | undefined;
  free?: boolean | undefined;
}

/** A training to create (demo seed, tests, future administration). */
export interface NewTraining {
  title: string;
  summary: string;
  /** HTML; sanitized before it is stored. */
  body: string;
  image_url: string;
  image_alt: string;
  language: string;
  /** Null for a free training. */
  price: number | null;
  /** Defaults to the videos' total, rounded up to whole minutes. */
  duration_minutes?: number;
  published?: boolean;
  created?: Date;
  tags?: readonly number[];
  organizations?: readonly number[];
  videos?: readonly { title: string; url: string; duration_seconds: number }[];
}

/**
 * SQL condition: the viewer may see training `alias` — it is published and has no organizations
 * (`restricted`, maintained by migration 0022), shares one with the viewer, or the viewer manages
 * the site. The trainings of the viewer's organizations are read once per statement (a hashed
 * set), not once per training.
 */
export function visibleSql(alias: string, viewer: Viewer, params: SqlParams): string {
  const manage = params.add(viewer.manage, '::boolean');
  const uid = params.add(viewer.uid, '::int');
  return `(${alias}.published AND (${manage} OR NOT ${alias}.restricted
    OR ${alias}.id IN (SELECT vo.training_id FROM user_organizations vu
      JOIN training_organizations vo ON vo.organization_id = vu.organization_id
      WHERE vu.uid = ${uid})))`;
}

/** Which filter a facet leaves out when it counts. */
export type FacetOmit = 'language' | 'free' | 'tags' | undefined;

/**
 * Resolves tag filters into groups per vocabulary: a training matches when it has at least one
 * tag of every group (any of a vocabulary's terms, all vocabularies). Unknown terms form a group
 * of their own that nothing matches.
 */
export async function tagGroups(
  db: Db,
  tags: readonly number[] | undefined,
): Promise<Map<string, number[]>> {
  const groups = new Map<string, number[]>();
  if (!tags?.length) return groups;
  const unique = [...new Set(tags)];
  const { rows } = await db.query<{ tid: number; vocabulary: string }>(
    'SELECT tid, vocabulary FROM taxonomy_terms WHERE tid = ANY($1::int[])',
    [unique],
  );
  const known = new Map(rows.map((r) => [r.tid, r.vocabulary]));
  for (const tid of unique) {
    const vocabulary = known.get(tid) ?? '';
    groups.set(vocabulary, [...(groups.get(vocabulary) ?? []), tid]);
  }
  return groups;
}

/**
 * SQL conditions for the filters on training `alias` (a row with the trainings' `language`,
 * `free` and `term_ids`). `omit` leaves one filter out (facets count before their own filter);
 * `term` is the SQL of a counted term's id, whose vocabulary's group is then left out.
 */
export function filterSql(
  alias: string,
  filters: TrainingFilters,
  groups: Map<string, number[]>,
  params: SqlParams,
  o: { omit?: FacetOmit; term?: string } = {},
): string[] {
  const where: string[] = [];
  if (filters.language !== undefined && o.omit !== 'language')
    where.push(`${alias}.language = ${params.add(filters.language)}`);
  if (filters.free !== undefined && o.omit !== 'free')
    where.push(`${alias}.free = ${params.add(filters.free, '::boolean')}`);
  if (o.omit !== 'tags') {
    for (const [vocabulary, tids] of groups) {
      const has = `${alias}.term_ids && ${params.add(tids, '::int[]')}`;
      where.push(
        o.term
          ? `(${o.term} IN (SELECT gx.tid FROM taxonomy_terms gx WHERE gx.vocabulary = ${params.add(vocabulary)}) OR ${has})`
          : has,
      );
    }
  }
  return where;
}

interface TrainingRow {
  id: number;
  title: string;
  summary: string;
  image_url: string;
  image_alt: string;
  language: string;
  free: boolean;
  price: number | null;
  duration_minutes: number;
  video_count: number;
  created: Date | string;
  updated: Date | string;
  tags: TrainingListItem['tags'];
  organizations: TrainingListItem['organizations'];
}

interface SubscriptionRow {
  training_id: number;
  subscribed_at: Date | string;
  completed_at: Date | string | null;
  total: number;
  watched: number[] | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toSubscription(row: SubscriptionRow): Subscription {
  const watched = row.watched ?? [];
  return {
    status: row.completed_at ? 'completed' : 'in_progress',
    progress: row.total ? Math.min(100, Math.floor((watched.length * 100) / row.total)) : 0,
    subscribed_at: iso(row.subscribed_at),
    completed_at: row.completed_at ? iso(row.completed_at) : null,
    watched_videos: watched,
  };
}

/** The viewer's subscriptions to the given trainings, by training id. */
export async function subscriptionsOf(
  db: Db,
  uid: number,
  ids: readonly number[],
): Promise<Map<number, Subscription>> {
  if (!uid || !ids.length) return new Map();
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT s.training_id, s.subscribed_at, s.completed_at,
       (SELECT count(*)::int FROM training_videos v WHERE v.training_id = s.training_id) AS total,
       (SELECT coalesce(array_agg(w.video_id ORDER BY v.position), '{}')
          FROM watched_videos w JOIN training_videos v ON v.id = w.video_id
         WHERE w.uid = s.uid AND v.training_id = s.training_id) AS watched
     FROM subscriptions s WHERE s.uid = $1 AND s.training_id = ANY($2::int[])`,
    [uid, [...ids]],
  );
  return new Map(rows.map((r) => [r.training_id, toSubscription(r)]));
}

/** A training's row as {@link itemColumnsSql} selects it. */
export interface ItemRow extends TrainingRow {
  subscription: {
    subscribed_at: string;
    completed_at: string | null;
    watched: number[] | null;
  } | null;
}

/**
 * The columns of the list item of training `alias` ({@link ItemRow}), with the subscription of
 * the viewer `uid` (a parameter's placeholder) as one JSON value: a list reads its items in the
 * statement that picks them.
 */
export function itemColumnsSql(alias: string, uid: string): string {
  return `${alias}.id, ${alias}.title, ${alias}.summary, ${alias}.image_url, ${alias}.image_alt,
     ${alias}.language, ${alias}.free, ${alias}.price::float8 AS price, ${alias}.duration_minutes,
     ${alias}.created, ${alias}.updated,
     (SELECT count(*)::int FROM training_videos v WHERE v.training_id = ${alias}.id) AS video_count,
     (SELECT coalesce(json_agg(json_build_object('tid', x.tid, 'name', x.name, 'vocabulary', x.vocabulary)
               ORDER BY v.weight, v.machine_name, x.weight, x.name, x.tid), '[]'::json)
        FROM training_terms tt
        JOIN taxonomy_terms x ON x.tid = tt.tid
        JOIN vocabularies v ON v.machine_name = x.vocabulary
       WHERE tt.training_id = ${alias}.id) AS tags,
     (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id), '[]'::json)
        FROM training_organizations o JOIN organizations g ON g.id = o.organization_id
       WHERE o.training_id = ${alias}.id) AS organizations,
     (SELECT json_build_object('subscribed_at', s.subscribed_at, 'completed_at', s.completed_at,
         'watched', (SELECT array_agg(w.video_id ORDER BY v.position)
            FROM watched_videos w JOIN training_videos v ON v.id = w.video_id
           WHERE w.uid = s.uid AND v.training_id = s.training_id))
        FROM subscriptions s WHERE s.uid = ${uid} AND s.training_id = ${alias}.id) AS subscription`;
}

/** The list item of a row selected with {@link itemColumnsSql}. */
export function toListItem(t: ItemRow): TrainingListItem {
  return {
    id: t.id,
    title: t.title,
    summary: t.summary,
    image: { url: t.image_url, alt: t.image_alt },
    language: t.language,
    free: t.free,
    price: t.price === null ? null : Number(t.price),
    duration_minutes: t.duration_minutes,
    video_count: t.video_count,
    tags: t.tags,
    organizations: t.organizations,
    created: iso(t.created),
    updated: iso(t.updated),
    subscription: t.subscription
      ? toSubscription({
          training_id: t.id,
          subscribed_at: t.subscription.subscribed_at,
          completed_at: t.subscription.completed_at,
          total: t.video_count,
          watched: t.subscription.watched,
        })
      : null,
  };
}

/** List items for the given ids, in the given order (ids not found are skipped). */
export async function listItems(
  db: Db,
  ids: readonly number[],
  uid: number,
): Promise<TrainingListItem[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<ItemRow>(
    `SELECT ${itemColumnsSql('t', '$2::int')} FROM trainings t WHERE t.id = ANY($1::int[])`,
    [[...ids], uid],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const t = byId.get(id);
    return t ? [toListItem(t)] : [];
  });
}

/** The trainings a recommendation ranks: the newest the user may see and has not subscribed to. */
export const RECOMMENDATION_CANDIDATES = 500;

const ORDER_BY = {
  newest: 't.created DESC, t.id',
  title: 't.title, t.id',
  personalized: 't.id',
} as const;

/** The training catalogue: list, detail, recommendations; and creating trainings. */
export function trainingsRepository(db: Db) {
  return {
    async list(
      viewer: Viewer,
      q: TrainingFilters & {
        ids?: readonly number[] | undefined;
        sort: keyof typeof ORDER_BY;
        page: number;
        limit: number;
      },
    ): Promise<{ rows: TrainingListItem[]; total: number }> {
      const params = new SqlParams();
      const groups = await tagGroups(db, q.tags);
      const where = [visibleSql('t', viewer, params), ...filterSql('t', q, groups, params)];
      if (q.ids?.length) where.push(`t.id = ANY(${params.add([...q.ids], '::int[]')})`);
      const filter = where.join(' AND ');
      // Without an ordering of its own (personalized), a list of ids keeps the order it was given.
      const order =
        q.sort === 'personalized' && q.ids?.length
          ? `array_position(${params.add([...q.ids], '::int[]')}, t.id), t.id`
          : ORDER_BY[q.sort];
      const limit = params.add(q.limit, '::int');
      const offset = params.add(q.page * q.limit, '::int');
      // The count, the page and its items in one statement: one round trip.
      const { rows } = await db.query<{ total: number; ord: number | null } & ItemRow>(
        `SELECT c.n AS total, p.* FROM (SELECT count(*)::int AS n FROM trainings t WHERE ${filter}) c
         LEFT JOIN LATERAL (
           SELECT o.ord, ${itemColumnsSql('r', params.add(viewer.uid, '::int'))} FROM (
             SELECT page.id, row_number() OVER () AS ord FROM (
               SELECT t.id FROM trainings t WHERE ${filter}
                ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
             ) page
           ) o JOIN trainings r ON r.id = o.id
         ) p ON true
         ORDER BY p.ord`,
        params.values,
      );
      return {
        rows: rows.filter((r) => r.ord !== null).map(toListItem),
        total: rows[0]?.total ?? 0,
      };
    },

    /** Whether the viewer may see the training. */
    async visible(viewer: Viewer, id: number): Promise<boolean> {
      const params = new SqlParams();
      const idParam = params.add(id, '::int');
      const { rows } = await db.query(
        `SELECT 1 FROM trainings t WHERE t.id = ${idParam} AND ${visibleSql('t', viewer, params)}`,
        params.values,
      );
      return rows.length > 0;
    },

    /** One training with its body and videos; undefined when the viewer may not see it. */
    async get(viewer: Viewer, id: number): Promise<Training | undefined> {
      if (!(await this.visible(viewer, id))) return undefined;
      const [item] = await listItems(db, [id], viewer.uid);
      if (!item) return undefined;
      const body = await db.query<{ body: string }>('SELECT body FROM trainings WHERE id = $1', [
        id,
      ]);
      const videos = await db.query<TrainingVideo>(
        `SELECT id, title, url, duration_seconds, position FROM training_videos
         WHERE training_id = $1 ORDER BY position, id`,
        [id],
      );
      return { ...item, body: body.rows[0]?.body ?? '', videos: videos.rows };
    },

    /**
     * Trainings the user has not subscribed to, ranked by tags shared with their subscriptions,
     * then their language (or the site's), then newest. Ranked are the newest
     * {@link RECOMMENDATION_CANDIDATES} the user may see and has not subscribed to, read in the
     * catalogue's order: a recommendation reads as many trainings however large the catalogue.
     */
    async recommended(viewer: Viewer, limit: number): Promise<TrainingListItem[]> {
      const params = new SqlParams();
      const uid = params.add(viewer.uid, '::int');
      const visible = visibleSql('t', viewer, params);
      const { rows } = await db.query<ItemRow>(
        `WITH mine AS (
           SELECT coalesce(array_agg(DISTINCT st.tid), '{}') AS tids FROM subscriptions s
           JOIN training_terms st ON st.training_id = s.training_id WHERE s.uid = ${uid}
         ), lang AS (
           SELECT coalesce(
             (SELECT language FROM users WHERE uid = ${uid}),
             (SELECT value ->> 'default_language' FROM settings WHERE key = 'regional'),
             'en') AS code
         ), candidates AS (
           SELECT t.id, t.term_ids, t.language, t.created FROM trainings t
            WHERE ${visible}
              AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.uid = ${uid} AND s.training_id = t.id)
            ORDER BY t.created DESC, t.id
            LIMIT ${params.add(RECOMMENDATION_CANDIDATES, '::int')}
         )
         SELECT ${itemColumnsSql('r', uid)} FROM (
           SELECT ranked.id, row_number() OVER () AS ord FROM (
             SELECT c.id FROM candidates c, mine, lang
              ORDER BY
                (SELECT count(*) FROM unnest(c.term_ids) AS u (tid) WHERE u.tid = ANY(mine.tids)) DESC,
                (c.language = lang.code) DESC,
                c.created DESC, c.id
              LIMIT ${params.add(limit, '::int')}
           ) ranked
         ) o JOIN trainings r ON r.id = o.id
         ORDER BY o.ord`,
        params.values,
      );
      return rows.map(toListItem);
    },

    /** Creates a training with its tags, organizations and videos; returns its id. */
    async create(training: NewTraining): Promise<number> {
      return db.transaction(async (tx) => {
        const body = sanitizeAdminHtml(training.body);
        const videos = training.videos ?? [];
        const duration =
          training.duration_minutes ??
          Math.ceil(videos.reduce((sum, v) => sum + v.duration_seconds, 0) / 60);
        const created = training.created ?? new Date();
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO trainings (title, summary, body, body_text, image_url, image_alt, language,
             free, price, duration_minutes, published, created, updated)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
          [
            withoutControlCharacters(training.title),
            withoutControlCharacters(training.summary),
            body,
            htmlToText(body),
            training.image_url,
            training.image_alt,
            training.language,
            training.price === null,
            training.price,
            duration,
            training.published ?? true,
            created.toISOString(),
          ],
        );
        const id = rows[0]!.id;
        // A statement per kind of row rather than per row: fewer round trips to the database.
        const tags = [...new Set(training.tags ?? [])];
        if (tags.length)
          await tx.query(
            'INSERT INTO training_terms (training_id, tid) SELECT $1, unnest($2::int[])',
            [id, tags],
          );
        const organizations = [...new Set(training.organizations ?? [])];
        if (organizations.length)
          await tx.query(
            `INSERT INTO training_organizations (training_id, organization_id)
             SELECT $1, unnest($2::int[])`,
            [id, organizations],
          );
        if (videos.length)
          // Rows are numbered in the order given: ids and positions follow the list.
          await tx.query(
            `INSERT INTO training_videos (training_id, title, url, duration_seconds, position)
             SELECT $1, v.title, v.url, v.duration_seconds, v.n - 1
               FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY
                 AS v(title, url, duration_seconds, n)
              ORDER BY v.n`,
            [
              id,
              videos.map((v) => v.title),
              videos.map((v) => v.url),
              videos.map((v) => v.duration_seconds),
            ],
          );
        return id;
      });
    },
  };
}
export type TrainingsRepository = ReturnType<typeof trainingsRepository>;
