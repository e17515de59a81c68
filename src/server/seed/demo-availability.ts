import type { EntryKind, WeeklyHours } from '@schemas/entities/availability.schema';
import { addDays, localDateOf, wallClockToUtc, weekdayOf } from '@engine/core';
import type { Repositories } from '../repositories/create-repositories';

/** A date relative to the Monday of next week in the trainer's zone, with wall-clock hours. */
interface DemoEntry {
  kind: EntryKind;
  /** Days after next Monday (may be negative: this week). */
  day: number;
  start: string;
  /** Days after `day` on which it ends (0: the same day). */
  endDay?: number;
  end: string;
  reason: string;
}

/** One demo trainer's calendar. */
export interface DemoAvailability {
  name: string;
  timezone: string;
  weekly: WeeklyHours[];
  override: { day: number; intervals: { start: string; end: string }[]; reason: string };
  entries: DemoEntry[];
  /** Locked by this course administrator. */
  lockedBy?: string;
}

/** The same hours on each of the weekdays. */
function days(weekdays: number[], ...hours: [string, string][]): WeeklyHours[] {
  return weekdays.flatMap((weekday) => hours.map(([start, end]) => ({ weekday, start, end })));
}

const MON_FRI = [1, 2, 3, 4, 5];

/** Demo calendars: office hours with a lunch break, a changed date, time off next week. */
export const demoAvailability: DemoAvailability[] = [
  {
    name: 'trainer',
    timezone: 'Europe/London',
    weekly: days(MON_FRI, ['09:00', '12:30'], ['13:30', '17:30']),
    override: {
      day: 4,
      intervals: [{ start: '09:00', end: '13:00' }],
      reason: 'Half day: team offsite in the afternoon',
    },
    entries: [
      {
        kind: 'time_off',
        day: 2,
        start: '00:00',
        endDay: 1,
        end: '00:00',
        reason: 'Learning Technologies conference',
      },
      { kind: 'extra', day: 5, start: '10:00', end: '13:00', reason: 'Saturday catch-up workshop' },
    ],
  },
  {
    name: 'courseadmin',
    timezone: 'Europe/Lisbon',
    weekly: [
      ...days([1, 2, 3, 4], ['08:30', '12:00'], ['13:00', '16:30']),
      ...days([5], ['08:30', '12:00']),
    ],
    override: { day: 0, intervals: [], reason: 'Planning day, no sessions' },
    entries: [
      {
        kind: 'time_off',
        day: 3,
        start: '00:00',
        endDay: 2,
        end: '00:00',
        reason: 'Annual leave',
      },
    ],
  },
  {
    name: 'layla',
    timezone: 'Asia/Dubai',
    weekly: [
      ...days([1, 2, 3, 4], ['08:00', '12:30'], ['13:30', '17:00']),
      ...days([5], ['08:00', '12:00']),
    ],
    override: {
      day: 7,
      intervals: [
        { start: '10:00', end: '12:00' },
        { start: '14:00', end: '18:00' },
      ],
      reason: 'Evening cohort in Abu Dhabi',
    },
    entries: [
      { kind: 'time_off', day: 1, start: '13:30', end: '17:00', reason: 'Medical appointment' },
    ],
  },
  {
    name: 'marcus',
    timezone: 'America/New_York',
    weekly: days(MON_FRI, ['10:00', '13:00'], ['14:00', '18:00']),
    override: { day: 4, intervals: [{ start: '10:00', end: '14:00' }], reason: 'Early finish' },
    entries: [
      { kind: 'time_off', day: 0, start: '10:00', end: '13:00', reason: 'Dentist' },
      {
        kind: 'extra',
        day: 2,
        start: '18:00',
        end: '20:00',
        reason: 'Evening webinar for the west coast',
      },
    ],
  },
  {
    name: 'ingrid',
    timezone: 'Europe/Stockholm',
    weekly: days([1, 2, 4], ['08:00', '11:30'], ['12:30', '16:00']),
    override: {
      day: 3,
      intervals: [{ start: '09:00', end: '15:00' }],
      reason: 'Swapped with Thursday',
    },
    entries: [
      {
        kind: 'time_off',
        day: 7,
        start: '00:00',
        endDay: 5,
        end: '00:00',
        reason: 'Parental leave',
      },
    ],
    lockedBy: 'courseadmin',
  },
];

/** Monday of the week after the one `now` falls in, in the time zone. */
function nextMonday(now: Date, timezone: string): string {
  const today = localDateOf(now, timezone);
  return addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
}

/**
 * Seeds the demo trainers' availability, dated from `now` so "next week" stays next week.
 * Called by the demo seed after the users exist.
 */
export async function seedAvailability(
  repos: Repositories,
  uids: ReadonlyMap<string, number>,
  now = new Date(),
): Promise<void> {
  for (const demo of demoAvailability) {
    const uid = uids.get(demo.name);
    if (uid === undefined) throw new Error(`Unknown demo trainer "${demo.name}".`);
    const monday = nextMonday(now, demo.timezone);
    const at = (day: number, clock: string) =>
      new Date(wallClockToUtc(addDays(monday, day), clock, demo.timezone)).toISOString();
    await repos.availability.withProfile(uid, demo.timezone, async (_profile, tx) => {
      await tx.setTimezone(uid, demo.timezone);
      await tx.replaceWeekly(uid, demo.weekly);
      await tx.saveOverride(uid, {
        date: addDays(monday, demo.override.day),
        intervals: demo.override.intervals,
        reason: demo.override.reason,
      });
      for (const e of demo.entries)
        await tx.createEntry(
          uid,
          {
            kind: e.kind,
            start: at(e.day, e.start),
            end: at(e.day + (e.endDay ?? 0), e.end),
            reason: e.reason,
          },
          uid,
        );
      if (demo.lockedBy) await tx.setLock(uid, uids.get(demo.lockedBy) ?? null);
    });
  }
}
