import ky, { HTTPError, TimeoutError, type Options as KyOptions } from 'ky';
import {
  ApiRequestError,
  RETRY_LIMIT,
  shouldRetry,
  type ApiMessage,
  type ErrorStatus,
} from './http';

// What the HTTP client (./http) needs only to go to the network: ky, and reading its failures.
// Loaded with the client's first call that is not answered from the page.

/** A Retry-After longer than this is not worth waiting for in the background. */
const MAX_RETRY_AFTER_MS = 10_000;

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseMessages(value: unknown): ApiMessage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((m): ApiMessage[] =>
    isRecord(m) && typeof m.path === 'string' && typeof m.text === 'string'
      ? [{ path: m.path, text: m.text }]
      : [],
  );
}

async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const record = isRecord(body) ? body : {};
  const message =
    typeof record.message === 'string' && record.message !== ''
      ? record.message
      : `Request failed with status ${response.status}`;
  return new ApiRequestError(response.status, message, {
    messages: parseMessages(record.messages),
    body,
  });
}

/** The status a raw ky/fetch failure maps to, without reading a body. */
function statusOf(error: unknown): ErrorStatus {
  if (error instanceof HTTPError) return error.response.status;
  if (error instanceof TimeoutError) return 'TIMEOUT_ERROR';
  return 'FETCH_ERROR';
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (header === null) return undefined;
  const seconds = Number(header);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : at - Date.now();
}

/** Options of {@link createSend}. */
export interface SendOptions {
  fetch?: typeof fetch;
  /** Delay before retry number `attempt` (1-based). */
  retryDelay: (attempt: number) => number;
  /** Runs before each attempt (the first and every retry). */
  beforeRequest: (request: Request) => void;
}

/**
 * One ky instance for the HTTP client: `Accept: application/json`, up to {@link RETRY_LIMIT}
 * retries of transient failures (not past a long Retry-After). The returned function resolves
 * to a 2xx response and rejects with an {@link ApiRequestError}, or with the abort error of a
 * request its caller cancelled.
 *
 * @example
 * const send = createSend({ retryDelay: () => 0, beforeRequest: () => undefined });
 * const response = await send('https://example.test/api/v2/me', { method: 'get' });
 */
export function createSend(
  options: SendOptions,
): (url: string, init: KyOptions) => Promise<Response> {
  const instance = ky.create({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: { Accept: 'application/json' },
    retry: {
      limit: RETRY_LIMIT,
      methods: ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'],
      delay: (attempt) => options.retryDelay(attempt),
      shouldRetry: ({ error, retryCount }) => {
        if (isAbort(error) && !(error instanceof TimeoutError)) return false;
        if (error instanceof HTTPError && error.response.status === 429) {
          const wait = retryAfterMs(error.response);
          if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) return false;
        }
        return shouldRetry(new ApiRequestError(statusOf(error), ''), retryCount);
      },
    },
    hooks: { beforeRequest: [(request) => options.beforeRequest(request)] },
  });

  return async (url, init) => {
    try {
      return await instance(url, init);
    } catch (error) {
      if (isAbort(error) && !(error instanceof TimeoutError)) throw error;
      throw error instanceof HTTPError
        ? await errorFromResponse(error.response)
        : error instanceof TimeoutError
          ? new ApiRequestError('TIMEOUT_ERROR', 'The request timed out.', { cause: error })
          : new ApiRequestError(
              'FETCH_ERROR',
              error instanceof Error ? error.message : 'Network request failed.',
              { cause: error },
            );
    }
  };
}
