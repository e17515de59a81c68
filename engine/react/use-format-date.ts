import { formatDateTime } from '../core';
import { useCallback } from 'react';
import { useT } from './i18n';

/**
 * Formats dates in the current language and time zone with a named site format
 * (`date_time_formats`, default `medium`) or a PHP format string.
 *
 * @example
 * const formatDate = useFormatDate();
 * formatDate(user.created, 'short'); // '05/03/2024 - 18:07'
 */
export function useFormatDate(): (value: Date | string | number, format?: string) => string {
  const { language, timeZone, dateFormats } = useT();
  return useCallback(
    (value, format = 'medium') =>
      formatDateTime(value, format, { formats: dateFormats, timeZone, language }),
    [language, timeZone, dateFormats],
  );
}
