import { formatDateTime, type ListMeta } from '@engine/core';
import { useT } from '@engine/react';
import type { OverviewRow } from '@schemas/entities/availability.schema';
import { useId, useMemo, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/shell/icons/icons';
import { ErrorState } from '@/shell/states/states';
import { dateFormatOf, useZonedFormat } from '../lib/format';
import { dayBars, minuteWindow, placeBar, weekDates, type DayBar } from '../lib/week-grid';
import { todayIn, zonedToIso } from '../lib/zoned';
import styles from './team-week.module.css';

export interface TeamWeekProps {
  /** The trainers of the current page with their availability in the week, once loaded. */
  rows: OverviewRow[] | undefined;
  meta: ListMeta | undefined;
  /** First date of the week, `YYYY-MM-DD` in `timeZone`. */
  from: string;
  /** The viewer's time zone: days and times are drawn on its wall clock. */
  timeZone: string;
  status: 'pending' | 'error' | 'success';
  /** Another week or page is being loaded while the last one stays on screen. */
  refreshing: boolean;
  onRetry: () => void;
  /** Shows the week starting `days` days from the current one (`0` goes back to this week). */
  onMoveWeek: (days: number) => void;
  onPage: (page: number) => void;
}

const SKELETON_ROWS = 6;

/**
 * The week by trainer: one row per trainer, one column per day, each day a track of the same
 * hours with a bar for every interval the trainer is available (and hatched time off). Names
 * and days stay in view while the grid scrolls, in both directions and both reading directions.
 */
export function TeamWeek(p: TeamWeekProps) {
  const { t, language, dateFormats } = useT();
  const id = useId();
  const zoned = useZonedFormat(p.timeZone);
  const dates = useMemo(() => weekDates(p.from), [p.from]);
  const today = todayIn(p.timeZone);

  const bars = useMemo(
    () => (p.rows ?? []).map((row) => ({ row, byDate: dayBars(row, dates, p.timeZone) })),
    [p.rows, dates, p.timeZone],
  );
  const hours = useMemo(
    () => minuteWindow(bars.flatMap(({ byDate }) => [...byDate.values()].flat())),
    [bars],
  );
  const anyAvailable = bars.some(({ byDate }) =>
    [...byDate.values()].some((list) => list.some((bar) => bar.kind === 'available')),
  );

  const o = { formats: dateFormats, timeZone: p.timeZone, language };
  const noon = (date: string) => zonedToIso(date, '12:00', p.timeZone);
  const dayDate = dateFormatOf(dateFormats.medium ?? dateFormats.short)
    .replace(/^[Dl]\W*/, '')
    .trim();
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const windowTime = (minutes: number) =>
    zoned.time(zonedToIso(p.from, clock(minutes), p.timeZone));
  const title = zoned.dates(dates[0]!, dates[6]!);

  const barText = (bar: DayBar) => {
    const allDay = bar.from === 0 && bar.to === 24 * 60;
    const times = { start: zoned.time(bar.start), end: zoned.time(bar.end) };
    if (bar.kind === 'available')
      return allDay ? t('Available all day') : t('Available @start–@end', times);
    const off = allDay ? t('Time off all day') : t('Time off @start–@end', times);
    return bar.reason ? `${off}: ${bar.reason}` : off;
  };

  const meta = p.meta;
  const first = meta ? meta.page * meta.limit + 1 : 0;

  return (
    <div className={styles.week}>
      <div className={styles.toolbar}>
        <div className={styles.nav} role="group" aria-label={t('Week')}>
          <button type="button" className={styles.navButton} onClick={() => p.onMoveWeek(-7)}>
            <Icon name="chevron-back" size={18} />
            <span className={styles.navText}>{t('Previous week')}</span>
          </button>
          <button type="button" className={styles.navButton} onClick={() => p.onMoveWeek(0)}>
            {t('This week')}
          </button>
          <button type="button" className={styles.navButton} onClick={() => p.onMoveWeek(7)}>
            <span className={styles.navText}>{t('Next week')}</span>
            <Icon name="chevron-forward" size={18} />
          </button>
        </div>
        <h3 id={`${id}-title`} className={styles.title} aria-live="polite">
          {title}
        </h3>
      </div>

      {p.status === 'error' ? (
        <ErrorState message={t('The availability could not be loaded.')} onRetry={p.onRetry} />
      ) : p.status === 'pending' ? (
        <div className={styles.skeleton} role="status" aria-label={t('Loading')}>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <span key={i} className={styles.bone} />
          ))}
        </div>
      ) : !anyAvailable ? (
        <p className={styles.empty}>
          <strong>{t('No trainers are available this week.')}</strong>{' '}
          {bars.length === 0
            ? t('No trainers match these filters.')
            : t('Try another week, or open a trainer’s calendar to add hours.')}
        </p>
      ) : (
        <div
          className={styles.scroller}
          role="region"
          aria-labelledby={`${id}-title`}
          // The grid scrolls on its own: keyboard users scroll it once it has focus.
          tabIndex={0}
        >
          <table className={styles.grid} aria-busy={p.refreshing || undefined}>
            <caption className="visually-hidden">{t('Availability by trainer')}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.corner}>
                  {t('Trainer')}
                </th>
                {dates.map((date) => (
                  <th
                    key={date}
                    scope="col"
                    className={styles.day}
                    aria-current={date === today ? 'date' : undefined}
                  >
                    <span className={styles.weekday}>{formatDateTime(noon(date), 'l', o)}</span>
                    <span className={styles.date}>{formatDateTime(noon(date), dayDate, o)}</span>
                    <span className={styles.scale} aria-hidden="true">
                      <span>{windowTime(hours.start)}</span>
                      <span>{windowTime(hours.end)}</span>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bars.map(({ row, byDate }) => (
                <tr key={row.trainer.uid}>
                  <th scope="row" className={styles.name}>
                    <Link
                      to={`/course-administration/availability/${row.trainer.uid}`}
                      title={row.trainer.display_name}
                    >
                      {row.trainer.display_name}
                    </Link>
                  </th>
                  {dates.map((date) => {
                    const list = byDate.get(date) ?? [];
                    return (
                      <td
                        key={date}
                        className={date === today ? `${styles.cell} ${styles.today}` : styles.cell}
                      >
                        {list.length === 0 ? (
                          <span className="visually-hidden">{t('Not available')}</span>
                        ) : (
                          <ul className={styles.track}>
                            {list.map((bar) => {
                              const place = placeBar(bar, hours);
                              const text = barText(bar);
                              return (
                                <li
                                  key={`${bar.kind}-${bar.start}`}
                                  className={
                                    bar.kind === 'available' ? styles.available : styles.timeOff
                                  }
                                  style={
                                    {
                                      '--offset': `${place.offset}%`,
                                      '--size': `${place.size}%`,
                                    } as CSSProperties
                                  }
                                  title={text}
                                >
                                  <span className="visually-hidden">{text}</span>
                                </li>
                              );
                            })}
                          </ul>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {p.status === 'success' && meta && meta.totalPages > 1 ? (
        <div className={styles.pager} role="group" aria-label={t('Pages of trainers')}>
          <button
            type="button"
            className={styles.navButton}
            disabled={meta.page === 0}
            onClick={() => p.onPage(meta.page - 1)}
          >
            {t('Previous trainers')}
          </button>
          <span>
            {t('Trainers @first–@last of @total', {
              first,
              last: first + (p.rows?.length ?? 1) - 1,
              total: meta.total,
            })}
          </span>
          <button
            type="button"
            className={styles.navButton}
            disabled={meta.page >= meta.totalPages - 1}
            onClick={() => p.onPage(meta.page + 1)}
          >
            {t('Next trainers')}
          </button>
        </div>
      ) : null}

      {p.status === 'success' && anyAvailable ? (
        <ul className={styles.legend} aria-label={t('Legend')}>
          <li>
            <span className={styles.swatch} aria-hidden="true" />
            {t('Available')}
          </li>
          <li>
            <span className={styles.swatchTimeOff} aria-hidden="true" />
            {t('Time off')}
          </li>
          <li>
            {hours.end < 24 * 60
              ? t('Each day runs from @start to @end.', {
                  start: windowTime(hours.start),
                  end: windowTime(hours.end),
                })
              : hours.start > 0
                ? t('Each day runs from @start to midnight.', { start: windowTime(hours.start) })
                : t('Each day runs around the clock, from midnight to midnight.')}
          </li>
        </ul>
      ) : null}
    </div>
  );
}
