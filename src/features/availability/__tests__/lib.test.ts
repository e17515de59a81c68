import { describe, expect, it } from 'vitest';
import { coverageHours, coverageLevel } from '../lib/coverage';
import { dateFormatOf, timeFormatOf } from '../lib/format';
import { dayBars, minuteWindow, placeBar, weekDates } from '../lib/week-grid';
import { dayOrder, draftFromWeekly, weeklyBody, weeklyFieldErrors } from '../lib/weekly';
import { rangeQuery, weekAround, zonedToIso } from '../lib/zoned';

describe('availability helpers', () => {
  it('shows the hours where anyone is available, else 06:00 to 22:00, shaded by share of the busiest', () => {
    const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    expect(coverageHours(counts)).toEqual({ first: 6, last: 21 });
    counts[2]![4] = 1;
    counts[5]![19] = 8;
    expect(coverageHours(counts)).toEqual({ first: 4, last: 19 });
    expect([0, 1, 2, 4, 7, 8].map((n) => coverageLevel(n, 8))).toEqual([0, 1, 2, 3, 5, 5]);
    expect(coverageLevel(0, 0)).toBe(0);
  });

  it('maps a bracket path of the weekly body back to the day and row it came from', () => {
    const draft = draftFromWeekly([
      { weekday: 0, start: '10:00', end: '12:00' },
      { weekday: 1, start: '09:00', end: '24:00' },
    ]);
    expect(draft[1]).toEqual([{ start: '09:00', end: '00:00' }]);
    const { body, index } = weeklyBody(draft, dayOrder(1));
    expect(body.hours).toEqual([
      { weekday: 1, start: '09:00', end: '24:00' },
      { weekday: 0, start: '10:00', end: '12:00' },
    ]);
    const errors = weeklyFieldErrors(
      [
        { path: 'hours[1][end]', text: 'Too late.' },
        { path: 'hours', text: 'Too many.' },
      ],
      index,
    );
    expect(errors.get('0.0.end')).toBe('Too late.');
    expect(errors.get('')).toBe('Too many.');
  });

  it('keeps wall-clock times across a daylight-saving change', () => {
    expect(zonedToIso('2025-03-29', '09:00', 'Europe/Berlin')).toBe('2025-03-29T08:00:00Z');
    expect(zonedToIso('2025-03-31', '09:00', 'Europe/Berlin')).toBe('2025-03-31T07:00:00Z');
    expect(zonedToIso('2025-03-31', '24:00', 'Europe/Berlin')).toBe('2025-03-31T22:00:00Z');
    expect(rangeQuery(weekAround('2025-03-27', 1), 'Europe/Berlin')).toEqual({
      start: '2025-03-23T23:00:00Z',
      end: '2025-03-30T22:00:00Z',
    });
  });

  it('splits a site format into its date and time parts', () => {
    expect(timeFormatOf('D, d/m/Y - H:i')).toBe('H:i');
    expect(dateFormatOf('D, d/m/Y - H:i')).toBe('D, d/m/Y');
    expect(timeFormatOf('l, F j, Y - g:i a')).toBe('g:i a');
  });

  it('cuts intervals at midnight in the time zone and places them on hours shared by every day', () => {
    const dates = weekDates('2025-03-30');
    const bars = dayBars(
      {
        trainer: { uid: 1, name: 'a', display_name: 'A', avatar: null, organizations: [] },
        timezone: 'UTC',
        lock: null,
        // 05:00 on the 30th to 01:00 on the 31st in Berlin, the night summer time begins.
        intervals: [
          { start: '2025-03-30T03:00:00Z', end: '2025-03-30T23:00:00Z', source: 'extra' },
        ],
        time_off: [],
      },
      dates,
      'Europe/Berlin',
    );
    expect(dates).toHaveLength(7);
    const [first] = bars.get('2025-03-30')!;
    const [second] = bars.get('2025-03-31')!;
    expect([first!.from, first!.to, second!.from, second!.to]).toEqual([300, 1440, 0, 60]);
    const hours = minuteWindow([first!, second!]);
    expect(hours).toEqual({ start: 0, end: 1440 });
    expect(placeBar(first!, { start: 360, end: 1320 })).toEqual({ offset: 0, size: 100 });
    expect(minuteWindow([])).toEqual({ start: 360, end: 1320 });
  });
});
