import type { Organization, TaxonomyTerm, Vocabulary } from '@schemas/entities/taxonomy.schema';
import type { Db } from '../db/db';

const TERM_COLUMNS = 'tid, name, vocabulary, parent, weight';

/** Organizations, vocabularies and their terms. */
export function taxonomyRepository(db: Db) {
  return {
    async organizations(
      page: number,
      limit: number,
    ): Promise<{ rows: Organization[]; total: number }> {
      const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
      const { rows } = await db.query<Organization>(
        'SELECT id, name FROM organizations ORDER BY name, id LIMIT $1 OFFSET $2',
        [limit, page * limit],
      );
      return { rows, total: total.rows[0]?.n ?? 0 };
    },

    /** Which of the ids name no organization. */
    async missingOrganizations(ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const { rows } = await db.query<{ id: number }>(
        'SELECT id FROM organizations WHERE id = ANY($1::int[])',
        [ids],
      );
      const found = new Set(rows.map((r) => r.id));
      return ids.filter((id) => !found.has(id));
    },

    /** Terms of a vocabulary; `parent` 0 means top-level terms, undefined means all. */
    async terms(q: {
      machine_name: string;
      parent?: number;
      page: number;
      limit: number;
    }): Promise<{ rows: TaxonomyTerm[]; total: number }> {
      const params: unknown[] = [q.machine_name];
      let filter = 'vocabulary = $1';
      if (q.parent === 0) filter += ' AND parent IS NULL';
      else if (q.parent !== undefined) {
        params.push(q.parent);
        filter += ` AND parent = $${params.length}`;
      }
      const total = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM taxonomy_terms WHERE ${filter}`,
        params,
      );
      params.push(q.limit, q.page * q.limit);
      const { rows } = await db.query<TaxonomyTerm>(
        `SELECT ${TERM_COLUMNS} FROM taxonomy_terms WHERE ${filter} ORDER BY weight, name, tid
         LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { rows, total: total.rows[0]?.n ?? 0 };
    },

    async vocabularies(): Promise<Vocabulary[]> {
      const vocabularies = await db.query<{ machine_name: string; name: string }>(
        'SELECT machine_name, name FROM vocabularies ORDER BY weight, machine_name',
      );
      const terms = await db.query<TaxonomyTerm>(
        `SELECT ${TERM_COLUMNS} FROM taxonomy_terms ORDER BY weight, name, tid`,
      );
      return vocabularies.rows.map((v) => ({
        type: v.machine_name,
        name: v.name,
        taxonomy: terms.rows.filter((t) => t.vocabulary === v.machine_name),
      }));
    },

    async createOrganization(name: string): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO organizations (name) VALUES ($1) RETURNING id',
        [name],
      );
      return rows[0]!.id;
    },

    async createVocabulary(machineName: string, name: string, weight: number): Promise<void> {
      await db.query('INSERT INTO vocabularies (machine_name, name, weight) VALUES ($1, $2, $3)', [
        machineName,
        name,
        weight,
      ]);
    },

    async createTerm(
      vocabulary: string,
      name: string,
      weight: number,
      parent: number | null = null,
    ): Promise<number> {
      const { rows } = await db.query<{ tid: number }>(
        'INSERT INTO taxonomy_terms (vocabulary, name, parent, weight) VALUES ($1, $2, $3, $4) RETURNING tid',
        [vocabulary, name, parent, weight],
      );
      return rows[0]!.tid;
    },
  };
}
export type TaxonomyRepository = ReturnType<typeof taxonomyRepository>;
