import type { ListMeta } from '@schemas/entities/common.schema';
import type { Options as KyOptions } from 'ky';
import { encodeForm, encodeQuery, toFormData } from './encoding';

/** Every successful answer: `{ data }`. @example type Me = Envelope<CurrentUser>; */
export type Envelope<T> = { data: T };

/** Meta of a paged list (pages count from 0). @example const last = meta.page >= meta.totalPages - 1; */
export type { ListMeta };

/** A paged list answer. @example type Users = ListEnvelope<UserListItem>; */
export type ListEnvelope<T> = { data: T[]; meta: ListMeta };

/**
 * Status of a failed call: the HTTP status, or what went wrong before one arrived.
 *
 * @example
 * if (error.status === 'FETCH_ERROR') notify('error', t('You are offline.'));
 */
export type ErrorStatus = number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

/** One server validation message; `path` is in bracket notation. @example { path: 'sections[0][title]', text: 'Required' } */
export interface ApiMessage {
  path: string;
  text: string;
}

/**
 * The error every client call rejects with.
 *
 * @example
 * try { await api.post('auth/login', body); }
 * catch (e) { if (e instanceof ApiRequestError && e.status === 400) show(e.message); }
 */
export class ApiRequestError extends Error {
  readonly status: ErrorStatus;
  readonly messages: ApiMessage[];
  readonly body?: unknown;

  constructor(
    status: ErrorStatus,
    message: string,
    o: { messages?: ApiMessage[]; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, o.cause === undefined ? undefined : { cause: o.cause });
    this.name = 'ApiRequestError';
    this.status = status;
    this.messages = o.messages ?? [];
    this.body = o.body;
  }
}

/** Options of one call. @example api.get('me', { searchParams: { attributes: ['profile'] } }); */
export interface RequestOptions {
  /** Brackets for arrays; empty strings, `undefined` and `null` are dropped. */
  searchParams?: Record<string, unknown>;
  /** The body is `FormData`, or an object turned into `FormData`. */
  multipart?: boolean;
  /** Send JSON instead of form encoding. */
  json?: boolean;
  /** The path is site-absolute (e.g. `/system/ajax/...`), not under the base URL. */
  absolute?: boolean;
  /** Default true: 401, 403 and 404 trigger the redirect handlers. */
  handleErrors?: boolean;
  signal?: AbortSignal;
  /** Milliseconds before TIMEOUT_ERROR; default 30000. */
  timeout?: number;
  /**
   * The Idempotency-Key of an unsafe call, for a caller whose one intent may be sent more than
   * once (a purchase confirmed twice): every call with the same key is the same change to the
   * server. Default: a new key per call, kept across its retries.
   */
  idempotencyKey?: string;
}

/** The verbs of the portal's HTTP client; each resolves to the parsed JSON body. @example const { data } = await api.get<Envelope<CurrentUser>>('me'); */
export interface ApiClient {
  get<T>(path: string, o?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, o?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, o?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, o?: RequestOptions): Promise<T>;
  delete<T>(path: string, o?: RequestOptions): Promise<T>;
}

/** Handlers the router installs so 403 and 404 navigate inside the app. @example api.setNavigationHandlers({ forbidden: () => navigate('/denied'), notFound: () => navigate('/not-found') }); */
export interface NavigationHandlers {
  forbidden(): void;
  notFound(): void;
}

/** Options of {@link createHttpClient}. @example createHttpClient({ baseUrl: '/api/v2' }) */
export interface HttpClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Default: full load of `/user/login?redirectTo=<path>`. */
  onUnauthorized?: (currentPath: string) => void;
  onForbidden?: () => void;
  onNotFound?: () => void;
  /** Delay before retry number `attempt` (1-based); default {@link retryDelay}. */
  retryDelay?: (attempt: number) => number;
  /**
   * Answers the server put into the page, by path and query under `baseUrl` as this client
   * writes them (`me?attributes[]=profile`): the first GET of each is answered from here instead
   * of the network, once. Any unsafe call forgets them all. A function is asked on each call
   * (a server rendering several pages at once keeps each page's answers apart).
   */
  firstAnswers?: Map<string, unknown> | (() => Map<string, unknown> | undefined);
  /**
   * Told the key (as in {@link HttpClientOptions.firstAnswers}) of each GET the answers held no
   * answer for, before it goes to the network: a server rendering a page learns what to ask.
   */
  onUnanswered?: (key: string) => void;
}

