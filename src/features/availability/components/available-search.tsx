import { useT } from '@engine/react';
import { DateTimeField } from '@engine/react/date-field';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type FormEvent,
  type Ref,
} from 'react';
import { Link } from 'react-router';
import {
  useAvailableTrainers,
  type AvailableSearchQuery,
} from '@/lib/queries/availability-available';
import { toIso } from '../lib/zoned';
import styles from './availability.module.css';
import { failureText } from './errors';

const MAX_DAYS = 14;

/** What a page may do with the search: run it for a time span, as if filled in and sent. */
export interface AvailableSearchHandle {
  run: (search: AvailableSearchQuery) => void;
}

/**
 * "Available between": the trainers free for the whole of a time span (in the viewer's time
 * zone), optionally in one organization, each linked to their calendar. Used to find cover.
 */
export function AvailableSearch({
  organizations,
  ref,
}: {
  organizations: { id: number; name: string }[];
  ref?: Ref<AvailableSearchHandle>;
}) {
  const { t, timeZone } = useT();
  const id = useId();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [organization, setOrganization] = useState('');
  const [query, setQuery] = useState<AvailableSearchQuery | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = useAvailableTrainers(query);
  const title = useRef<HTMLHeadingElement>(null);
  const [ran, setRan] = useState(0);

  useImperativeHandle(
    ref,
    () => ({
      run: (search) => {
        setStart(search.start);
        setEnd(search.end);
        setOrganization(search.organization ? String(search.organization) : '');
        setError(null);
        setQuery(search);
        setRan((n) => n + 1);
      },
    }),
    [],
  );

  // A search run from elsewhere on the page brings the form and its answer into view.
  useEffect(() => {
    if (ran === 0) return;
    // Focus scrolls the heading into view, and screen readers read the search from there.
    title.current?.focus();
  }, [ran]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!start || !end) {
      setError(t('Choose when the time starts and ends.'));
      return;
    }
    const from = toIso(new Date(start));
    const to = toIso(new Date(end));
    if (to <= from) {
      setError(t('The end must be after the start.'));
      return;
    }
    if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000) {
      setError(t('Search at most @days days at a time.', { days: MAX_DAYS }));
      return;
    }
    setQuery({
      start: from,
      end: to,
      ...(organization ? { organization: Number(organization) } : {}),
    });
  };

  const failure = result.isError ? failureText(result.error, t) : null;
  const found = result.data?.pages.flatMap((page) => page.data);
  const total = result.data?.pages[0]?.meta.total ?? 0;

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.cardHeader}>
        <h2 id={`${id}-title`} ref={title} className={styles.cardTitle} tabIndex={-1}>
          {t('Available between')}
        </h2>
        <p className={styles.hint}>
          {t(
            'Find the trainers who are free for the whole time, to plan a training or find cover.',
          )}
        </p>
      </div>
      <form
        className={`${styles.fieldRow} ${styles.wideFieldRow}`}
        onSubmit={submit}
        noValidate
        aria-label={t('Available between')}
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-start`}>{t('From')}</label>
          <DateTimeField
            id={`${id}-start`}
            value={start}
            onChange={(value) => setStart(value ?? '')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-end`}>{t('Until')}</label>
          <DateTimeField id={`${id}-end`} value={end} onChange={(value) => setEnd(value ?? '')} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-org`}>{t('Organization')}</label>
          <select
            id={`${id}-org`}
            value={organization}
            onChange={(event) => setOrganization(event.target.value)}
          >
            <option value="">{t('Any organization')}</option>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.fieldEnd}>
          <button type="submit" className={styles.primary}>
            {t('Find available trainers')}
          </button>
        </div>
      </form>
      <p className={styles.hint}>{t('Times are in the time zone @zone.', { zone: timeZone })}</p>

      {error || failure ? (
        <p className={styles.error} role="alert">
          {error ?? failure}
        </p>
      ) : null}

      {query && !error && !result.isError ? (
        <div aria-live="polite">
          {result.isFetching && !found ? (
            <p className={styles.hint}>{t('Searching…')}</p>
          ) : found && found.length === 0 ? (
            <p className={styles.empty}>{t('No trainer is available for the whole time.')}</p>
          ) : found ? (
            <>
              <p className={styles.hint}>
                {t('Showing @shown of @total available trainers.', {
                  shown: found.length,
                  total,
                })}
              </p>
              <ul className={styles.list} aria-label={t('Available trainers')}>
                {found.map((trainer) => (
                  <li key={trainer.uid} className={styles.item}>
                    <span className={styles.itemText}>
                      <span className={styles.itemTitle}>{trainer.display_name}</span>
                      {trainer.organizations.length > 0 ? (
                        <span className={styles.itemMeta}>
                          {trainer.organizations.map((o) => o.name).join(', ')}
                        </span>
                      ) : null}
                    </span>
                    <Link
                      className={styles.small}
                      to={`/course-administration/availability/${trainer.uid}`}
                      aria-label={t('Open the calendar of @name', { name: trainer.display_name })}
                    >
                      {t('Open calendar')}
                    </Link>
                  </li>
                ))}
              </ul>
              {result.hasNextPage ? (
                <button
                  type="button"
                  className={styles.small}
                  disabled={result.isFetchingNextPage}
                  onClick={() => void result.fetchNextPage()}
                >
                  {result.isFetchingNextPage ? t('Loading') : t('Show more trainers')}
                </button>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
