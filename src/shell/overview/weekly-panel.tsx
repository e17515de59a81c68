import { useFormatDate, useT } from '@engine/react';
import { lazy, Suspense } from 'react';
import type { WeeklyLine } from '../charts/weekly-chart';
import { EmptyState } from '../states/states';
import { ChartSkeleton } from './overview-section';
import styles from './overview.module.css';
import { TableDisclosure } from './table-disclosure';

/** The chart is drawn by a library only overview pages need: it loads with the page's data. */
const WeeklyChart = lazy(() => import('../charts/weekly-chart'));

/** A week's first day (a UTC date) as an instant in that day in any time zone. */
const weekInstant = (week: string) => `${week}T12:00:00Z`;

/** One of a {@link WeeklyPanel}'s lines: a chart line and a table column. */
export interface WeeklyTotalLine extends WeeklyLine {
  /** The period's total, the table's last row. */
  total: number;
}

export interface WeeklyPanelProps {
  /** The panel's heading, also the name of its table. */
  title: string;
  /** What the weeks show, in a sentence: shown under the heading and naming the chart. */
  summary: string;
  /** The first day (a UTC date, YYYY-MM-DD) of each week, oldest first. */
  weeks: readonly string[];
  /** At most three lines, in the order of the table's columns. */
  lines: readonly WeeklyTotalLine[];
  /** What the panel says instead of a chart while every total is 0. */
  empty: { title: string; text: string };
}

/**
 * A panel of counts per week: a heading, a sentence, and a chart (loaded on first use) with
 * the same numbers as a table behind "Show as table", weeks as rows and the totals last.
 *
 * @example
 * <WeeklyPanel
 *   title={t('Points per week')}
 *   summary={summary}
 *   weeks={data.weeks.map((w) => w.week)}
 *   lines={[
 *     { label: t('Earned'), values: data.weeks.map((w) => w.earned), total: data.totals.earned },
 *   ]}
 *   empty={{ title: t('Your points have not moved in this period.'), text: t('Points appear here once you earn or spend them.') }}
 * />
 */
export function WeeklyPanel({ title, summary, weeks, lines, empty }: WeeklyPanelProps) {
  const i18n = useT();
  const { t } = i18n;
  const formatDate = useFormatDate();
  return (
    <div className={styles.panel}>
      <h3 className={styles.panelHeading}>{title}</h3>
      <p className={styles.summary} data-summary="">
        {summary}
      </p>
      {lines.some((line) => line.total > 0) ? (
        <>
          <Suspense fallback={<ChartSkeleton />}>
            <WeeklyChart weeks={weeks} lines={lines} label={summary} />
          </Suspense>
          <TableDisclosure caption={title}>
            <thead>
              <tr>
                <th scope="col">{t('Week of')}</th>
                {lines.map((line) => (
                  <th key={line.label} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, i) => (
                <tr key={week}>
                  <th scope="row">{formatDate(weekInstant(week), 'j M Y')}</th>
                  {lines.map((line) => (
                    <td key={line.label}>{i18n.number(line.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('Total')}</th>
                {lines.map((line) => (
                  <td key={line.label}>{i18n.number(line.total)}</td>
                ))}
              </tr>
            </tfoot>
          </TableDisclosure>
        </>
      ) : (
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      )}
    </div>
  );
}