/**
 * The id of the `<script type="application/json">` element in which the server writes the
 * page's first answers (see {@link HttpClientOptions.firstAnswers}).
 */
export const FIRST_ANSWERS_ID = 'atrium-first-answers';

/** How many times a failed call is retried. @example for (let a = 1; a <= RETRY_LIMIT; a++) {} */
export const RETRY_LIMIT = 5;

const DEFAULT_TIMEOUT = 30_000;
const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Randomised exponential backoff: about `random * 300 ms * 2^min(attempt, 5)`.
 *
 * @example
 * retryDelay(1); // between 0 and 600
 */
export function retryDelay(attempt: number): number {
  return Math.random() * 300 * 2 ** Math.min(attempt, 5);
}

/**
 * Whether a failed call may be tried again. Network failures, timeouts, 408, 429 and 5xx are
 * transient; other 4xx answers (400, 401, 403, 404, 409, 422, …) would fail the same way again.
 * Unsafe methods are included because each call carries one Idempotency-Key across its retries.
 *
 * @example
 * shouldRetry(new ApiRequestError(503, 'Unavailable'), 1); // true
 * shouldRetry(new ApiRequestError(404, 'Not found'), 1);   // false
 */
export function shouldRetry(error: ApiRequestError, attempt: number): boolean {
  if (attempt > RETRY_LIMIT) return false;
  const { status } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  if (status === 'PARSING_ERROR') return false;
  return status === 408 || status === 429 || status >= 500;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const hit = document.cookie.split(/;\s*/).find((part) => part.startsWith(prefix));
  return hit === undefined ? undefined : decodeURIComponent(hit.slice(prefix.length));
}

/**
 * The header that proves a request comes from this site's pages (the XSRF token the server set
 * as a cookie), for a request the HTTP client does not make (a download read as it comes).
 *
 * @example
 * fetch('/api/v2/users/export', { method: 'POST', headers: { ...xsrfHeader() } });
 */
export function xsrfHeader(): Record<string, string> {
  const token = readCookie('XSRF-TOKEN');
  return token === undefined ? {} : { 'X-XSRF-TOKEN': token };
}

function currentPath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname + location.search;
}

function assign(url: string): void {
  if (typeof location !== 'undefined') location.assign(url);
}

