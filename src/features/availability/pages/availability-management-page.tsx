import { addDays } from '@engine/core';
import { useFormatDate, useT } from '@engine/react';
import type { OverviewRow } from '@schemas/entities/availability.schema';
import { useCallback, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useAvailabilityOverview } from '@/lib/queries/availability-overview';
import { useUpdateAvailabilitySettings } from '@/lib/queries/availability-settings';
import { useSiteAdminOrganizations } from '@/lib/queries/site-admin-organizations';
import { BackLink } from '@/shell/back-link/back-link';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import '../components/availability-colors.css';
import { AvailabilityCalendar, firstDayOf } from '../components/availability-calendar';
import styles from '../components/availability.module.css';
import { AvailableSearch, type AvailableSearchHandle } from '../components/available-search';
import { CoverageMap, type CoverageSlot } from '../components/coverage-map';
import { failureText } from '../components/errors';
import { Legend } from '../components/legend';
import { TeamWeek } from '../components/team-week';
import { TrainerPicker, type ChosenTrainer } from '../components/trainer-picker';
import { useDebouncedValue } from '../lib/debounced';
import { overviewEvents, trainerColor } from '../lib/events';
import { isoToZoned, rangeQuery, todayIn, weekAround, type DateRange } from '../lib/zoned';

/** How the overview shows the trainers: a row each across the week, or one shared calendar. */
type OverviewView = 'week' | 'calendar';

const VIEW_KEY = 'atrium.availability.overview-view';

/** The view this browser chose last; the week by trainer until one is chosen. */
function storedView(): OverviewView {
  try {
    return localStorage.getItem(VIEW_KEY) === 'calendar' ? 'calendar' : 'week';
  } catch {
    return 'week';
  }
}

function storeView(view: OverviewView): void {
  try {
    localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Without storage the choice lasts until the page is left.
  }
}

/**
 * /course-administration/availability: every trainer's availability in the week, a row per
 * trainer (or on one calendar, one colour and the name per trainer), filters, locks, and a
 * search for who is free at a given time.
 */
