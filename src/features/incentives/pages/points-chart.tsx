import { useT } from '@engine/react';
import type { PointsHistory } from '@schemas/entities/incentives.schema';
import WeeklyChart from '../admin/overview/weekly-chart';

/**
 * A learner's points per week, drawn by the incentives overview's chart: earned in the place of
 * issued, spent in the place of redeemed. Loaded on demand with the chart library.
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
      series={{
        weeks: weeks.map((w) => ({
          week: w.week,
          issued: w.earned,
          redeemed: w.spent,
          expired: w.expired,
        })),
        labels: { issued: t('Earned'), redeemed: t('Spent'), expired: t('Expired') },
      }}
      label={label}
    />
  );
}
