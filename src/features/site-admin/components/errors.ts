import { ApiRequestError } from '@engine/core';

/** Any rejection as an ApiRequestError (a network failure when it is something else). */
export function asApiError(error: unknown): ApiRequestError {
  return error instanceof ApiRequestError ? error : new ApiRequestError('FETCH_ERROR', '');
}

/** The server's message for 4xx answers a user can act on (e.g. a 409), else undefined. */
export function userMessage(error: ApiRequestError): string | undefined {
  return typeof error.status === 'number' && error.status >= 400 && error.status < 500
    ? error.message || undefined
    : undefined;
}
