import { lazy, Suspense } from 'react';
import type { WeeklyChartProps } from '../charts/weekly-chart';
import { ChartSkeleton } from './overview-section';

/** The chart is drawn by a library only overview pages need: it loads with the page's data. */
const WeeklyChart = lazy(() => import('../charts/weekly-chart'));

/**
 * A weekly chart in an overview, loaded on first use, with a placeholder of its size meanwhile.
 *
 * @example
 * <OverviewChart
 *   weeks={data.weeks.map((w) => w.week)}
 *   lines={[{ label: t('Earned'), values: data.weeks.map((w) => w.earned) }]}
 *   label={summary}
 * />
 */
export function OverviewChart(props: WeeklyChartProps) {
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <WeeklyChart {...props} />
    </Suspense>
  );
}
