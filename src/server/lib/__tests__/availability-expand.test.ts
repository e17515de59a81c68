import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, wallClockToUtc, weekdayOf } from '@engine/core';
import {
  coversRange,
  describeRange,
  expandAvailability,
  hoursProblems,
  localDatesTouching,
  type ExpandInput,
  type OneOffEntry,
  type WeeklyClockHours,
} from '../availability-expand';

const AMS = 'Europe/Amsterdam';
const base = { weekly: [], overrides: [], entries: [] } as const;

describe('wall-clock conversion', () => {
  it('keeps 09:00 on the wall clock across the EU change (2026-10-25)', () => {
    expect(new Date(wallClockToUtc('2026-10-19', '09:00', AMS)).toISOString()).toBe(
      '2026-10-19T07:00:00.000Z',
    );
    expect(new Date(wallClockToUtc('2026-10-26', '09:00', AMS)).toISOString()).toBe(
      '2026-10-26T08:00:00.000Z',
    );
  });

  it('reads 24:00 as midnight at the start of the next date', () => {
    expect(new Date(wallClockToUtc('2026-10-24', '24:00', AMS)).toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    // The day of the change lasts 25 hours.
    expect(
      wallClockToUtc('2026-10-25', '24:00', AMS) - wallClockToUtc('2026-10-25', '00:00', AMS),
    ).toBe(25 * 3600_000);
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(weekdayOf('2026-10-26')).toBe(1);
    expect(
      localDatesTouching(
        Date.parse('2026-10-26T00:00:00Z'),
        Date.parse('2026-10-27T00:00:00Z'),
        AMS,
      ),
    ).toEqual(['2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28']);
  });
});

describe('expandAvailability', () => {
  it('expands weekly hours across the daylight-saving change', () => {
    const intervals = expandAvailability({
      ...base,
      timezone: AMS,
      weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
      start: '2026-10-19T00:00:00Z',
      end: '2026-11-02T00:00:00Z',
    });
    expect(intervals).toEqual([
      { start: '2026-10-19T07:00:00.000Z', end: '2026-10-19T10:00:00.000Z', source: 'weekly' },
      { start: '2026-10-26T08:00:00.000Z', end: '2026-10-26T11:00:00.000Z', source: 'weekly' },
    ]);
  });

  it('lets an override replace the weekly hours of its date, and an empty one clear it', () => {
    const input: ExpandInput = {
      ...base,
      timezone: AMS,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 2, start: '09:00', end: '12:00' },
      ],
      overrides: [
        { date: '2026-11-02', intervals: [{ start: '14:00', end: '16:00' }] },
        { date: '2026-11-03', intervals: [] },
      ],
      start: '2026-11-02T00:00:00Z',
      end: '2026-11-04T00:00:00Z',
    };
    expect(expandAvailability(input)).toEqual([
      { start: '2026-11-02T13:00:00.000Z', end: '2026-11-02T15:00:00.000Z', source: 'override' },
    ]);
  });

  it('adds extra hours, takes time off away last, clips and merges', () => {
    const intervals = expandAvailability({
      timezone: 'UTC',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '13:00' },
      ],
      overrides: [],
      entries: [
        { kind: 'extra', start: '2026-11-02T13:00:00Z', end: '2026-11-02T15:00:00Z' },
        { kind: 'extra', start: '2026-11-02T18:00:00Z', end: '2026-11-02T19:00:00Z' },
        { kind: 'time_off', start: '2026-11-02T10:00:00Z', end: '2026-11-02T11:00:00Z' },
      ],
      start: '2026-11-02T09:30:00Z',
      end: '2026-11-02T18:30:00Z',
    });
    expect(intervals).toEqual([
      { start: '2026-11-02T09:30:00.000Z', end: '2026-11-02T10:00:00.000Z', source: 'weekly' },
      // Weekly 09–12 and 12–13 join; extra 13–15 touches them but keeps its own source.
      { start: '2026-11-02T11:00:00.000Z', end: '2026-11-02T13:00:00.000Z', source: 'weekly' },
      { start: '2026-11-02T13:00:00.000Z', end: '2026-11-02T15:00:00.000Z', source: 'extra' },
      { start: '2026-11-02T18:00:00.000Z', end: '2026-11-02T18:30:00.000Z', source: 'extra' },
    ]);
  });

  it('keeps of extra hours only what they add to the weekly hours', () => {
    const intervals = expandAvailability({
      timezone: 'UTC',
      weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
      overrides: [],
      entries: [
        { kind: 'extra', start: '2026-11-02T10:00:00Z', end: '2026-11-02T11:00:00Z' },
        { kind: 'extra', start: '2026-11-02T11:00:00Z', end: '2026-11-02T13:30:00Z' },
      ],
      start: '2026-11-02T00:00:00Z',
      end: '2026-11-03T00:00:00Z',
    });
    expect(intervals).toEqual([
      { start: '2026-11-02T09:00:00.000Z', end: '2026-11-02T12:00:00.000Z', source: 'weekly' },
      { start: '2026-11-02T12:00:00.000Z', end: '2026-11-02T13:30:00.000Z', source: 'extra' },
    ]);
    // Touching intervals of different sources still cover a slot across them.
    expect(coversRange(intervals, '2026-11-02T11:30:00Z', '2026-11-02T13:00:00Z')).toBe(true);
  });

  it('labels what is left of extra hours after time off as extra', () => {
    const intervals = expandAvailability({
      timezone: 'UTC',
      weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
      overrides: [],
      entries: [
        { kind: 'extra', start: '2026-11-02T12:00:00Z', end: '2026-11-02T14:00:00Z' },
        { kind: 'time_off', start: '2026-11-02T08:00:00Z', end: '2026-11-02T13:00:00Z' },
      ],
      start: '2026-11-02T00:00:00Z',
      end: '2026-11-03T00:00:00Z',
    });
    expect(intervals).toEqual([
      { start: '2026-11-02T13:00:00.000Z', end: '2026-11-02T14:00:00.000Z', source: 'extra' },
    ]);
  });

  it('joins hours until 24:00 with hours from 00:00 the next day', () => {
    const intervals = expandAvailability({
      ...base,
      timezone: AMS,
      weekly: [
        { weekday: 0, start: '22:00', end: '24:00' },
        { weekday: 1, start: '00:00', end: '02:00' },
      ],
      start: '2026-11-01T00:00:00Z',
      end: '2026-11-03T00:00:00Z',
    });
    expect(intervals).toEqual([
      { start: '2026-11-01T21:00:00.000Z', end: '2026-11-02T01:00:00.000Z', source: 'weekly' },
    ]);
  });

  it('answers nothing for an empty range', () => {
    expect(
      expandAvailability({
        ...base,
        timezone: AMS,
        weekly: [{ weekday: 1, start: '00:00', end: '24:00' }],
        start: '2026-11-02T10:00:00Z',
        end: '2026-11-02T10:00:00Z',
      }),
    ).toEqual([]);
  });

  it('tells whether one interval covers a slot', () => {
    const intervals = [{ start: '2026-11-02T08:00:00.000Z', end: '2026-11-02T11:00:00.000Z' }];
    expect(coversRange(intervals, '2026-11-02T09:00:00Z', '2026-11-02T10:00:00Z')).toBe(true);
    expect(coversRange(intervals, '2026-11-02T10:00:00Z', '2026-11-02T12:00:00Z')).toBe(false);
  });
});

