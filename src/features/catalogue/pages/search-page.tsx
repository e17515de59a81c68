import { useSession, useT } from '@engine/react';
import type { SearchMeta } from '@schemas/entities/training.schema';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useSearch } from '@/lib/queries/search';
import { useVocabularies } from '@/lib/queries/vocabularies';
import { BackLink } from '@/shell/back-link/back-link';
import { Icon } from '@/shell/icons/icons';
import { PageHeader } from '@/shell/page/page-header';
import { safeBackUrl } from '../back-url';
import buttons from '../components/buttons.module.css';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { apiFilters, hasFilters, pageHref, readFilters, toggleTag, withParams } from '../filters';
import { formatMinutes } from '@/shell/trainings/format';
import { sanitizeSnippet } from '@/features/catalogue/html';
import layout from '../components/filter-layout.module.css';
import styles from './search-page.module.css';

const LIMIT = 10;

type Facets = SearchMeta['facets'];

function FacetPanel(p: {
  facets: Facets;
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
}) {
  const { t } = useT();
  const vocabularies = useVocabularies();
  const languages = useLanguages();
  const filters = readFilters(p.params);
  const vocabularyName = (type: string) =>
    vocabularies.data?.find((v) => v.type === type)?.name ?? type;
  const languageName = (code: string, fallback: string) => {
    const language = languages.data?.find((l) => l.langcode === code);
    return language?.native_name ?? language?.name ?? fallback;
  };

  const groups = new Map<string, Facets['tags']>();
  for (const tag of p.facets.tags)
    groups.set(tag.vocabulary, [...(groups.get(tag.vocabulary) ?? []), tag]);

  const set = (changes: Parameters<typeof withParams>[1]) =>
    p.onChange(withParams(p.params, changes));
  const option = (
    key: string,
    checked: boolean,
    label: string,
    count: number,
    toggle: () => void,
  ) => (
    <label key={key} className={styles.option}>
      <input type="checkbox" checked={checked} onChange={toggle} />
      <span className={styles.optionLabel}>{label}</span>
      <span className={styles.optionCount}>
        <span className="visually-hidden">(</span>
        {count}
        <span className="visually-hidden">)</span>
      </span>
    </label>
  );

  return (
    <section className={layout.panel} aria-labelledby="facets-heading">
      <div className={layout.panelHead}>
        <h2 id="facets-heading" className={layout.panelTitle}>
          {t('Refine results')}
        </h2>
        {hasFilters(filters) ? (
          <button
            type="button"
            className={buttons.textButton}
            onClick={() => set({ tags: null, language: null, free: null })}
          >
            {t('Clear filters')}
          </button>
        ) : null}
      </div>
      {[...groups].map(([vocabulary, tags]) => (
        <fieldset key={vocabulary} className={styles.group}>
          <legend>{vocabularyName(vocabulary)}</legend>
          {tags.map((tag) =>
            option(`tag-${tag.value}`, filters.tags.includes(tag.value), tag.label, tag.count, () =>
              set({ tags: toggleTag(filters.tags, tag.value) }),
            ),
          )}
        </fieldset>
      ))}
      {p.facets.language.length ? (
        <fieldset className={styles.group}>
          <legend>{t('Language')}</legend>
          {p.facets.language.map((l) => {
            // The facet schema types `value` loosely; languages are codes.
            const code = String(l.value);
            return option(
              `language-${code}`,
              filters.language === code,
              languageName(code, l.label),
              l.count,
              () => set({ language: filters.language === code ? null : code }),
            );
          })}
        </fieldset>
      ) : null}
      {p.facets.free.length ? (
        <fieldset className={styles.group}>
          <legend>{t('Price')}</legend>
          {p.facets.free.map((f) => {
            const value = f.value === true ? 'true' : 'false';
            return option(
              `free-${value}`,
              filters.free === value,
              value === 'true' ? t('Free') : t('Paid'),
              f.count,
              () => set({ free: filters.free === value ? null : value }),
            );
          })}
        </fieldset>
      ) : null}
    </section>
  );
}

