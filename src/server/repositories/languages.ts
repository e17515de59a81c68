import type { Language, Translation } from '@schemas/entities/language.schema';
import type { Db } from '../db/db';

/** Site languages and interface translations. */
export function languagesRepository(db: Db) {
  /**
   * Writes translations of one language and context, keeping or replacing the ones it has. One
   * statement for the whole set: a language's interface has a thousand strings, and a round trip
   * each made saving them (and seeding the demo) take most of a second.
   */
  async function insertTranslations(
    langcode: string,
    context: string,
    entries: Record<string, string>,
    existing: 'keep' | 'replace',
  ): Promise<void> {
    const sources = Object.keys(entries);
    if (!sources.length) return;
    await db.query(
      `INSERT INTO translations (langcode, context, source, translation)
       SELECT $1, $2, e.source, e.translation FROM unnest($3::text[], $4::text[]) AS e(source, translation)
       ON CONFLICT (langcode, context, source) ${
         existing === 'keep' ? 'DO NOTHING' : 'DO UPDATE SET translation = excluded.translation'
       }`,
      [langcode, context, sources, Object.values(entries)],
    );
  }

  return {
    async list(): Promise<Language[]> {
      const { rows } = await db.query<Language>(
        'SELECT langcode, name, native_name, direction, weight FROM languages ORDER BY weight, langcode',
      );
      return rows;
    },

    async get(langcode: string): Promise<Language | undefined> {
      const { rows } = await db.query<Language>(
        'SELECT langcode, name, native_name, direction, weight FROM languages WHERE langcode = $1',
        [langcode],
      );
      return rows[0];
    },

    /** Changes some fields of a language; the language after, or undefined when missing. */
    async update(
      langcode: string,
      patch: Partial<Omit<Language, 'langcode'>>,
    ): Promise<Language | undefined> {
      const current = await this.get(langcode);
      if (!current) return undefined;
      const next = { ...current, ...patch };
      await db.query(
        'UPDATE languages SET name = $2, native_name = $3, direction = $4, weight = $5 WHERE langcode = $1',
        [langcode, next.name, next.native_name ?? '', next.direction, next.weight],
      );
      return this.get(langcode);
    },

    /** Removes translations of some source strings; how many there were. */
    async deleteTranslations(
      langcode: string,
      context: string,
      sources: readonly string[],
    ): Promise<number> {
      if (!sources.length) return 0;
      const { rows } = await db.query(
        'DELETE FROM translations WHERE langcode = $1 AND context = $2 AND source = ANY($3::text[]) RETURNING id',
        [langcode, context, sources],
      );
      return rows.length;
    },

    async exists(langcode: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM languages WHERE langcode = $1', [langcode]);
      return rows.length > 0;
    },

    async translations(langcode: string, context: string): Promise<Translation[]> {
      const { rows } = await db.query<Translation>(
        'SELECT source, translation FROM translations WHERE langcode = $1 AND context = $2 ORDER BY source',
        [langcode, context],
      );
      return rows;
    },

    async create(language: Language): Promise<void> {
      await db.query(
        'INSERT INTO languages (langcode, name, native_name, direction, weight) VALUES ($1, $2, $3, $4, $5)',
        [
          language.langcode,
          language.name,
          language.native_name ?? '',
          language.direction,
          language.weight,
        ],
      );
    },

    /** Inserts the translations of one language and context that it has none for yet. */
    addMissingTranslations: (langcode: string, context: string, entries: Record<string, string>) =>
      insertTranslations(langcode, context, entries, 'keep'),

    /** Inserts or replaces translations of one language and context. */
    upsertTranslations: (langcode: string, context: string, entries: Record<string, string>) =>
      insertTranslations(langcode, context, entries, 'replace'),
  };
}
export type LanguagesRepository = ReturnType<typeof languagesRepository>;
