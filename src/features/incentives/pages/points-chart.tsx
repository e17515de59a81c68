import { useT } from '@engine/react';
import type { PointsHistory } from '@schemas/entities/incentives.schema';
import WeeklyChart from '@/shell/charts/weekly-chart';

/**
 * A learner's points per week as the shared weekly chart draws them: earned, spent and expired.
 * Loaded on demand with the chart library.
 */
export default function PointsChart({
  weeks,
  label,
}: {
  weeks: PointsHistory['weeks'];
  label: string;
}) {
  const { t } = useT();
  return (
    <WeeklyChart
      weeks={weeks.map((w) => w.week)}
      lines={[
        { label: t('Earned'), values: weeks.map((w) => w.earned) },
        { label: t('Spent'), values: weeks.map((w) => w.spent) },
        { label: t('Expired'), values: weeks.map((w) => w.expired) },
      ]}
      label={label}
    />
  );
}