describe('hoursProblems', () => {
  it('reports overlaps on the later interval of a day and ends before starts', () => {
    const hours: WeeklyClockHours[] = [
      { weekday: 1, start: '11:00', end: '13:00' },
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 2, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '14:00' },
      { weekday: 3, start: '10:00', end: '10:00' },
    ];
    expect(hoursProblems(hours, (h) => h.weekday)).toEqual([
      { index: 0, field: 'start', text: 'Overlaps 09:00–12:00 on the same day' },
      { index: 4, field: 'end', text: 'Must be after the start time' },
    ]);
  });

  it('accepts touching intervals and 24:00', () => {
    expect(
      hoursProblems([
        { start: '00:00', end: '12:00' },
        { start: '12:00', end: '24:00' },
      ]),
    ).toEqual([]);
  });
});

describe('describeRange', () => {
  it('names times in the trainer’s zone', () => {
    expect(describeRange('2026-11-23T08:00:00Z', '2026-11-23T11:00:00Z', AMS)).toBe(
      '2026-11-23 09:00–12:00 (Europe/Amsterdam)',
    );
    expect(describeRange('2026-11-22T23:00:00Z', '2026-11-24T23:00:00Z', AMS)).toBe(
      '2026-11-23 00:00 – 2026-11-24 24:00 (Europe/Amsterdam)',
    );
  });
});

