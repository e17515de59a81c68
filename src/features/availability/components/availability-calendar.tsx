import { useT } from '@engine/react';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { CalendarViewProps } from './calendar-view';
import styles from './availability.module.css';

const CalendarView = lazy(() => import('./calendar-view'));

/** Keeps a calendar failure inside the calendar: the lists and forms below still work. */
class CalendarBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Whether this environment can lay out FullCalendar (jsdom and very old browsers cannot). */
const canDrawCalendar = () => typeof window !== 'undefined' && 'ResizeObserver' in window;

export type AvailabilityCalendarProps = Omit<
  CalendarViewProps,
  'language' | 'dir' | 'firstDay' | 'hour12'
>;

/**
 * The week and month calendar, loaded on demand. Everything it does with a pointer can also be
 * done with the "Add time" button and the lists beside it, which is also what shows where the
 * calendar cannot be drawn.
 */
export function AvailabilityCalendar(props: AvailabilityCalendarProps) {
  const { t, language, dir, dateFormats } = useT();
  const fallback = (
    <p className={styles.calendarFallback}>
      {t('The calendar cannot be shown here. Use the lists and forms on this page instead.')}
    </p>
  );
  if (!canDrawCalendar()) return fallback;
  return (
    <CalendarBoundary fallback={fallback}>
      <Suspense
        fallback={
          <div className={styles.calendarSkeleton} role="status" aria-label={t('Loading')} />
        }
      >
        <CalendarView
          {...props}
          language={language}
          dir={dir}
          firstDay={firstDayOf(language)}
          hour12={usesTwelveHours(dateFormats)}
        />
      </Suspense>
    </CalendarBoundary>
  );
}

/** Weeks start on Saturday in Arabic, on Monday otherwise. */
export function firstDayOf(language: string): number {
  return language === 'ar' || language.startsWith('ar-') ? 6 : 1;
}

/** Whether the site's time format (`time_only`, else `short`) reads the hour on a 12-hour clock. */
export function usesTwelveHours(formats: Record<string, string>): boolean {
  const format = formats.time_only ?? formats.short ?? 'H:i';
  return !/[GH]/.test(format.replace(/\\./g, ''));
}
