import type {
  Availability,
  Entry,
  Override,
  OverviewRow,
} from '@schemas/entities/availability.schema';
import { addDays } from '@engine/core';

/** What the calendar draws: a subset of FullCalendar's event input, kept free of its types. */
export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay?: boolean;
  color: string;
  editable: boolean;
  display?: 'auto' | 'background';
  /** Extra class names for the event (e.g. the hatched time off). */
  className?: string;
  extendedProps: CalendarEventTarget;
}

/** What a click (or a drag) on an event acts on. */
export type CalendarEventTarget =
  | { type: 'interval'; source: 'weekly' | 'override' | 'extra' }
  | { type: 'entry'; entry: Entry }
  | { type: 'override'; override: Override }
  | { type: 'trainer'; uid: number };

/** Event colours by where availability comes from; CSS variables set by the calendar's styles. */
export const sourceColors = {
  weekly: 'var(--availability-weekly)',
  override: 'var(--availability-override)',
  extra: 'var(--availability-extra)',
  time_off: 'var(--availability-time-off)',
} as const;

/** Translated labels the events need. */
export interface EventLabels {
  weekly: string;
  override: string;
  extra: string;
  timeOff: string;
  /** `Time off: @reason`. */
  timeOffWithReason: (reason: string) => string;
  dayOff: string;
  overrideHours: string;
}

/**
 * One trainer's calendar: weekly and override hours (not draggable), extra hours and time off
 * (draggable when `editable`), and each date override marked on its day. The intervals that
 * come from extra entries are drawn as the entries themselves, so they can be moved.
 */
export function trainerEvents(
  availability: Availability,
  labels: EventLabels,
  editable: boolean,
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  availability.intervals.forEach((interval, index) => {
    if (interval.source === 'extra') return;
    events.push({
      id: `interval-${index}`,
      title: interval.source === 'weekly' ? labels.weekly : labels.override,
      start: interval.start,
      end: interval.end,
      color: sourceColors[interval.source],
      editable: false,
      extendedProps: { type: 'interval', source: interval.source },
    });
  });
  for (const entry of availability.entries) {
    const timeOff = entry.kind === 'time_off';
    events.push({
      id: `entry-${entry.id}`,
      title: timeOff
        ? entry.reason
          ? labels.timeOffWithReason(entry.reason)
          : labels.timeOff
        : entry.reason
          ? `${labels.extra}: ${entry.reason}`
          : labels.extra,
      start: entry.start,
      end: entry.end,
      color: timeOff ? sourceColors.time_off : sourceColors.extra,
      editable,
      className: timeOff ? 'availability-time-off' : undefined,
      extendedProps: { type: 'entry', entry },
    });
  }
  for (const override of availability.overrides) {
    const kind = override.intervals.length === 0 ? labels.dayOff : labels.overrideHours;
    events.push({
      id: `override-${override.date}`,
      title: override.reason ? `${kind}: ${override.reason}` : kind,
      start: override.date,
      end: addDays(override.date, 1),
      allDay: true,
      color: sourceColors.override,
      editable: false,
      extendedProps: { type: 'override', override },
    });
  }
  return events;
}

/** How many distinct trainer colours the overview cycles through. */
export const TRAINER_COLORS = 8;

/** A trainer's colour in the overview, by their place in the list. */
export const trainerColor = (index: number) =>
  `var(--availability-trainer-${index % TRAINER_COLORS})`;

/**
 * The overview: each trainer's available intervals and time off in their colour, the name in
 * every title so colour is never the only cue.
 */
export function overviewEvents(rows: OverviewRow[], labels: { timeOff: string }): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  rows.forEach((row, index) => {
    const name = row.trainer.display_name;
    const color = trainerColor(index);
    row.intervals.forEach((interval, i) => {
      events.push({
        id: `${row.trainer.uid}-interval-${i}`,
        title: name,
        start: interval.start,
        end: interval.end,
        color,
        editable: false,
        extendedProps: { type: 'trainer', uid: row.trainer.uid },
      });
    });
    row.time_off.forEach((off, i) => {
      events.push({
        id: `${row.trainer.uid}-off-${i}`,
        title: `${name}: ${labels.timeOff}${off.reason ? ` (${off.reason})` : ''}`,
        start: off.start,
        end: off.end,
        color,
        editable: false,
        className: 'availability-time-off',
        extendedProps: { type: 'trainer', uid: row.trainer.uid },
      });
    });
  });
  return events;
}
