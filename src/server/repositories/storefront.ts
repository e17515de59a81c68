import type { ListMeta } from '@schemas/entities/common.schema';
import type { restrictionOptionSources } from '@schemas/config/restriction-type.schema';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import type {
  RestrictionItem,
  StorefrontRestrictionOptions,
  StorefrontSection,
} from '@schemas/entities/storefront.schema';
import type { TrainingListItem } from '@schemas/entities/training.schema';
import type { TrainingsContent } from '@schemas/storefront/trainings.section';
import { pageMeta } from '@engine/server';
import type { Db } from '../db/db';
import type { UserAttributeValues } from '../lib/storefront-audience';
import { SqlParams } from './sql-params';
import { listItems, subscriptionsOf, visibleSql, type Viewer } from './trainings';

type RestrictionOptionSource = (typeof restrictionOptionSources)[number];

/** Which visitors a layout is for. */
export type StorefrontAudience = 'registered' | 'unregistered';

/** A layout row without its sections. */
export interface LayoutRow {
  id: number;
  audience: StorefrontAudience;
  language: string;
  enabled: boolean;
}

/** A section to store: `id` null (or absent) inserts it. */
export interface SectionInput {
  id?: number | null;
  type: string;
  data: StorefrontSection['data'];
}

interface SectionRow {
  id: number;
  layout_id: number;
  type: string;
  weight: number;
  content: Record<string, unknown>;
  settings: Record<string, unknown>;
  appearance: Record<string, unknown>;
  restrictions: RestrictionItem[];
}

const LAYOUT_COLUMNS = 'id, audience, language, enabled';
const SECTION_COLUMNS = 'id, layout_id, type, weight, content, settings, appearance, restrictions';

function toSection(row: SectionRow): StorefrontSection {
  return {
    id: row.id,
    type: row.type,
    weight: row.weight,
    data: {
      content: row.content,
      settings: row.settings,
      appearance: row.appearance,
      restrictions: row.restrictions,
    },
  };
}

/** A page of the trainings a trainings section's content asks for. */
export interface SectionTrainingsQuery {
  content: TrainingsContent;
  offset: number;
  limit: number;
}

/** What one lookup of trainings asks the database for (see `sectionTrainings`). */
interface LookupSpec {
  free: boolean;
  ids: number[] | null;
  /** Tag ids, and the number of the vocabulary group of each: a training needs every group. */
  tids: number[] | null;
  grps: number[] | null;
  ngroups: number;
  sort: TrainingsContent['sorting'];
  off: number;
}

/** One lookup, shared by the queries asking the same; `spec` null when it can find nothing. */
interface Lookup {
  key: number;
  spec: LookupSpec | null;
  /** The most trainings a query sharing it shows. */
  limit: number;
  content: TrainingsContent;
}

/**
 * The lookups the queries need, and which lookup each query reads (`of`, in query order).
 * Queries for the same trainings in the same order from the same offset share a lookup. Tags
 * are resolved to their vocabularies, and a vocabulary without chosen tags to all its terms, in
 * one statement for all queries.
 */
async function lookupsOf(
  db: Db,
  queries: readonly SectionTrainingsQuery[],
): Promise<{ lookups: Lookup[]; of: Lookup[] }> {
  const tags = queries.flatMap((q) =>
    q.content.source === 'vocabulary' ? (q.content.tags ?? []) : [],
  );
  const vocabularies = queries.flatMap((q) =>
    q.content.source === 'vocabulary' && !q.content.tags?.length && q.content.vocabulary
      ? [q.content.vocabulary]
      : [],
  );
  const terms =
    tags.length || vocabularies.length
      ? (
          await db.query<{ tid: number; vocabulary: string }>(
            `SELECT tid, vocabulary FROM taxonomy_terms
             WHERE tid = ANY($1::int[]) OR vocabulary = ANY($2::text[])`,
            [[...new Set(tags)], [...new Set(vocabularies)]],
          )
        ).rows
      : [];
  const vocabularyOf = new Map(terms.map((t) => [t.tid, t.vocabulary]));

  const specOf = ({ content, offset }: SectionTrainingsQuery): LookupSpec | null => {
    const base: LookupSpec = {
      free: false,
      ids: null,
      tids: null,
      grps: null,
      ngroups: 0,
      sort: content.sorting,
      off: offset,
    };
    switch (content.source) {
      case 'free':
        return { ...base, free: true };
      case 'custom':
        return content.training_ids?.length ? { ...base, ids: [...content.training_ids] } : null;
      case 'vocabulary': {
        const chosen = content.tags?.length
          ? [...new Set(content.tags)]
          : terms.filter((t) => t.vocabulary === content.vocabulary).map((t) => t.tid);
        if (!chosen.length) return null;
        // An unknown term forms a group of its own, which no training has.
        const groups = [...new Set(chosen.map((tid) => vocabularyOf.get(tid) ?? ''))];
        return {
          ...base,
          tids: chosen,
          grps: chosen.map((tid) => groups.indexOf(vocabularyOf.get(tid) ?? '')),
          ngroups: groups.length,
        };
      }
      default:
        return base;
    }
  };

  const byKey = new Map<string, Lookup>();
  const of = queries.map((query) => {
    const spec = specOf(query);
    const key = JSON.stringify(spec);
    const shared = byKey.get(key);
    if (shared) {
      shared.limit = Math.max(shared.limit, query.limit);
      return shared;
    }
    const lookup: Lookup = { key: byKey.size, spec, limit: query.limit, content: query.content };
    byKey.set(key, lookup);
    return lookup;
  });
  return { lookups: [...byKey.values()], of };
}

