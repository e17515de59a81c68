import type { ExpirySchedule } from '@schemas/entities/incentives.schema';

type T = (source: string, args?: Record<string, string | number>) => string;
type Plural = (
  n: number,
  one: string,
  many: string,
  args?: Record<string, string | number>,
) => string;

/** When a schedule lets points expire, in words. */
export function scheduleText(
  schedule: Pick<ExpirySchedule, 'type' | 'months' | 'fixed_date'>,
  t: T,
  plural: Plural,
  formatDate: (value: string, format?: string) => string,
): string {
  if (schedule.type === 'rolling') {
    return schedule.months === null
      ? t('After some months')
      : plural(schedule.months, '@count month after earning', '@count months after earning');
  }
  return schedule.fixed_date
    ? t('Every year on @date', { date: formatDate(`${schedule.fixed_date}T12:00:00Z`, 'j F') })
    : t('On a fixed date');
}
