import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateInputFormat,
  formatDateInput,
  formatDateTimeInput,
  formatTimeInput,
  parseDateInput,
  parseDateTimeInput,
  parseTimeInput,
  timeInputFormat,
} from '../index';

const european = { short: 'd/m/Y - H:i', date_only: 'd/m/Y', time_only: 'H:i' };
const american = { short: 'm/d/Y - g:i a', medium: 'D, m/d/Y - g:i a' };

describe('the formats dates and times are typed in', () => {
  it('follow the site’s order and clock, with numbers for names and the year in full', () => {
    expect(dateInputFormat(european)).toBe('d/m/Y');
    expect(dateInputFormat(american)).toBe('m/d/Y');
    expect(dateInputFormat({ date_only: 'j F Y' })).toBe('j/m/Y');
    expect(dateInputFormat({ date_only: 'M j, Y' })).toBe('m/j/Y');
    expect(dateInputFormat({ date_only: 'd.m.y' })).toBe('d.m.Y');
    expect(dateInputFormat({})).toBe('Y-m-d');
    expect(timeInputFormat(european)).toBe('H:i');
    expect(timeInputFormat(american)).toBe('g:i a');
    expect(timeInputFormat({ time_only: 'H:i:s' })).toBe('H:i');
  });

  it('write values as the field shows them, in English and Arabic', () => {
    const en = { formats: european, language: 'en' };
    expect(formatDateInput('2024-03-05', en)).toBe('05/03/2024');
    expect(formatTimeInput('07:05', en)).toBe('07:05');
    expect(formatDateTimeInput('2024-03-05', '18:05', en)).toBe('05/03/2024 - 18:05');
    const us = { formats: american, language: 'en' };
    expect(formatDateInput('2024-03-05', us)).toBe('03/05/2024');
    expect(formatTimeInput('18:05', us)).toBe('6:05 pm');
    expect(formatTimeInput('00:30', us)).toBe('12:30 am');
    expect(formatTimeInput('18:05', { formats: american, language: 'ar' })).toBe('6:05 م');
  });
});

describe('reading what people type', () => {
  it('reads dates in the site’s order, however they are separated or padded', () => {
    expect(parseDateInput('05/03/2024', european)).toBe('2024-03-05');
    expect(parseDateInput('5-3-24', european)).toBe('2024-03-05');
    expect(parseDateInput(' 5.3.2024 ', european)).toBe('2024-03-05');
    expect(parseDateInput('03/05/2024', american)).toBe('2024-03-05');
    expect(parseDateInput('2024-03-05', european)).toBe('2024-03-05');
    expect(parseDateInput('٠٥/٠٣/٢٠٢٤', european)).toBe('2024-03-05');
    expect(parseDateInput('29/02/2024', european)).toBe('2024-02-29');
    expect(parseDateInput('', european)).toBe('');
  });

  it('refuses text that is no date', () => {
    for (const text of [
      '31/02/2024',
      '29/02/2023',
      '13/13/2024',
      '05/03',
      '05/03/2024/1',
      '05/03/202',
      'tomorrow',
      '5 March 2024',
      '0/3/2024',
    ])
      expect(parseDateInput(text, european), text).toBeNull();
  });

  it('reads times on either clock, am and pm in English or Arabic', () => {
    expect(parseTimeInput('18:05')).toBe('18:05');
    expect(parseTimeInput('1805')).toBe('18:05');
    expect(parseTimeInput('9')).toBe('09:00');
    expect(parseTimeInput('6:05 pm')).toBe('18:05');
    expect(parseTimeInput('6:05PM')).toBe('18:05');
    expect(parseTimeInput('12:10 am')).toBe('00:10');
    expect(parseTimeInput('12 p.m.')).toBe('12:00');
    expect(parseTimeInput('٦:٠٥ م')).toBe('18:05');
    expect(parseTimeInput('6:05 ص')).toBe('06:05');
    for (const text of ['24:00', '18:60', '13 pm', '0 am', '6:05 xm', 'noon', '6:5'])
      expect(parseTimeInput(text), text).toBeNull();
  });

  it('reads a date and time typed in one field; a date alone is its midnight', () => {
    expect(parseDateTimeInput('05/03/2024 - 18:05', european)).toEqual({
      date: '2024-03-05',
      time: '18:05',
    });
    expect(parseDateTimeInput('03/05/2024, 6:05 pm', american)).toEqual({
      date: '2024-03-05',
      time: '18:05',
    });
    expect(parseDateTimeInput('2024-03-05T18:05', european)).toEqual({
      date: '2024-03-05',
      time: '18:05',
    });
    expect(parseDateTimeInput('05/03/2024', european)).toEqual({
      date: '2024-03-05',
      time: '00:00',
    });
    expect(parseDateTimeInput('05/03/2024 25:00', european)).toBeNull();
    expect(parseDateTimeInput('soon', european)).toBeNull();
  });

  it('reads back every date and time it writes, in each order and clock', () => {
    const day = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString().slice(0, 10));
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const formats = fc.constantFrom(european, american, { date_only: 'Y.m.d' }, {});
    const language = fc.constantFrom('en', 'ar');
    fc.assert(
      fc.property(day, time, formats, language, (d, t, f, l) => {
        const text = formatDateTimeInput(d, t, { formats: f, language: l });
        expect(parseDateTimeInput(text, f)).toEqual({ date: d, time: t });
      }),
    );
  });
});