export default function AvailabilityManagementPage() {
  const { t, language, timeZone } = useT();
  const formatDate = useFormatDate();
  const { notify } = useNotify();
  const id = useId();
  const [organization, setOrganization] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ChosenTrainer[]>([]);
  const [page, setPage] = useState(0);
  const [range, setRange] = useState<DateRange>(() =>
    weekAround(todayIn(timeZone), firstDayOf(language)),
  );
  const [view, setView] = useState<OverviewView>(storedView);
  const chooseView = (next: OverviewView) => {
    setView(next);
    storeView(next);
  };
  // The week by trainer always shows a whole week: the one holding the calendar's first day.
  const week = useMemo(() => weekAround(range.from, firstDayOf(language)), [range.from, language]);
  const moveWeek = (days: number) =>
    setRange(
      weekAround(days === 0 ? todayIn(timeZone) : addDays(week.from, days), firstDayOf(language)),
    );

  const allOrganizations = useSiteAdminOrganizations();
  const organizations = useMemo(
    () =>
      [...(allOrganizations.data ?? [])]
        .map((o) => ({ id: o.id, name: o.name }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [allOrganizations.data, language],
  );
  const orgId = organization ? Number(organization) : undefined;
  // The list follows the search as it is typed, once typing pauses.
  const searched = useDebouncedValue(search.trim());

  const overview = useAvailabilityOverview({
    ...rangeQuery(view === 'week' ? week : range, timeZone),
    ...(orgId ? { organization: orgId } : {}),
    ...(chosen.length > 0 ? { uid: chosen.map((c) => c.uid) } : {}),
    ...(searched && chosen.length === 0 ? { search: searched } : {}),
    page,
  });
  const rows = useMemo(() => overview.data?.data ?? [], [overview.data]);
  const meta = overview.data?.meta;
  const events = useMemo(() => overviewEvents(rows, { timeOff: t('Time off') }), [rows, t]);

  const onRangeChange = useCallback(
    (start: Date, end: Date) => {
      const next = { from: isoToZoned(start, timeZone).date, to: isoToZoned(end, timeZone).date };
      setRange((current) =>
        current.from === next.from && current.to === next.to ? current : next,
      );
    },
    [timeZone],
  );

  const availableSearch = useRef<AvailableSearchHandle>(null);
  const findAvailable = (slot: CoverageSlot) =>
    availableSearch.current?.run({ ...slot, ...(orgId ? { organization: orgId } : {}) });

  const settings = useUpdateAvailabilitySettings();
  const toggleLock = async (row: OverviewRow) => {
    const locked = !row.lock;
    try {
      await settings.mutateAsync({ uid: row.trainer.uid, patch: { locked } });
      notify(
        'success',
        locked
          ? t('The availability of @name has been locked.', { name: row.trainer.display_name })
          : t('The availability of @name has been unlocked.', { name: row.trainer.display_name }),
      );
    } catch (e) {
      notify('error', failureText(e, t));
    }
  };

  const choose = (list: ChosenTrainer[]) => {
    setPage(0);
    setChosen(list);
  };

  return (
    <div className={styles.page}>
      <BackLink title="Course administration" url="/course-administration" translate />
      <PageHeader
        title={t('Trainer availability')}
        lead={t('See when every trainer is available, and find cover for a time slot.')}
      />

      <AvailableSearch ref={availableSearch} organizations={organizations} />

      <section className={`${styles.card} ${styles.filters}`} aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`} className={styles.cardTitle}>
          {t('Filters')}
        </h2>
        <div className={styles.fieldRow}>
          <div className={styles.field}>
            <label htmlFor={`${id}-org`}>{t('Organization')}</label>
            <select
              id={`${id}-org`}
              value={organization}
              onChange={(event) => {
                setOrganization(event.target.value);
                setChosen([]);
                setPage(0);
              }}
            >
              <option value="">{t('All organizations')}</option>
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-search`}>{t('Search trainers')}</label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(0);
              }}
            />
          </div>
        </div>
        <TrainerPicker organization={orgId} search={searched} chosen={chosen} onChange={choose} />
      </section>

      <section className={styles.card} aria-labelledby={`${id}-overview`}>
        <div className={styles.cardHeader}>
          <h2 id={`${id}-overview`} className={styles.cardTitle}>
            {t('Availability overview')}
          </h2>
          <div className={styles.viewSwitch} role="group" aria-label={t('View')}>
            <button type="button" aria-pressed={view === 'week'} onClick={() => chooseView('week')}>
              {t('Week by trainer')}
            </button>
            <button
              type="button"
              aria-pressed={view === 'calendar'}
              onClick={() => chooseView('calendar')}
            >
              {t('Calendar')}
            </button>
          </div>
        </div>
        {view === 'week' ? (
          <>
            <TeamWeek
              rows={overview.data?.data}
              meta={meta}
              from={week.from}
              timeZone={timeZone}
              status={overview.status}
              refreshing={overview.isPlaceholderData && overview.isFetching}
              onRetry={() => void overview.refetch()}
              onMoveWeek={moveWeek}
              onPage={setPage}
            />
            <p className={styles.hint}>
              {t('Times are in the time zone @zone.', { zone: timeZone })}
            </p>
          </>
        ) : overview.isError ? (
          <ErrorState
            message={t('The availability could not be loaded.')}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <>
            <AvailabilityCalendar
              label={t('Availability of the trainers')}
              events={events}
              timeZone={timeZone}
              initialDate={range.from}
              onRangeChange={onRangeChange}
            />
            <p className={styles.hint}>
              {t('Times are in the time zone @zone.', { zone: timeZone })}
            </p>
            {rows.length > 0 ? (
              <Legend
                items={rows.map((row, index) => ({
                  label: row.trainer.display_name,
                  color: trainerColor(index),
                }))}
              />
            ) : null}
          </>
        )}
      </section>

      <section className={styles.card} aria-labelledby={`${id}-coverage`}>
        <div className={styles.cardHeader}>
          <h2 id={`${id}-coverage`} className={styles.cardTitle}>
            {t('Availability coverage')}
          </h2>
          <p className={styles.hint}>
            {t('Times are in the time zone @zone.', { zone: timeZone })}
          </p>
        </div>
        <CoverageMap
          from={week.from}
          timeZone={timeZone}
          organization={orgId}
          onPick={findAvailable}
        />
      </section>

      <section className={styles.card} aria-labelledby={`${id}-trainers`}>
        <div className={styles.cardHeader}>
          <h2 id={`${id}-trainers`} className={styles.cardTitle}>
            {t('Trainers')}
          </h2>
          {meta && meta.totalPages > 1 ? (
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.small}
                disabled={page === 0}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('Previous')}
              </button>
              <span className={styles.hint}>
                {t('Page @page of @total', { page: page + 1, total: meta.totalPages })}
              </span>
              <button
                type="button"
                className={styles.small}
                disabled={page >= meta.totalPages - 1}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('Next')}
              </button>
            </div>
          ) : null}
        </div>
        {overview.isPending ? (
          <div className={styles.skeleton} role="status" aria-label={t('Loading')}>
            <span className={styles.bone} />
          </div>
        ) : rows.length === 0 ? (
          <p className={styles.empty}>{t('No trainers match these filters.')}</p>
        ) : (
          <ul className={styles.list} aria-labelledby={`${id}-trainers`}>
            {rows.map((row, index) => (
              <li
                key={row.trainer.uid}
                className={styles.item}
                style={{ '--item-color': trainerColor(index) } as CSSProperties}
              >
                <span className={styles.itemText}>
                  <span className={styles.itemTitle}>
                    {row.lock ? <span className={styles.lockedBadge}>{t('Locked')}</span> : null}
                    {row.trainer.display_name}
                  </span>
                  <span className={styles.itemMeta}>
                    {[
                      row.trainer.organizations.map((o) => o.name).join(', '),
                      row.timezone.replace(/_/g, ' '),
                      row.lock
                        ? t('Locked by @name on @date', {
                            name: row.lock.by,
                            date: formatDate(row.lock.at, 'short'),
                          })
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className={styles.rowActions}>
                  <button
                    type="button"
                    className={styles.small}
                    disabled={settings.isPending}
                    aria-label={
                      row.lock
                        ? t('Unlock the availability of @name', { name: row.trainer.display_name })
                        : t('Lock the availability of @name', { name: row.trainer.display_name })
                    }
                    onClick={() => void toggleLock(row)}
                  >
                    {row.lock ? t('Unlock') : t('Lock')}
                  </button>
                  <Link
                    className={styles.small}
                    to={`/course-administration/availability/${row.trainer.uid}`}
                    aria-label={t('Open the calendar of @name', { name: row.trainer.display_name })}
                  >
                    {t('Open calendar')}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
