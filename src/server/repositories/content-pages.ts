import type { Db } from '../db/db';

/** One language's version of a content page. */
export interface ContentPageBody {
  langcode: string;
  title: string;
  body: string;
  updated_at: string;
}

const iso = <T extends { updated_at: string | Date }>(row: T): T => ({
  ...row,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The title and text of the content pages, per page and language (table content_pages). */
export function contentPagesRepository(db: Db) {
  return {
    /** The page in the first of `langcodes` it has (the reader's, then the default), or none. */
    async read(key: string, langcodes: readonly string[]): Promise<ContentPageBody | undefined> {
      const { rows } = await db.query<ContentPageBody>(
        `SELECT langcode, title, body, updated_at
           FROM content_pages
          WHERE key = $1 AND langcode = ANY($2::text[])
          ORDER BY array_position($2::text[], langcode)
          LIMIT 1`,
        [key, langcodes],
      );
      return rows[0] && iso(rows[0]);
    },

    /** Every language's version of a page, by langcode. */
    async versions(key: string): Promise<ContentPageBody[]> {
      const { rows } = await db.query<ContentPageBody>(
        `SELECT langcode, title, body, updated_at FROM content_pages WHERE key = $1 ORDER BY langcode`,
        [key],
      );
      return rows.map(iso);
    },

    /** The languages each page is written in (one row per page and language; a few dozen). */
    async written(): Promise<{ key: string; langcode: string; updated_at: string }[]> {
      const { rows } = await db.query<{ key: string; langcode: string; updated_at: string }>(
        'SELECT key, langcode, updated_at FROM content_pages ORDER BY key, langcode',
      );
      return rows.map(iso);
    },

    /** Locks one version of a page for a change (the row, or nothing when not written yet). */
    async lock(key: string, langcode: string): Promise<ContentPageBody | undefined> {
      const { rows } = await db.query<ContentPageBody>(
        `SELECT langcode, title, body, updated_at FROM content_pages
          WHERE key = $1 AND langcode = $2 FOR UPDATE`,
        [key, langcode],
      );
      return rows[0];
    },

    /** Writes one language's version of a page. */
    async write(
      key: string,
      langcode: string,
      page: { title: string; body: string },
      uid: number | null,
    ): Promise<ContentPageBody> {
      const { rows } = await db.query<ContentPageBody>(
        `INSERT INTO content_pages (key, langcode, title, body, updated_by)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key, langcode) DO UPDATE
           SET title = excluded.title, body = excluded.body, updated_by = excluded.updated_by,
               updated_at = now()
         RETURNING langcode, title, body, updated_at`,
        [key, langcode, page.title, page.body, uid],
      );
      return iso(rows[0]!);
    },
  };
}
