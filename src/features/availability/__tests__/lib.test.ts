import { describe, expect, it } from 'vitest';
import { dateFormatOf, timeFormatOf } from '../lib/format';
import { dayOrder, draftFromWeekly, weeklyBody, weeklyFieldErrors } from '../lib/weekly';
import { rangeQuery, weekAround, zonedToIso } from '../lib/zoned';

describe('availability helpers', () => {
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
});
