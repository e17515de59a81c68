import { ApiRequestError } from '@engine/core';
import { matchMessage } from '@schemas/entities/availability.schema';

type Translate = (source: string, values?: Record<string, string>) => string;

/** A server text in the interface language: its template translated, filled with its values. */
function translated(text: string, t: Translate): string {
  const match = matchMessage(text);
  return match ? t(match.template, match.values) : t(text);
}

/**
 * What to tell the user about a failed request: the server's own words, translated, for an
 * answer they can act on (400 validation, 409 overlap or lock), else the generic failure text.
 */
export function failureText(error: unknown, t: Translate): string {
  const fallback = t('Something went wrong, please try again.');
  if (!(error instanceof ApiRequestError)) return fallback;
  const { status } = error;
  if (typeof status !== 'number' || status < 400 || status >= 500) return fallback;
  if (status === 400 && error.messages.length > 0)
    return error.messages.map((m) => translated(m.text, t)).join(' ');
  return /^Request failed with status/.test(error.message)
    ? fallback
    : translated(error.message, t);
}
