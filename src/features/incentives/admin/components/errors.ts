import { ApiRequestError } from '@engine/core';

/** Any rejection as an ApiRequestError (a network failure when it is something else). */
export function asApiError(error: unknown): ApiRequestError {
  return error instanceof ApiRequestError ? error : new ApiRequestError('FETCH_ERROR', '');
}

/** The server's message for 4xx answers a user can act on (e.g. a 409), else undefined. */
export function userMessage(error: unknown): string | undefined {
  const e = asApiError(error);
  return typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.message
    ? e.message
    : undefined;
}

/** A text field of a submitted form, trimmed ('' when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