/** Storefront layouts, their sections, the audiences they are built for and the trainings they show. */
export function storefrontRepository(db: Db) {
  return {
    /** The layout of an audience and language, if there is one. */
    async find(audience: StorefrontAudience, language: string): Promise<LayoutRow | undefined> {
      const { rows } = await db.query<LayoutRow>(
        `SELECT ${LAYOUT_COLUMNS} FROM storefront_layouts WHERE audience = $1 AND language = $2`,
        [audience, language],
      );
      return rows[0];
    },

    async get(id: number): Promise<LayoutRow | undefined> {
      const { rows } = await db.query<LayoutRow>(
        `SELECT ${LAYOUT_COLUMNS} FROM storefront_layouts WHERE id = $1`,
        [id],
      );
      return rows[0];
    },

    /**
     * The layout of an audience and language, created empty and enabled when missing (`created`
     * then). Only a save calls it: a layout that nobody saved does not exist, so its language's
     * visitors see the English one.
     */
    async open(
      audience: StorefrontAudience,
      language: string,
    ): Promise<{ layout: LayoutRow; created: boolean }> {
      const { rows } = await db.query<LayoutRow>(
        `INSERT INTO storefront_layouts (audience, language) VALUES ($1, $2)
         ON CONFLICT (audience, language) DO NOTHING RETURNING ${LAYOUT_COLUMNS}`,
        [audience, language],
      );
      if (rows[0]) return { layout: rows[0], created: true };
      return { layout: (await this.find(audience, language))!, created: false };
    },

    /** A layout's sections in order. */
    async sections(layoutId: number): Promise<StorefrontSection[]> {
      const { rows } = await db.query<SectionRow>(
        `SELECT ${SECTION_COLUMNS} FROM storefront_sections WHERE layout_id = $1
         ORDER BY weight, id`,
        [layoutId],
      );
      return rows.map(toSection);
    },

    /** The user's subscriptions to the given trainings, by training id. */
    subscriptions: (uid: number, ids: readonly number[]) =>
      subscriptionsOf(db, uid, [...new Set(ids)]),

    /** One section with its layout. */
    async section(
      id: number,
    ): Promise<{ section: StorefrontSection; layout: LayoutRow } | undefined> {
      const { rows } = await db.query<SectionRow>(
        `SELECT ${SECTION_COLUMNS} FROM storefront_sections WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      const layout = await this.get(row.layout_id);
      return layout && { section: toSection(row), layout };
    },

    /**
     * Replaces a layout's sections in one transaction: sections with an id of this layout are
     * updated, those without are inserted, the others deleted; weights become 0..n-1 in list
     * order. Returns the ids of sections not of this layout (nothing is written then).
     */
    async replaceSections(
      layoutId: number,
      sections: readonly SectionInput[],
      enabled?: boolean,
    ): Promise<{ foreign: number[] }> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM storefront_layouts WHERE id = $1 FOR UPDATE', [layoutId]);
        const existing = new Set(
          (
            await tx.query<{ id: number }>(
              'SELECT id FROM storefront_sections WHERE layout_id = $1',
              [layoutId],
            )
          ).rows.map((r) => r.id),
        );
        const foreign = sections.flatMap((s, i) =>
          s.id !== null && s.id !== undefined && !existing.has(s.id) ? [i] : [],
        );
        if (foreign.length) return { foreign };
        const kept = sections.flatMap((s) => (s.id ? [s.id] : []));
        await tx.query(
          'DELETE FROM storefront_sections WHERE layout_id = $1 AND NOT (id = ANY($2::int[]))',
          [layoutId, kept],
        );
        for (const [weight, s] of sections.entries()) {
          const values = [
            s.type,
            weight,
            JSON.stringify(s.data.content),
            JSON.stringify(s.data.settings),
            JSON.stringify(s.data.appearance),
            JSON.stringify(s.data.restrictions),
          ];
          if (s.id)
            await tx.query(
              `UPDATE storefront_sections SET type = $1, weight = $2, content = $3::jsonb,
                 settings = $4::jsonb, appearance = $5::jsonb, restrictions = $6::jsonb
               WHERE id = $7`,
              [...values, s.id],
            );
          else
            await tx.query(
              `INSERT INTO storefront_sections (type, weight, content, settings, appearance, restrictions, layout_id)
               VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7)`,
              [...values, layoutId],
            );
        }
        await tx.query(
          `UPDATE storefront_layouts SET enabled = coalesce($2::boolean, enabled), updated_at = now()
           WHERE id = $1`,
          [layoutId, enabled ?? null],
        );
        return { foreign: [] };
      });
    },

    /** Creates a layout with its sections (demo seed, tests); returns its id. */
    async create(
      audience: StorefrontAudience,
      language: string,
      sections: readonly SectionInput[],
      enabled = true,
    ): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO storefront_layouts (audience, language, enabled) VALUES ($1, $2, $3) RETURNING id`,
        [audience, language, enabled],
      );
      const id = rows[0]!.id;
      await this.replaceSections(id, sections);
      return id;
    },

    /**
     * The attributes of a signed-in user that restrictions read: the language they chose (none
     * when they chose none), organizations and roles (everyone signed in has `authenticated`),
     * and every field of their profile document (a field added to the profile schema is readable
     * at once).
     */
    async attributesOf(uid: number): Promise<UserAttributeValues> {
      const { rows } = await db.query<{
        language: string | null;
        profile: Record<string, unknown>;
        organizations: number[];
        roles: string[];
      }>(
        `SELECT u.language, u.profile,
           (SELECT coalesce(array_agg(o.organization_id), '{}') FROM user_organizations o WHERE o.uid = u.uid) AS organizations,
           (SELECT coalesce(array_agg(r.role), '{}') FROM user_roles r WHERE r.uid = u.uid) AS roles
         FROM users u WHERE u.uid = $1`,
        [uid],
      );
      const row = rows[0];
      if (!row) return {};
      const values: Record<string, readonly string[]> = {};
      for (const [field, value] of Object.entries(row.profile ?? {})) {
        const list = (Array.isArray(value) ? value : [value])
          .filter((v) => v !== null && v !== undefined && v !== '')
          .map(String);
        if (list.length) values[field] = list;
      }
      return {
        ...values,
        ...(row.language ? { language: [row.language] } : {}),
        organizations: row.organizations.map(String),
        roles: ['authenticated', ...row.roles],
      };
    },

    /**
     * The target audience dialog of an audience: the restriction types it offers (as declared),
     * each with its options from the source its declaration names.
     */
    async restrictionOptions(
      audience: StorefrontAudience,
      countries: readonly { code: string; name: string }[],
    ): Promise<StorefrontRestrictionOptions[]> {
      const sources: Record<
        RestrictionOptionSource,
        (reads: string) => Promise<{ value: string | number; label: string }[]>
      > = {
        languages: async () =>
          (
            await db.query<{ langcode: string; name: string }>(
              'SELECT langcode, name FROM languages ORDER BY weight, langcode',
            )
          ).rows.map((r) => ({ value: r.langcode, label: r.name })),
        countries: async () => countries.map((c) => ({ value: c.code, label: c.name })),
        // The values users have of the profile field the type reads.
        values: async (reads) =>
          (
            await db.query<{ value: string }>(
              `SELECT DISTINCT profile ->> $1::text AS value FROM users
               WHERE coalesce(profile ->> $1::text, '') <> '' ORDER BY 1`,
              [reads],
            )
          ).rows.map((r) => ({ value: r.value, label: r.value })),
        organizations: async () =>
          (
            await db.query<{ id: number; name: string }>(
              'SELECT id, name FROM organizations ORDER BY name, id',
            )
          ).rows.map((r) => ({ value: r.id, label: r.name })),
        roles: async () =>
          (
            await db.query<{ name: string; label: string }>(
              `SELECT name, label FROM roles WHERE name <> 'anonymous' ORDER BY weight, name`,
            )
          ).rows.map((r) => ({ value: r.name, label: r.label })),
      };
      const out: StorefrontRestrictionOptions[] = [];
      for (const declaration of restrictionTypeDeclarations) {
        const choice = (declaration.dialog as Partial<Record<StorefrontAudience, string>>)[
          audience
        ];
        if (!choice) continue;
        out.push({
          type: declaration.type,
          label: declaration.label,
          multiple: choice === 'several',
          options: await sources[declaration.options](declaration.reads),
        });
      }
      return out;
    },

    /**
     * The trainings each of several trainings sections shows the viewer, in one statement
     * whatever the number of sections: for each query, a page of the trainings its content asks
     * for in its sorting (`personalized`: no ordering; a custom list keeps its own order) and
     * how many there are in all. Sections asking for the same trainings in the same order share
     * one lookup. `subscriptions: false` leaves every item's `subscription` null, for an answer
     * kept for everyone with the viewer's audience.
     */
    async sectionTrainings(
      viewer: Viewer,
      queries: readonly SectionTrainingsQuery[],
      { subscriptions = true }: { subscriptions?: boolean } = {},
    ): Promise<{ rows: TrainingListItem[]; meta: ListMeta }[]> {
      const { lookups, of } = await lookupsOf(db, queries);
      const found = new Map<number, { ids: number[]; total: number }>();
      const asked = lookups.filter((l) => l.spec !== null);
      if (asked.length) {
        const params = new SqlParams();
        const specs = params.add(
          JSON.stringify(asked.map((l) => ({ k: l.key, ...l.spec, lim: l.limit }))),
          '::jsonb',
        );
        const visible = visibleSql('t', viewer, params);
        const sql = `WITH q AS (
             SELECT * FROM jsonb_to_recordset(${specs}) AS q(k int, free boolean, ids int[],
               tids int[], grps int[], ngroups int, sort text, lim int, off int)
           )
           SELECT q.k, x.id, x.total::int AS total FROM q LEFT JOIN LATERAL (
             SELECT c.id, count(*) OVER () AS total FROM (
               SELECT t.id, t.created, t.title FROM trainings t
                WHERE q.ids IS NOT NULL AND t.id = ANY(q.ids) AND ${visible}
               UNION ALL
               -- A training with a tag of every vocabulary the tags are of.
               SELECT t.id, t.created, t.title FROM trainings t
                WHERE q.tids IS NOT NULL
                  AND t.id IN (SELECT tt.training_id FROM training_terms tt WHERE tt.tid = ANY(q.tids))
                  AND (SELECT count(DISTINCT g.grp) FROM unnest(q.tids, q.grps) AS g(tid, grp)
                         JOIN training_terms tt ON tt.tid = g.tid AND tt.training_id = t.id) = q.ngroups
                  AND ${visible}
               UNION ALL
               SELECT t.id, t.created, t.title FROM trainings t
                WHERE q.ids IS NULL AND q.tids IS NULL AND (NOT q.free OR t.free) AND ${visible}
             ) c
             ORDER BY
               CASE WHEN q.sort = 'newest' THEN c.created END DESC,
               CASE WHEN q.sort = 'title' THEN c.title END,
               CASE WHEN q.sort = 'personalized' THEN array_position(q.ids, c.id) END,
               c.id
             LIMIT q.lim OFFSET q.off
           ) x ON true`;
        const { rows } = await db.query<{ k: number; id: number | null; total: number | null }>(
          sql,
          params.values,
        );
        for (const row of rows) {
          const entry = found.get(row.k) ?? { ids: [], total: 0 };
          if (row.id !== null) entry.ids.push(row.id);
          entry.total = row.total ?? 0;
          found.set(row.k, entry);
        }
        // A page past the end has no row to count on: its total is counted on its own.
        const past = asked.filter((l) => !found.get(l.key)?.ids.length && (l.spec?.off ?? 0) > 0);
        for (const lookup of past) {
          const [first] = await this.sectionTrainings(viewer, [
            { content: lookup.content, offset: 0, limit: 1 },
          ]);
          found.set(lookup.key, { ids: [], total: first?.meta.total ?? 0 });
        }
      }
      const ids = [...new Set([...found.values()].flatMap((f) => f.ids))];
      const items = new Map(
        (await listItems(db, ids, subscriptions ? viewer.uid : 0)).map((item) => [item.id, item]),
      );
      return queries.map((query, i) => {
        const result = found.get(of[i]!.key) ?? { ids: [], total: 0 };
        const page = Math.floor(query.offset / query.limit);
        return {
          rows: result.ids
            .slice(0, query.limit)
            .flatMap((id) => (items.has(id) ? [items.get(id)!] : [])),
          meta: pageMeta(page, query.limit, result.total),
        };
      });
    },
  };
}
export type StorefrontRepository = ReturnType<typeof storefrontRepository>;
