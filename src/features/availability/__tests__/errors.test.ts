import { describe, expect, it } from 'vitest';
import { ApiRequestError, createTranslator } from '@engine/core';
import { failureText } from '../components/errors';

const arabic = createTranslator({
  language: 'ar',
  translations: [
    { source: 'Overlaps other time off: @range.', translation: 'يتداخل مع إجازة أخرى: @range.' },
    { source: 'Must be after the start', translation: 'يجب أن يكون بعد البداية' },
    { source: 'Something went wrong, please try again.', translation: 'حدث خطأ ما' },
  ],
});
const t = (source: string, values?: Record<string, string>) => arabic.t(source, values);

describe('failureText', () => {
  it('translates a filled-in server message through its template, keeping the values', () => {
    const error = new ApiRequestError(
      409,
      'Overlaps other time off: 2026-11-23 09:00–12:00 (Europe/London).',
    );
    expect(failureText(error, t)).toBe(
      'يتداخل مع إجازة أخرى: 2026-11-23 09:00–12:00 (Europe/London).',
    );
  });

  it('translates field messages of a 400, and falls back for server failures', () => {
    const invalid = new ApiRequestError(400, 'Some fields are not valid.', {
      messages: [{ path: 'end', text: 'Must be after the start' }],
    });
    expect(failureText(invalid, t)).toBe('يجب أن يكون بعد البداية');
    expect(failureText(new ApiRequestError(500, 'Internal Server Error'), t)).toBe('حدث خطأ ما');
    expect(failureText(new Error('offline'), t)).toBe('حدث خطأ ما');
  });
});
