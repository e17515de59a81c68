import type { SearchMeta, SearchResult } from '@schemas/entities/training.schema';
import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { SNIPPET_START, SNIPPET_STOP, snippetHtml } from '../lib/html-text';
import { EXACT_COUNT_LIMIT } from './seek-paging';
import { SqlParams } from './sql-params';
import {
  filterSql,
  itemColumnsSql,
  tagGroups,
  toListItem,
  visibleSql,
  type ItemRow,
  type TrainingFilters,
  type Viewer,
} from './trainings';

const HEADLINE_OPTIONS = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=35, MinWords=15, ShortWord=2`;
/** A title is highlighted whole: every matched word in it, nothing cut. */
const TITLE_HEADLINE_OPTIONS = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, HighlightAll=true`;

/**
 * Whether the last word of a search is still being typed and matches as a prefix: the text ends
 * in a letter or digit (not in a closing quote or a space).
 */
function endsInWord(words: string): boolean {
  return /[\p{L}\p{N}]$/u.test(words.trim());
}

/**
 * The last word of a query made a prefix (`'leader':*` also finds "leadership"): SQL over a
 * `tsquery` expression, used when {@link endsInWord}. Only a query ending in a plain word is
 * changed; an excluded word (`-word`, `!'word'`) stays whole.
 */
const lastWordAsPrefix = (query: string) =>
  `CASE WHEN ${query}::text ~ '(^|[^!])''([^'']|'''')*''$'
        THEN (${query}::text || ':*')::tsquery ELSE ${query} END`;

/**
 * Hits counted one by one, for the total and the facets; a search matching more counts this
 * many of them and says its numbers are estimates.
 */
export const COUNTED_HITS = EXACT_COUNT_LIMIT;

/**
 * Hits ranked by relevance: the first ones in the order a search can tell without reading their
 * documents (title hits first, then newest). The hits after them follow in that order.
 */
export const RANKED_HITS = 100;

/** A search: the words as typed, filters and paging. */
export interface SearchInput extends TrainingFilters {
  s: string;
  page: number;
  limit: number;
}

type TagFacet = SearchMeta['facets']['tags'][number];

interface SearchRow {
  total: number;
  /** Null when no filter is set: then the total is the hits counted. */
  counted: number | null;
  tags: TagFacet[];
  languages: { value: string; label: string; count: number }[];
  free: { value: boolean; count: number }[];
  page: (ItemRow & { rank: number; headline: string; title_headline: string; source: string })[];
}

