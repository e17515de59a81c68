import type { SearchMeta, SearchResult } from '@schemas/entities/training.schema';
import type { Db } from '../db/db';
import { SNIPPET_START, SNIPPET_STOP, snippetHtml } from '../lib/html-text';
import { SqlParams } from './sql-params';
import {
  filterSql,
  listItems,
  tagGroups,
  visibleSql,
  type FacetOmit,
  type TrainingFilters,
  type Viewer,
} from './trainings';

const HEADLINE_OPTIONS = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=35, MinWords=15, ShortWord=2`;

/** A search: the words as typed, filters and paging. */
export interface SearchInput extends TrainingFilters {
  s: string;
  page: number;
  limit: number;
}

/**
 * The visible trainings matching the words, each matched with the words parsed in its own
 * language's text search configuration (`websearch_to_tsquery`, so quotes, `or` and `-word` work).
 */
function hitsCte(viewer: Viewer, s: string, params: SqlParams): string {
  const words = params.add(s);
  return `WITH q AS (
      SELECT l.language, websearch_to_tsquery(training_ts_config(l.language), ${words}) AS query
      FROM (SELECT DISTINCT language FROM trainings) l
    ), hits AS (
      SELECT t.id, t.language, t.free, t.search_vector, q.query
      FROM trainings t JOIN q ON q.language = t.language
      WHERE t.search_vector @@ q.query AND ${visibleSql('t', viewer, params)}
    )`;
}

/** Full-text search over trainings with ranking, highlighted snippets and facet counts. */
export function searchRepository(db: Db) {
  async function facetQuery<T>(
    viewer: Viewer,
    input: SearchInput,
    groups: Map<string, number[]>,
    omit: FacetOmit,
    build: (where: string) => string,
    termAlias?: string,
  ): Promise<T[]> {
    const params = new SqlParams();
    const cte = hitsCte(viewer, input.s, params);
    const where = filterSql('h', input, groups, params, {
      omit,
      ...(termAlias ? { termAlias } : {}),
    });
    const sql = `${cte} ${build(where.length ? `WHERE ${where.join(' AND ')}` : '')}`;
    return (await db.query<T>(sql, params.values)).rows;
  }

  return {
    async search(
      viewer: Viewer,
      input: SearchInput,
    ): Promise<{ rows: SearchResult[]; total: number; facets: SearchMeta['facets'] }> {
      const groups = await tagGroups(db, input.tags);

      const params = new SqlParams();
      const cte = hitsCte(viewer, input.s, params);
      const where = filterSql('h', input, groups, params);
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = await db.query<{ n: number }>(
        `${cte} SELECT count(*)::int AS n FROM hits h ${filter}`,
        params.values,
      );
      const options = params.add(HEADLINE_OPTIONS);
      const limit = params.add(input.limit, '::int');
      const offset = params.add(input.page * input.limit, '::int');
      const page = await db.query<{ id: number; rank: number; headline: string; source: string }>(
        `${cte}, ranked AS (
           SELECT h.id, h.query, ts_rank_cd(h.search_vector, h.query) AS rank,
             ts_filter(h.search_vector, '{a}') @@ h.query AS title_hit
           FROM hits h ${filter}
           ORDER BY title_hit DESC, rank DESC, h.id LIMIT ${limit} OFFSET ${offset}
         )
         SELECT r.id, r.rank::float8 AS rank,
           ts_headline(training_ts_config(t.language), t.summary || E'\\n' || t.body_text, r.query, ${options}) AS headline,
           t.summary || E'\\n' || t.body_text AS source
         FROM ranked r JOIN trainings t ON t.id = r.id
         ORDER BY r.title_hit DESC, r.rank DESC, r.id`,
        params.values,
      );

      const [tags, languages, free] = await Promise.all([
        facetQuery<{ value: number; label: string; vocabulary: string; count: number }>(
          viewer,
          input,
          groups,
          'tags',
          (w) => `SELECT x.tid AS value, x.name AS label, x.vocabulary, count(*)::int AS count
            FROM hits h JOIN training_terms tt ON tt.training_id = h.id
            JOIN taxonomy_terms x ON x.tid = tt.tid
            JOIN vocabularies v ON v.machine_name = x.vocabulary
            ${w}
            GROUP BY x.tid, x.name, x.vocabulary, x.weight, v.weight
            ORDER BY v.weight, x.vocabulary, count(*) DESC, x.weight, x.name, x.tid`,
          'x',
        ),
        facetQuery<{ value: string; label: string; count: number }>(
          viewer,
          input,
          groups,
          'language',
          (
            w,
          ) => `SELECT h.language AS value, coalesce(l.name, h.language) AS label, count(*)::int AS count
            FROM hits h LEFT JOIN languages l ON l.langcode = h.language
            ${w}
            GROUP BY h.language, l.name, l.weight ORDER BY count(*) DESC, l.weight, h.language`,
        ),
        facetQuery<{ value: boolean; count: number }>(
          viewer,
          input,
          groups,
          'free',
          (w) => `SELECT h.free AS value, count(*)::int AS count FROM hits h ${w}
            GROUP BY h.free ORDER BY h.free DESC`,
        ),
      ]);

      const items = await listItems(
        db,
        page.rows.map((r) => r.id),
        viewer.uid,
      );
      const byId = new Map(items.map((item) => [item.id, item]));
      const rows = page.rows.flatMap((r) => {
        const training = byId.get(r.id);
        return training
          ? [{ training, rank: Number(r.rank), snippet: snippetHtml(r.headline, r.source) }]
          : [];
      });
      return {
        rows,
        total: total.rows[0]?.n ?? 0,
        facets: {
          tags,
          language: languages,
          free: free.map((f) => ({ ...f, label: f.value ? 'Free' : 'Paid' })),
        },
      };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
