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
import type { Db } from '../db/db';
import type { UserAttributeValues } from '../lib/storefront-audience';
import { trainingsRepository, type Viewer } from './trainings';

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

/** Storefront layouts, their sections, the audiences they are built for and the trainings they show. */
export function storefrontRepository(db: Db) {
  const trainings = trainingsRepository(db);
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
     * The attributes of a signed-in user that restrictions read: their language (or the site's),
     * organizations and roles (everyone signed in has `authenticated`), and every field of
     * their profile document (a field added to the profile schema is readable at once).
     */
    async attributesOf(uid: number, siteLanguage: string): Promise<UserAttributeValues> {
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
      if (!row) return { language: [siteLanguage] };
      const values: Record<string, readonly string[]> = {};
      for (const [field, value] of Object.entries(row.profile ?? {})) {
        const list = (Array.isArray(value) ? value : [value])
          .filter((v) => v !== null && v !== undefined && v !== '')
          .map(String);
        if (list.length) values[field] = list;
      }
      return {
        ...values,
        language: [row.language || siteLanguage],
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
     * The trainings of a trainings section the viewer may see: a page of them, ordered by the
     * section's sorting (`personalized`: no ordering; a custom list keeps its own order).
     */
    async trainings(
      viewer: Viewer,
      content: TrainingsContent,
      page: number,
      limit: number,
    ): Promise<{ rows: TrainingListItem[]; meta: ListMeta }> {
      const meta = (total: number): ListMeta => ({
        page,
        limit,
        total,
        totalPages: Math.ceil(total / limit),
      });
      const q = { sort: content.sorting, page, limit };
      let result: { rows: TrainingListItem[]; total: number };
      switch (content.source) {
        case 'free':
          result = await trainings.list(viewer, { ...q, free: true });
          break;
        case 'custom':
          if (!content.training_ids?.length) return { rows: [], meta: meta(0) };
          result = await trainings.list(viewer, { ...q, ids: content.training_ids });
          break;
        case 'vocabulary': {
          let tags = content.tags ?? [];
          if (!tags.length && content.vocabulary)
            tags = (
              await db.query<{ tid: number }>(
                'SELECT tid FROM taxonomy_terms WHERE vocabulary = $1',
                [content.vocabulary],
              )
            ).rows.map((r) => r.tid);
          if (!tags.length) return { rows: [], meta: meta(0) };
          result = await trainings.list(viewer, { ...q, tags });
          break;
        }
        default:
          result = await trainings.list(viewer, q);
      }
      return { rows: result.rows, meta: meta(result.total) };
    },
  };
}
export type StorefrontRepository = ReturnType<typeof storefrontRepository>;