/** Full-text search over trainings with ranking, highlighted snippets and facet counts. */
export function searchRepository(db: Db) {
  return {
    /**
     * One statement: the visible trainings matching the words, each matched with the words
     * parsed in its own language's text search configuration (`websearch_to_tsquery`, so quotes,
     * `or` and `-word` work; words stemmed, so "leaders" finds "leader"), the last word as a
     * prefix while it is being typed ("leader" finds "leadership"), up to {@link COUNTED_HITS} of them; the total and the facets
     * counted over those hits (each facet before its own filter); and the page, from the first
     * {@link RANKED_HITS} hits ranked by relevance, with its items, snippets and titles, their
     * matched words marked.
     */
    async search(
      viewer: Viewer,
      input: SearchInput,
    ): Promise<{
      rows: SearchResult[];
      total: number;
      estimated: boolean;
      facets: SearchMeta['facets'];
    }> {
      const groups = await tagGroups(db, input.tags);
      const params = new SqlParams();
      const words = params.add(input.s);
      const visible = visibleSql('t', viewer, params);
      const where = (...conditions: string[]) =>
        conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const filter = where(...filterSql('h', input, groups, params));
      const tagFilter = where(
        ...filterSql('h', input, groups, params, { omit: 'tags', term: 'h.tid' }),
      );
      const languageFilter = where(...filterSql('h', input, groups, params, { omit: 'language' }));
      const freeFilter = where(...filterSql('h', input, groups, params, { omit: 'free' }));
      const found = filter ? 'found' : 'hits';
      const counted = params.add(COUNTED_HITS + 1, '::int');
      const ranked = params.add(RANKED_HITS, '::int');
      const limit = params.add(input.limit, '::int');
      const offset = params.add(input.page * input.limit, '::int');
      const options = params.add(HEADLINE_OPTIONS);
      const titleOptions = params.add(TITLE_HEADLINE_OPTIONS);
      const uid = params.add(viewer.uid, '::int');
      const sql = `WITH typed AS (
           SELECT l.langcode AS language,
                  websearch_to_tsquery(training_ts_config(l.langcode), ${words}) AS query
             FROM languages l
         ), q AS (
           SELECT w.language,
                  ${endsInWord(input.s) ? lastWordAsPrefix('w.query') : 'w.query'} AS query
             FROM typed w
         ), any_q AS (
           -- Any language's words: one read of the index finds every language's hits.
           SELECT string_agg(DISTINCT '(' || query::text || ')', ' | ')::tsquery AS query
             FROM q WHERE numnode(query) > 0
         ), hits AS MATERIALIZED (
           -- Read from the index and the narrow search rows: no document is ranked here.
           -- Each candidate is matched once, with its own language's words (not tried against
           -- every language's).
           SELECT t.id, t.language, t.free, t.created, t.term_ids,
                  t.title_vector @@ lq.query AS title_hit
             FROM training_search t
             JOIN q lq ON lq.language = t.language
            WHERE t.search_vector @@ (SELECT query FROM any_q) AND t.search_vector @@ lq.query
              AND ${visible}
            LIMIT ${counted}
         )${
           // Without filters, what is found is what is counted: no second list.
           filter
             ? `, found AS MATERIALIZED (
           SELECT h.id, h.language, h.title_hit, h.created FROM hits h ${filter}
         )`
             : ''
         }, kinds AS MATERIALIZED (
           -- The hits by what the facets count (language, price, tags): many hits share these,
           -- so the facets add up a few hundred groups, not every hit.
           SELECT h.language, h.free, h.term_ids, count(*)::int AS n
             FROM hits h GROUP BY h.language, h.free, h.term_ids
         ), ranked AS MATERIALIZED (
           -- The first hits in the order known without their documents (title hits, then
           -- newest), ranked by relevance: each ranking reads its one document.
           SELECT c.id, c.language, c.title_hit,
                  (SELECT ts_rank_cd(t.search_vector, q.query) FROM training_search t, q
                    WHERE t.id = c.id AND q.language = c.language) AS rank
             FROM (SELECT f.* FROM ${found} f
                    ORDER BY f.title_hit DESC, f.created DESC, f.id LIMIT ${ranked}) c
         ), page AS (
           -- The ranked hits, then the others in the order above, read only for a page past
           -- the ranked ones.
           SELECT p.id, p.language, p.rank, p.ord FROM (
             (SELECT r.id, r.language, r.rank,
                     row_number() OVER (ORDER BY r.title_hit DESC, r.rank DESC, r.id) AS ord
                FROM ranked r ORDER BY ord)
             UNION ALL
             (SELECT f.id, f.language, NULL,
                     ${ranked} + row_number() OVER (ORDER BY f.title_hit DESC, f.created DESC, f.id)
                FROM ${found} f WHERE f.id NOT IN (SELECT id FROM ranked)
               ORDER BY 4)
           ) p
           LIMIT ${limit} OFFSET ${offset}
         )
         SELECT
           ${filter ? '(SELECT count(*)::int FROM found)' : '(SELECT coalesce(sum(n), 0)::int FROM kinds)'} AS total,
           ${filter ? '(SELECT count(*)::int FROM hits)' : 'NULL'} AS counted,
           (SELECT coalesce(json_agg(f ORDER BY f.vw, f.vocabulary, f.count DESC, f.xw, f.label, f.value), '[]')
              FROM (SELECT x.tid AS value, x.name AS label, x.vocabulary, c.count,
                           v.weight AS vw, x.weight AS xw
                      FROM (SELECT h.tid, sum(h.n)::int AS count
                              FROM (SELECT unnest(t.term_ids) AS tid, t.language, t.free,
                                           t.term_ids, t.n FROM kinds t) h
                              ${tagFilter}
                             GROUP BY h.tid) c
                      JOIN taxonomy_terms x ON x.tid = c.tid
                      JOIN vocabularies v ON v.machine_name = x.vocabulary) f) AS tags,
           (SELECT coalesce(json_agg(f ORDER BY f.count DESC, f.lw, f.value), '[]')
              FROM (SELECT c.language AS value, coalesce(l.name, c.language) AS label,
                           c.count, l.weight AS lw
                      FROM (SELECT h.language, sum(h.n)::int AS count FROM kinds h
                             ${languageFilter} GROUP BY h.language) c
                      LEFT JOIN languages l ON l.langcode = c.language) f) AS languages,
           (SELECT coalesce(json_agg(f ORDER BY f.value DESC), '[]')
              FROM (SELECT h.free AS value, sum(h.n)::int AS count FROM kinds h ${freeFilter}
                     GROUP BY h.free) f) AS free,
           (SELECT coalesce(json_agg(i ORDER BY i.ord), '[]') FROM (
              SELECT p.ord, coalesce(p.rank, ts_rank_cd(d.search_vector, q.query))::float8 AS rank,
                     ts_headline(training_ts_config(t.language), t.summary || E'\\n' || t.body_text,
                       q.query, ${options}) AS headline,
                     ts_headline(training_ts_config(t.language), t.title, q.query, ${titleOptions})
                       AS title_headline,
                     t.summary || E'\\n' || t.body_text AS source,
                     ${itemColumnsSql('t', uid)}
                FROM page p JOIN trainings t ON t.id = p.id JOIN q ON q.language = p.language
                JOIN training_search d ON d.id = p.id) i) AS page`;
      // Prepared once per connection for each shape of search (which filters, whether the last
      // word is a prefix): planning this statement takes longer than running it.
      const { rows } = await db.query<SearchRow>(sql, params.values, {
        prepare: `atrium_search_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`,
      });
      const row = rows[0]!;
      const estimated = (row.counted ?? row.total) > COUNTED_HITS;
      return {
        rows: row.page.map((r) => ({
          training: toListItem(r),
          rank: Number(r.rank),
          title_html: snippetHtml(r.title_headline),
          snippet: snippetHtml(r.headline, r.source),
        })),
        total: row.total,
        estimated,
        facets: {
          tags: row.tags.map(({ value, label, vocabulary, count }) => ({
            value,
            label,
            vocabulary,
            count,
          })),
          language: row.languages.map(({ value, label, count }) => ({ value, label, count })),
          free: row.free.map((f) => ({ ...f, label: f.value ? 'Free' : 'Paid' })),
        },
      };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
