import { useSession, useT } from '@engine/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useTrainings } from '@/lib/queries/trainings';
import { useVocabularies } from '@/lib/queries/vocabularies';
import { PageHeader } from '@/shell/page/page-header';
import buttons from '../components/buttons.module.css';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { TrainingGrid, TrainingGridSkeleton } from '@/shell/trainings/training-grid';
import { Icon } from '@/shell/icons/icons';
import {
  activeFilterCount,
  apiFilters,
  hasFilters,
  pageHref,
  readFilters,
  toggleTag,
  withParams,
} from '../filters';
import layout from '../components/filter-layout.module.css';
import styles from './trainings-page.module.css';

const LIMIT = 24;
/** Where the filters stand beside the results (trainings-page.module.css says the same). */
const WIDE = '(min-width: 960px)';
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
  const active = activeFilterCount(filters);
  // On narrow screens the filters wait in a dialog opened from the results' head, so the first
  // results are in view at once; on wide ones they stand beside the results.
  const drawer = useRef<HTMLDialogElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    const dialog = drawer.current;
    if (!dialog) return;
    if (drawerOpen && !dialog.open) dialog.showModal();
    else if (!drawerOpen && dialog.open) dialog.close();
  }, [drawerOpen]);
  useEffect(() => {
    // Widened past the drawer's screens (a turned tablet), the filters stand beside the results.
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE);
    const close = () => {
      if (wide.matches) setDrawerOpen(false);
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);

  const fields = (
    <>
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
    </>
  );

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
        <section className={`${layout.panel} ${layout.wideOnly}`} aria-labelledby="filters-heading">
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

          {drawerOpen ? null : fields}
        </section>

        <section className={layout.results} aria-labelledby="results-heading">
          <div className={styles.resultsHead}>
            <h2 id="results-heading" className="visually-hidden">
              {t('Results')}
            </h2>
            <p className={styles.count} role="status">
              {total === undefined ? '' : plural(total, '@count training', '@count trainings')}
            </p>
            <button
              type="button"
              className={`${buttons.secondary} ${styles.filtersButton}`}
              aria-haspopup="dialog"
              onClick={() => setDrawerOpen(true)}
            >
              <Icon name="filter" size={18} />
              {t('Filters')}
              {active > 0 ? (
                <span className={styles.badge}>
                  <span aria-hidden="true">{active}</span>
                  <span className="visually-hidden">{t('(@count active)', { count: active })}</span>
                </span>
              ) : null}
            </button>
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
      <dialog
        ref={drawer}
        className={styles.drawer}
        aria-labelledby="filters-drawer-heading"
        onCancel={(event) => {
          event.preventDefault();
          setDrawerOpen(false);
        }}
      >
        {drawerOpen ? (
          <div className={styles.drawerBody}>
            <div className={layout.panelHead}>
              <h2 id="filters-drawer-heading" className={layout.panelTitle}>
                {t('Filters')}
              </h2>
              <button
                type="button"
                className={styles.close}
                aria-label={t('Close')}
                onClick={() => setDrawerOpen(false)}
              >
                <Icon name="close" size={20} />
              </button>
            </div>
            <div className={styles.drawerFields}>{fields}</div>
            <div className={styles.drawerActions}>
              {filtered ? (
                <button type="button" className={buttons.secondary} onClick={clear}>
                  {t('Clear filters')}
                </button>
              ) : null}
              <button
                type="button"
                className={buttons.primary}
                onClick={() => setDrawerOpen(false)}
              >
                {total === undefined
                  ? t('Show results')
                  : plural(total, 'Show @count training', 'Show @count trainings')}
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </div>
  );
}
