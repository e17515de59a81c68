import { addDays, formatDateTime, weekdayOf } from '@engine/core';
import { useT } from '@engine/react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useAvailabilityCoverage } from '@/lib/queries/availability-coverage';
import { ErrorState } from '@/shell/states/states';
import { clockHour, COVERAGE_LEVELS, coverageHours, coverageLevel } from '../lib/coverage';
import { dateFormatOf, useZonedFormat } from '../lib/format';
import { weekDates } from '../lib/week-grid';
import { rangeQuery, zonedToIso } from '../lib/zoned';
import styles from './coverage-map.module.css';

/** One hour of one date on the viewer's clock, as instants. */
export interface CoverageSlot {
  start: string;
  end: string;
}

export interface CoverageMapProps {
  /** First date of the week, `YYYY-MM-DD` in `timeZone`. */
  from: string;
  /** The viewer's time zone: weekdays and hours are those of its wall clock. */
  timeZone: string;
  organization: number | undefined;
  /** An hour was chosen: find the trainers available for the whole of it. */
  onPick: (slot: CoverageSlot) => void;
}

/**
 * Availability coverage: a weekday × hour table of how many trainers are available for the whole
 * of each hour of the week, shaded from the surface to the theme's primary colour. Each count is
 * a button that looks the hour up in "Available between". One cell is in the tab order; the
 * arrow keys, Home and End move between cells.
 */
export function CoverageMap(p: CoverageMapProps) {
  const { t, plural, language, dir, dateFormats, number } = useT();
  const zoned = useZonedFormat(p.timeZone);
  const dates = useMemo(() => weekDates(p.from), [p.from]);
  const query = useAvailabilityCoverage({
    ...rangeQuery({ from: p.from, to: addDays(p.from, 7) }, p.timeZone),
    timezone: p.timeZone,
    ...(p.organization ? { organization: p.organization } : {}),
  });
  const [chosen, setActive] = useState({ row: 0, column: 0 });
  const table = useRef<HTMLTableElement>(null);

  const data = query.data;
  const counts = data?.counts;
  const hours = useMemo(() => {
    const { first, last } = coverageHours(counts ?? []);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  }, [counts]);
  const max = useMemo(() => Math.max(0, ...(counts ?? []).flat()), [counts]);
  // The cell in the tab order, kept inside the table when another week shows fewer hours.
  const active = { row: chosen.row, column: Math.min(chosen.column, hours.length - 1) };

  const o = { formats: dateFormats, timeZone: p.timeZone, language };
  const noon = (date: string) => zonedToIso(date, '12:00', p.timeZone);
  const dayDate = dateFormatOf(dateFormats.medium ?? dateFormats.short)
    .replace(/^[Dl]\W*/, '')
    .trim();
  const hourStart = (date: string, hour: number) => zonedToIso(date, clockHour(hour), p.timeZone);
  const hourEnd = (date: string, hour: number) => zonedToIso(date, clockHour(hour + 1), p.timeZone);
  const title = zoned.dates(dates[0]!, dates[6]!);

  const move = (event: KeyboardEvent<HTMLTableElement>) => {
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const last = { row: dates.length - 1, column: hours.length - 1 };
    const next = { ...active };
    if (event.key === forward) next.column = Math.min(last.column, active.column + 1);
    else if (event.key === back) next.column = Math.max(0, active.column - 1);
    else if (event.key === 'ArrowDown') next.row = Math.min(last.row, active.row + 1);
    else if (event.key === 'ArrowUp') next.row = Math.max(0, active.row - 1);
    else if (event.key === 'Home') next.column = 0;
    else if (event.key === 'End') next.column = last.column;
    else return;
    event.preventDefault();
    setActive(next);
    table.current
      ?.querySelector<HTMLButtonElement>(`[data-cell="${next.row}-${next.column}"]`)
      ?.focus();
  };

  return (
    <div className={styles.coverage}>
      <p className={styles.hint}>
        {t('The week the overview shows: @range.', { range: title })}{' '}
        {t('Choose an hour to find the trainers available then.')}
      </p>
      {query.isError ? (
        <ErrorState
          message={t('The availability coverage could not be loaded.')}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <div role="status" aria-label={t('Loading')}>
          <span className={styles.bone} />
        </div>
      ) : max === 0 ? (
        <p className={styles.empty}>
          <strong>{t('No trainers are available this week.')}</strong>{' '}
          {data.trainers === 0
            ? t('No trainers match these filters.')
            : t('Try another week, or open a trainer’s calendar to add hours.')}
        </p>
      ) : (
        <>
          <div className={styles.scroller}>
            <table
              ref={table}
              className={styles.table}
              aria-busy={query.isPlaceholderData && query.isFetching ? true : undefined}
              onKeyDown={move}
            >
              <caption className="visually-hidden">
                {t('Trainers available by weekday and hour')}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.corner}>
                    {t('Day')}
                  </th>
                  {hours.map((hour) => (
                    <th key={hour} scope="col" className={styles.hour}>
                      {zoned.time(hourStart(dates[0]!, hour))}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dates.map((date, row) => {
                  const weekday = formatDateTime(noon(date), 'l', o);
                  const day = weekdayOf(date);
                  return (
                    <tr key={date}>
                      <th scope="row" className={styles.day}>
                        <span className={styles.weekday}>{weekday}</span>
                        <span className={styles.date}>
                          {formatDateTime(noon(date), dayDate, o)}
                        </span>
                      </th>
                      {hours.map((hour, column) => {
                        const count = counts?.[day]?.[hour] ?? 0;
                        const slot = {
                          start: hourStart(date, hour),
                          end: hourEnd(date, hour),
                        };
                        const name = plural(
                          count,
                          '@slot: @count trainer available',
                          '@slot: @count trainers available',
                          { slot: `${weekday} ${zoned.time(slot.start)}–${zoned.time(slot.end)}` },
                        );
                        const current = active.row === row && active.column === column;
                        return (
                          <td key={hour} className={styles.cell}>
                            <button
                              type="button"
                              className={styles.count}
                              data-level={coverageLevel(count, max)}
                              data-cell={`${row}-${column}`}
                              tabIndex={current ? 0 : -1}
                              aria-label={name}
                              title={name}
                              onFocus={() => setActive({ row, column })}
                              onClick={() => p.onPick(slot)}
                            >
                              {number(count)}
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className={styles.legend}>
            <span>{t('Fewer trainers')}</span>
            <span className={styles.scale} aria-hidden="true">
              {Array.from({ length: COVERAGE_LEVELS + 1 }, (_, level) => (
                <span key={level} className={styles.swatch} data-level={level} />
              ))}
            </span>
            <span>{t('More trainers')}</span>
            <span className={styles.legendNote}>
              {t('Each cell counts the trainers available for the whole hour, at most @max.', {
                max: number(max),
              })}
            </span>
          </div>
        </>
      )}
    </div>
  );
}
