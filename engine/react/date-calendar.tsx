// Loaded on demand by date-field.tsx: react-day-picker and its date library stay out of every
// page's first load.
import { useState } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import { ar } from 'date-fns/locale/ar';
import { enUS } from 'date-fns/locale/en-US';
import { formatDateTime } from '../core';
import { useT } from './i18n';
import 'react-day-picker/style.css';
import './date-calendar.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser-local midnight DayPicker draws a calendar date as. */
function toLocal(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function fromLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Props of the calendar a date field opens. */
export interface DateCalendarProps {
  /** The chosen date `YYYY-MM-DD`, or `''`. */
  value: string;
  /** Today in the viewer's time zone, `YYYY-MM-DD`. */
  today: string;
  onPick: (date: string) => void;
}

/**
 * A month of days to pick one from, in the interface language and direction, weeks starting on
 * Saturday in Arabic and on Monday otherwise. It takes the focus on the chosen day (else today):
 * arrows move by day and week, Page Up and Page Down by month (with Shift, by year), Home and
 * End to the week's ends, Enter picks.
 *
 * @example
 * <DateCalendar value="2024-03-05" today="2024-03-01" onPick={setDate} />
 */
export default function DateCalendar(p: DateCalendarProps) {
  const t = useT();
  const arabic = /^ar(?:-|$)/.test(t.language);
  const selected = p.value ? toLocal(p.value) : undefined;
  const [month, setMonth] = useState(() => selected ?? toLocal(p.today));
  const spoken = (date: Date) =>
    formatDateTime(`${fromLocal(date)}T12:00:00Z`, 'l j F Y', {
      formats: {},
      timeZone: 'UTC',
      language: t.language,
    });
  const dayLabel = (date: Date, modifiers: Modifiers) => {
    let label = spoken(date);
    if (modifiers.today) label = t.t('Today, @date', { date: label });
    if (modifiers.selected) label = t.t('@date, selected', { date: label });
    return label;
  };
  return (
    <DayPicker
      className="date-calendar"
      mode="single"
      required
      selected={selected}
      onSelect={(date) => p.onPick(fromLocal(date))}
      month={month}
      onMonthChange={setMonth}
      today={toLocal(p.today)}
      autoFocus
      showOutsideDays
      fixedWeeks
      locale={arabic ? ar : enUS}
      dir={t.dir}
      lang={t.language}
      weekStartsOn={arabic ? 6 : 1}
      labels={{
        labelPrevious: () => t.t('Previous month'),
        labelNext: () => t.t('Next month'),
        labelNav: () => t.t('Months'),
        labelDayButton: dayLabel,
        labelGridcell: (date, modifiers) => dayLabel(date, modifiers ?? {}),
      }}
    />
  );
}