/* ------------------------------------------------------------------ properties */

const ZONES = [
  'UTC',
  AMS,
  'America/New_York',
  'Asia/Dubai',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
];
const EPOCH = Date.parse('2026-03-20T00:00:00Z'); // spans the spring and autumn changes below
const HOUR = 3600_000;

const clockArb = fc
  .integer({ min: 0, max: 96 })
  .map((q) =>
    q === 96
      ? '24:00'
      : `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`,
  );
const hoursArb = fc
  .tuple(clockArb, clockArb)
  .filter(([a, b]) => a < b && a !== '24:00')
  .map(([start, end]) => ({ start, end }));
const entryArb: fc.Arbitrary<OneOffEntry> = fc
  .record({
    kind: fc.constantFrom('extra' as const, 'time_off' as const),
    at: fc.integer({ min: -48, max: 24 * 240 }),
    hours: fc.integer({ min: 1, max: 72 }),
  })
  .map(({ kind, at, hours }) => ({
    kind,
    start: new Date(EPOCH + at * HOUR).toISOString(),
    end: new Date(EPOCH + (at + hours) * HOUR).toISOString(),
  }));
const inputArb: fc.Arbitrary<ExpandInput> = fc
  .record({
    timezone: fc.constantFrom(...ZONES),
    weekly: fc.array(
      fc.tuple(fc.integer({ min: 0, max: 6 }), hoursArb).map(([weekday, h]) => ({ weekday, ...h })),
      { maxLength: 12 },
    ),
    overrides: fc.array(
      fc.record({
        date: fc.integer({ min: -2, max: 240 }).map((d) => addDays('2026-03-20', d)),
        intervals: fc.array(hoursArb, { maxLength: 3 }),
      }),
      { maxLength: 6 },
    ),
    entries: fc.array(entryArb, { maxLength: 8 }),
    from: fc.integer({ min: 0, max: 24 * 220 }),
    hours: fc.integer({ min: 1, max: 24 * 20 }),
  })
  .map(({ from, hours, ...rest }) => ({
    ...rest,
    start: new Date(EPOCH + from * HOUR).toISOString(),
    end: new Date(EPOCH + (from + hours) * HOUR).toISOString(),
  }));

describe('expandAvailability properties', () => {
  it('answers sorted, disjoint intervals inside the range that never meet time off', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = expandAvailability(input);
        const start = Date.parse(input.start as string);
        const end = Date.parse(input.end as string);
        const timeOff = input.entries
          .filter((e) => e.kind === 'time_off')
          .map((e) => [Date.parse(e.start as string), Date.parse(e.end as string)] as const);
        let previousEnd = -Infinity;
        let previousSource = '';
        for (const i of out) {
          const s = Date.parse(i.start);
          const e = Date.parse(i.end);
          expect(s).toBeLessThan(e);
          expect(s).toBeGreaterThanOrEqual(start);
          expect(e).toBeLessThanOrEqual(end);
          // Never overlapping the previous one; touching it only when from another source
          // (touching intervals of one source are merged).
          expect(s).toBeGreaterThanOrEqual(previousEnd);
          if (s === previousEnd) expect(i.source).not.toBe(previousSource);
          previousEnd = e;
          previousSource = i.source;
          for (const [os, oe] of timeOff) expect(s < oe && os < e).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('covers every extra hour that no time off takes away', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = expandAvailability(input);
        const start = Date.parse(input.start as string);
        const end = Date.parse(input.end as string);
        const timeOff = input.entries.filter((e) => e.kind === 'time_off');
        for (const e of input.entries.filter((x) => x.kind === 'extra')) {
          // Sample the middle of each hour of the entry inside the range.
          for (
            let t = Date.parse(e.start as string) + HOUR / 2;
            t < Date.parse(e.end as string);
            t += HOUR
          ) {
            if (t < start || t >= end) continue;
            if (
              timeOff.some(
                (o) => Date.parse(o.start as string) <= t && t < Date.parse(o.end as string),
              )
            )
              continue;
            expect(out.some((i) => Date.parse(i.start) <= t && t < Date.parse(i.end))).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