/**
 * A new random Idempotency-Key, for a caller that names one intent across several calls.
 *
 * @example const key = newIdempotencyKey(); await api.post('orders', body, { idempotencyKey: key });
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Relative URLs need a base outside a browser (Node's Request rejects them). */
function resolveUrl(url: string): string {
  const base = typeof location === 'undefined' ? 'http://localhost' : location.href;
  return new URL(url, base).toString();
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Sends one request through ky; see `./http-transport`. */
type Send = (url: string, init: KyOptions) => Promise<Response>;

/**
 * Creates the portal's HTTP client on top of one ky instance: `Accept: application/json`,
 * form-encoded bodies with bracket notation (unless `json` or `multipart`), bracket query
 * arrays, the XSRF header on unsafe methods, one Idempotency-Key per unsafe call (kept across
 * its retries), up to {@link RETRY_LIMIT} retries, and redirects on 401/403/404.
 *
 * ky and the code that reads its failures load with the first call that goes to the network,
 * or earlier with `preload()`: a page whose first answers it carries shows without them.
 *
 * @example
 * const api = createHttpClient({ baseUrl: '/api/v2' });
 * const { data } = await api.get<Envelope<CurrentUser>>('me', { searchParams: { attributes: ['profile'] } });
 * await api.post('/system/ajax/cookies-disclaimer/agree', { ajax: true }, { absolute: true });
 */
export function createHttpClient(options: HttpClientOptions): ApiClient & {
  setNavigationHandlers(h: NavigationHandlers): void;
  /** Starts loading what calls to the network need, so the first one does not wait for it. */
  preload(): void;
} {
  let navigation: NavigationHandlers | undefined;
  const delay = options.retryDelay ?? retryDelay;

  let sending: Promise<Send> | undefined;
  /** The sender, loaded once; a failed load (offline) is tried again by the next call. */
  const sender = (): Promise<Send> =>
    (sending ??= import('./http-transport').then(
      ({ createSend }) =>
        createSend({
          ...(options.fetch ? { fetch: options.fetch } : {}),
          retryDelay: delay,
          beforeRequest: (request) => {
            if (UNSAFE_METHODS.has(request.method.toLowerCase())) {
              const token = readCookie('XSRF-TOKEN');
              if (token !== undefined) request.headers.set('X-XSRF-TOKEN', token);
            }
          },
        }),
      (error: unknown) => {
        sending = undefined;
        throw error;
      },
    ));

  const handleStatus = (status: ErrorStatus): void => {
    if (status === 401) {
      const path = currentPath();
      if (options.onUnauthorized) options.onUnauthorized(path);
      else assign(`/user/login?redirectTo=${encodeURIComponent(path)}`);
    } else if (status === 403) {
      if (navigation) navigation.forbidden();
      else if (options.onForbidden) options.onForbidden();
      else assign('/denied');
    } else if (status === 404) {
      if (navigation) navigation.notFound();
      else if (options.onNotFound) options.onNotFound();
      else assign('/not-found');
    }
  };

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    o: RequestOptions = {},
  ): Promise<T> {
    const url = resolveUrl(o.absolute ? path : joinUrl(options.baseUrl, path));
    const headers: Record<string, string> = {};
    const init: KyOptions = { method, headers, timeout: o.timeout ?? DEFAULT_TIMEOUT };
    if (o.signal) init.signal = o.signal;
    const query = o.searchParams ? encodeQuery(o.searchParams) : '';
    if (query !== '') init.searchParams = query;
    const first =
      typeof options.firstAnswers === 'function' ? options.firstAnswers() : options.firstAnswers;
    // A change (signing in, saving) may change any answer: the page's are no longer current.
    if (UNSAFE_METHODS.has(method)) first?.clear();
    if (method === 'get' && !o.absolute && first) {
      const key = `${path.replace(/^\/+/, '')}${query === '' ? '' : `?${query}`}`;
      if (first.has(key)) {
        const answer = first.get(key);
        first.delete(key);
        return answer as T;
      }
      options.onUnanswered?.(key);
    }
    if (UNSAFE_METHODS.has(method))
      headers['Idempotency-Key'] = o.idempotencyKey ?? newIdempotencyKey();
    if (body !== undefined && body !== null) {
      if (o.json) {
        init.json = body;
      } else if (o.multipart || body instanceof FormData) {
        init.body = body instanceof FormData ? body : toFormData(body as Record<string, unknown>);
      } else if (
        typeof body === 'string' ||
        body instanceof URLSearchParams ||
        body instanceof Blob
      ) {
        init.body = body;
      } else {
        init.body = encodeForm(body as Record<string, unknown>);
        headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      }
    }

    let response: Response;
    try {
      const send = await sender();
      response = await send(url, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      // The sender's failures are ApiRequestErrors already; its code failing to load is one too.
      const apiError =
        error instanceof ApiRequestError
          ? error
          : new ApiRequestError(
              'FETCH_ERROR',
              error instanceof Error ? error.message : 'Network request failed.',
              { cause: error },
            );
      if (o.handleErrors !== false) handleStatus(apiError.status);
      throw apiError;
    }

    const text = await response.text();
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new ApiRequestError('PARSING_ERROR', 'The response could not be parsed.', {
        body: text,
        cause: error,
      });
    }
  }

  return {
    get: (path, o) => request('get', path, undefined, o),
    post: (path, body, o) => request('post', path, body, o),
    put: (path, body, o) => request('put', path, body, o),
    patch: (path, body, o) => request('patch', path, body, o),
    delete: (path, o) => request('delete', path, undefined, o),
    setNavigationHandlers(h) {
      navigation = h;
    },
    preload() {
      sender().catch(() => undefined);
    },
  };
}
