import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../core';
import { I18nProvider, useFormatDate } from '../index';

const at = '2024-03-05T14:07:00Z';
const dateFormats = { short: 'd/m/Y - H:i', medium: 'D, d/m/Y - H:i' };

function wrapper(language: string, timeZone?: string) {
  const translator = createTranslator({
    language,
    translations: [],
    dateFormats,
    ...(timeZone ? { timeZone } : {}),
  });
  return ({ children }: { children: ReactNode }) => (
    <I18nProvider translator={translator}>{children}</I18nProvider>
  );
}

describe('useFormatDate', () => {
  it('uses the site format and the user time zone', () => {
    const { result } = renderHook(() => useFormatDate(), { wrapper: wrapper('en', 'Asia/Dubai') });
    expect(result.current(at, 'short')).toBe('05/03/2024 - 18:07');
    expect(result.current(at)).toBe('Tue, 05/03/2024 - 18:07');
  });

  it('falls back to UTC and speaks Arabic for an Arabic interface', () => {
    const { result } = renderHook(() => useFormatDate(), { wrapper: wrapper('ar') });
    expect(result.current(at, 'short')).toBe('05/03/2024 - 14:07');
    expect(result.current(at, 'D')).not.toBe('Tue');
  });
});
