import type { ContentTranslations, FieldTexts } from '@engine/core';
import { sqlState, type Db } from '../db/db';

/** PostgreSQL's code for a value that cannot be read as the column's type. */
const PG_INVALID_TEXT = '22P02';

/** A translatable field by its path (`image.alt`) and the column holding its default text. */
export interface TableField {
  field: string;
  column: string;
}

/** A table whose columns hold the default language's text of translatable fields. */
export interface TableContent {
  entity: string;
  table: string;
  /** The column identifying a row. */
  id: string;
  /** Translatable fields that are columns of the table. */
  fields: readonly TableField[];
}

/** A field of an entity with its default-language text and no text in some language. */
export interface UntranslatedItem {
  entity: string;
  entity_id: string;
  field: string;
  source: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  // Declarations name tables and columns; nothing a caller sends reaches these.
  if (!IDENTIFIER.test(name)) throw new Error(`Not an SQL identifier: ${name}`);
  return name;
}

/**
 * Texts administrators entered per site language, for fields their schemas declare
 * translatable: one row per entity, field and language (migration 0026).
 */
export function contentTranslationsRepository(db: Db) {
  return {
    /** The texts of one language for some entities, by entity id then field path. */
    async textsOf(
      entity: string,
      langcode: string,
      ids: readonly string[],
    ): Promise<Map<string, FieldTexts>> {
      const found = new Map<string, FieldTexts>();
      if (!ids.length) return found;
      const { rows } = await db.query<{ entity_id: string; field: string; value: string }>(
        `SELECT entity_id, field, value FROM content_translations
         WHERE entity = $1 AND langcode = $2 AND entity_id = ANY($3::text[])`,
        [entity, langcode, ids],
      );
      for (const row of rows) {
        const texts = found.get(row.entity_id) ?? {};
        texts[row.field] = row.value;
        found.set(row.entity_id, texts);
      }
      return found;
    },

    /** Every language's texts of one entity. */
    async allOf(entity: string, id: string): Promise<ContentTranslations> {
      const { rows } = await db.query<{ langcode: string; field: string; value: string }>(
        `SELECT langcode, field, value FROM content_translations
         WHERE entity = $1 AND entity_id = $2 ORDER BY langcode, field`,
        [entity, id],
      );
      const out: ContentTranslations = {};
      for (const row of rows) (out[row.langcode] ??= {})[row.field] = row.value;
      return out;
    },

    /**
     * Saves the texts given, language by language: a non-empty text is kept (replacing the one
     * before), an empty one removes the field's text in that language. Fields and languages not
     * given stay as they are.
     */
    async save(entity: string, id: string, translations: ContentTranslations): Promise<void> {
      const keep: { langcode: string; field: string; value: string }[] = [];
      const drop: { langcode: string; field: string }[] = [];
      for (const [langcode, texts] of Object.entries(translations))
        for (const [field, value] of Object.entries(texts)) {
          if (value.trim() === '') drop.push({ langcode, field });
          else keep.push({ langcode, field, value });
        }
      if (drop.length)
        await db.query(
          `DELETE FROM content_translations c USING unnest($3::text[], $4::text[]) AS d(langcode, field)
           WHERE c.entity = $1 AND c.entity_id = $2 AND c.langcode = d.langcode AND c.field = d.field`,
          [entity, id, drop.map((d) => d.langcode), drop.map((d) => d.field)],
        );
      if (keep.length)
        await db.query(
          `INSERT INTO content_translations (entity, entity_id, field, langcode, value)
           SELECT $1, $2, k.field, k.langcode, k.value
           FROM unnest($3::text[], $4::text[], $5::text[]) AS k(langcode, field, value)
           ON CONFLICT (entity, langcode, entity_id, field) DO UPDATE SET value = excluded.value`,
          [
            entity,
            id,
            keep.map((k) => k.langcode),
            keep.map((k) => k.field),
            keep.map((k) => k.value),
          ],
        );
    },

    /** Removes every language's texts of an entity (when the entity is removed). */
    async removeEntity(entity: string, id: string): Promise<void> {
      await db.query('DELETE FROM content_translations WHERE entity = $1 AND entity_id = $2', [
        entity,
        id,
      ]);
    },

    /**
     * The fields of a table's rows that have a default-language text but none in `langcode`:
     * how many, and the first `limit` of them by id and field.
     */
    async untranslatedIn(
      source: TableContent,
      langcode: string,
      limit: number,
    ): Promise<{ total: number; items: UntranslatedItem[] }> {
      if (!source.fields.length) return { total: 0, items: [] };
      const table = identifier(source.table);
      const id = identifier(source.id);
      const values = source.fields
        .map((f, i) => `($${i + 3}, s.${identifier(f.column)}::text)`)
        .join(', ');
      const from = `FROM ${table} s CROSS JOIN LATERAL (VALUES ${values}) AS f(field, source)
         WHERE f.source <> '' AND NOT EXISTS (
           SELECT 1 FROM content_translations c
           WHERE c.entity = $1 AND c.langcode = $2 AND c.entity_id = s.${id}::text AND c.field = f.field)`;
      const params = [source.entity, langcode, ...source.fields.map((f) => f.field)];
      const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
      const total = counted.rows[0]?.n ?? 0;
      if (limit <= 0 || total === 0) return { total, items: [] };
      const { rows } = await db.query<{ entity_id: string; field: string; source: string }>(
        `SELECT s.${id}::text AS entity_id, f.field, f.source ${from}
         ORDER BY s.${id}, f.field LIMIT ${Math.floor(limit)}`,
        params,
      );
      return { total, items: rows.map((r) => ({ entity: source.entity, ...r })) };
    },

    /**
     * The default-language texts of one row's fields by field path, or undefined when there is no
     * such row.
     */
    async rowTexts(source: TableContent, id: string): Promise<FieldTexts | undefined> {
      const columns = source.fields.map(
        (f) => `${identifier(f.column)}::text AS ${identifier(f.column)}`,
      );
      try {
        const { rows } = await db.query<Record<string, string | null>>(
          `SELECT ${['1 AS found', ...columns].join(', ')} FROM ${identifier(source.table)}
           WHERE ${identifier(source.id)} = $1`,
          [id],
        );
        const row = rows[0];
        if (!row) return undefined;
        const texts: FieldTexts = {};
        for (const f of source.fields) texts[f.field] = row[f.column] ?? '';
        return texts;
      } catch (error) {
        // An id that cannot be one of the column's values (a word for a number) names no row.
        if (sqlState(error) === PG_INVALID_TEXT) return undefined;
        throw error;
      }
    },
  };
}
export type ContentTranslationsRepository = ReturnType<typeof contentTranslationsRepository>;
