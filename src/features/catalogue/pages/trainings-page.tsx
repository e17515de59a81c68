import { useSession, useT } from '@engine/react';
import { useId } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useTrainings } from '@/lib/queries/trainings';
import { useVocabularies } from '@/lib/queries/vocabularies';
import { PageHeader } from '@/shell/page/page-header';
import buttons from '../components/buttons.module.css';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { TrainingGrid, TrainingGridSkeleton } from '@/shell/trainings/training-grid';
import { apiFilters, hasFilters, pageHref, readFilters, toggleTag, withParams } from '../filters';
import layout from '../components/filter-layout.module.css';
import styles from './trainings-page.module.css';

const LIMIT = 24;
type Sort = 'newest' | 'title';

/** /trainings: the catalogue with filters in the address, a card grid and paging. Public. */
export default function TrainingsPage() {
  const { t, plural } = useT();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const sort: Sort = params.get('sort') === 'title' ? 'title' : 'newest';
  const trainings = useTrainings({
    ...apiFilters(filters),
    page: filters.page,
    limit: LIMIT,
    sort,
  });
  const vocabularies = useVocabularies();
  const languages = useLanguages();
  const ids = { language: useId(), free: useId(), sort: useId() };

  const update = (changes: Parameters<typeof withParams>[1]) =>
    setParams(withParams(params, changes));
  const clear = () => setParams(withParams(params, { tags: null, language: null, free: null }));
  const filtered = hasFilters(filters);
  const total = trainings.data?.meta.total;

  return (
    <div>
      <PageHeader
        title={t('Trainings')}
        lead={
          user
            ? t('Find your next training, then subscribe to follow your progress.')
            : t('Browse the trainings open to everyone. Log in to subscribe.')
        }
      />
      <div className={layout.layout}>
        <section className={layout.panel} aria-labelledby="filters-heading">
          <div className={layout.panelHead}>
            <h2 id="filters-heading" className={layout.panelTitle}>
              {t('Filters')}
            </h2>
            {filtered ? (
              <button type="button" className={buttons.textButton} onClick={clear}>
                {t('Clear filters')}
              </button>
            ) : null}
          </div>

          <div className={styles.field}>
            <label htmlFor={ids.language}>{t('Language')}</label>
            <select
              id={ids.language}
              value={filters.language}
              onChange={(e) => update({ language: e.target.value })}
            >
              <option value="">{t('Any language')}</option>
              {(languages.data ?? []).map((l) => (
                <option key={l.langcode} value={l.langcode}>
                  {l.native_name ?? l.name}
                </option>
              ))}
            </select>
          </div>

          <div className={styles.field}>
            <label htmlFor={ids.free}>{t('Price')}</label>
            <select
              id={ids.free}
              value={filters.free}
              onChange={(e) => update({ free: e.target.value })}
            >
              <option value="">{t('Free and paid')}</option>
              <option value="true">{t('Free')}</option>
              <option value="false">{t('Paid')}</option>
            </select>
          </div>

          {(vocabularies.data ?? [])
            .filter((v) => v.taxonomy.length > 0)
            .map((vocabulary) => (
              <fieldset key={vocabulary.type} className={styles.group}>
                <legend>{vocabulary.name}</legend>
                <div className={styles.options}>
                  {vocabulary.taxonomy.map((term) => (
                    <label key={term.tid} className={styles.option}>
                      <input
                        type="checkbox"
                        checked={filters.tags.includes(term.tid)}
                        onChange={() => update({ tags: toggleTag(filters.tags, term.tid) })}
                      />
                      <span>{term.name}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          {vocabularies.isError ? (
            <ErrorState
              message={t('The topics could not be loaded.')}
              onRetry={() => void vocabularies.refetch()}
            />
          ) : null}
        </section>

        <section className={layout.results} aria-labelledby="results-heading">
          <div className={styles.resultsHead}>
            <h2 id="results-heading" className="visually-hidden">
              {t('Results')}
            </h2>
            <p className={styles.count} role="status">
              {total === undefined ? '' : plural(total, '@count training', '@count trainings')}
            </p>
            <div className={styles.sort}>
              <label htmlFor={ids.sort}>{t('Sort by')}</label>
              <select
                id={ids.sort}
                value={sort}
                onChange={(e) => update({ sort: e.target.value === 'title' ? 'title' : null })}
              >
                <option value="newest">{t('Newest first')}</option>
                <option value="title">{t('Title')}</option>
              </select>
            </div>
          </div>

          {trainings.isPending ? (
            <TrainingGridSkeleton count={6} />
          ) : trainings.isError ? (
            <ErrorState
              message={t('The trainings could not be loaded.')}
              onRetry={() => void trainings.refetch()}
            />
          ) : trainings.data.data.length === 0 ? (
            filtered ? (
              <EmptyState
                title={t('No trainings match these filters.')}
                action={
                  <button type="button" className={buttons.primary} onClick={clear}>
                    {t('Clear filters')}
                  </button>
                }
              >
                <p>{t('Remove a filter or two to see more trainings.')}</p>
              </EmptyState>
            ) : (
              <EmptyState title={t('No trainings are available yet.')}>
                <p>{t('New trainings appear here as soon as they are published.')}</p>
              </EmptyState>
            )
          ) : (
            <div aria-busy={trainings.isPlaceholderData} className={styles.grid}>
              <TrainingGrid trainings={trainings.data.data} label={t('Trainings')} />
              <Pager
                meta={trainings.data.meta}
                hrefFor={(page) => pageHref(pathname, params, page)}
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