/** /search?s=…&search_back_url=…: full-text results with snippets, facets and paging. Public. */
export default function SearchPage() {
  const { t, plural } = useT();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const s = (params.get('s') ?? '').trim();
  const filters = readFilters(params);
  const search = useSearch({ s, ...apiFilters(filters), page: filters.page, limit: LIMIT });
  const backUrl = safeBackUrl(params.get('search_back_url'), user ? '/dashboard' : '/');
  const inputId = useId();
  const [text, setText] = useState(s);
  const [lastS, setLastS] = useState(s);
  if (lastS !== s) {
    // Back and forward change the query in the address; the box follows.
    setLastS(s);
    setText(s);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    const next = new URLSearchParams();
    next.set('s', value);
    const back = params.get('search_back_url');
    if (back) next.set('search_back_url', back);
    setParams(next);
  };

  const results = search.data?.data;
  const meta = search.data?.meta;
  // The title and snippet of each hit, their matched words in <mark> and nothing else.
  const marked = useMemo(
    () =>
      new Map(
        (results ?? []).map((r) => [
          r.training.id,
          { title: sanitizeSnippet(r.title_html), snippet: sanitizeSnippet(r.snippet) },
        ]),
      ),
    [results],
  );
  const clearFilters = () =>
    setParams(withParams(params, { tags: null, language: null, free: null }));

  let content;
  if (!s) {
    content = (
      <EmptyState title={t('What are you looking for?')}>
        <p>{t('Type a word or phrase in the search box to find trainings.')}</p>
      </EmptyState>
    );
  } else if (search.isPending) {
    content = (
      <div role="status" className={styles.loading}>
        <span className="visually-hidden">{t('Searching')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeleton} aria-hidden="true">
            <span />
            <span />
          </div>
        ))}
      </div>
    );
  } else if (search.isError || !results || !meta) {
    content = (
      <ErrorState
        message={t('The search could not be completed.')}
        onRetry={() => void search.refetch()}
      />
    );
  } else {
    content = (
      <div className={layout.layout}>
        {meta.total > 0 || hasFilters(filters) ? (
          <FacetPanel facets={meta.facets} params={params} onChange={setParams} />
        ) : null}
        <section
          className={`${layout.results} ${styles.busy}`}
          aria-labelledby="results-heading"
          aria-busy={search.isPlaceholderData}
        >
          <h2 id="results-heading" className="visually-hidden">
            {t('Results')}
          </h2>
          <p className={styles.count} role="status">
            {meta.estimated
              ? t('About @count results for “@query”', {
                  count: meta.total,
                  query: s,
                })
              : plural(meta.total, '@count result for “@query”', '@count results for “@query”', {
                  query: s,
                })}
          </p>
          {results.length === 0 ? (
            <EmptyState
              title={t('No trainings match “@query”.', { query: s })}
              {...(hasFilters(filters)
                ? {
                    action: (
                      <button type="button" className={buttons.primary} onClick={clearFilters}>
                        {t('Clear filters')}
                      </button>
                    ),
                  }
                : {})}
            >
              <p>{t('Some suggestions:')}</p>
              <ul className={styles.tips}>
                <li>{t('Check the spelling of your words.')}</li>
                <li>{t('Use fewer or more general words.')}</li>
                {hasFilters(filters) ? (
                  <li>{t('Clear the filters to search everything.')}</li>
                ) : null}
              </ul>
              <p>
                <Link to="/trainings">{t('Or browse all trainings')}</Link>
              </p>
            </EmptyState>
          ) : (
            <ol className={styles.list} start={meta.page * meta.limit + 1}>
              {results.map(({ training }) => (
                <li key={training.id} className={styles.result}>
                  <h3 className={styles.resultTitle} lang={training.language} dir="auto">
                    <Link
                      to={`/trainings/${training.id}`}
                      dangerouslySetInnerHTML={{
                        __html: marked.get(training.id)?.title ?? '',
                      }}
                    />
                  </h3>
                  <p
                    className={styles.snippet}
                    lang={training.language}
                    dir="auto"
                    dangerouslySetInnerHTML={{ __html: marked.get(training.id)?.snippet ?? '' }}
                  />
                  <p className={styles.meta}>
                    {training.tags.slice(0, 4).map((tag) => (
                      <span key={tag.tid} className={styles.tag}>
                        <Icon name="tag" size={14} />
                        {tag.name}
                      </span>
                    ))}
                    {training.duration_minutes > 0 ? (
                      <span>{formatMinutes(t, training.duration_minutes)}</span>
                    ) : null}
                    <span className={training.free ? styles.free : undefined}>
                      {training.free ? t('Free') : t('Paid')}
                    </span>
                  </p>
                </li>
              ))}
            </ol>
          )}
          <Pager meta={meta} hrefFor={(page) => pageHref(pathname, params, page)} />
        </section>
      </div>
    );
  }

  return (
    <div>
      <div className={styles.back}>
        <BackLink title={t('Back')} url={backUrl} />
      </div>
      <PageHeader title={t('Search results')} />
      <form
        role="search"
        className={styles.box}
        onSubmit={submit}
        aria-label={t('Search trainings')}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('Search trainings')}
        </label>
        <input
          id={inputId}
          type="search"
          name="s"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
          autoComplete="off"
        />
        <button type="submit" className={buttons.primary}>
          <Icon name="search" size={18} />
          {t('Search')}
        </button>
      </form>
      {content}
    </div>
  );
}
