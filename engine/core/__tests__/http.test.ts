import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  createHttpClient,
  newIdempotencyKey,
  RETRY_LIMIT,
  retryDelay,
  shouldRetry,
} from '../index';

type Call = { method: string; url: string; headers: Headers; body: string };

/** A fetch double that records each request and answers from a list (the last answer repeats). */
function fakeFetch(answers: (() => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body ? await request.clone().text() : '',
    });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return answer();
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

function client(
  answers: (() => Response | Promise<Response>)[],
  extra: Parameters<typeof createHttpClient>[0] = { baseUrl: '/api/v2' },
) {
  const f = fakeFetch(answers);
  const handlers = { onUnauthorized: vi.fn(), onForbidden: vi.fn(), onNotFound: vi.fn() };
  const api = createHttpClient({ retryDelay: () => 0, ...handlers, ...extra, fetch: f.fetch });
  return { api, calls: f.calls, ...handlers };
}

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('retry policy', () => {
  it('retries a failing call 5 times, then rejects with the last status', async () => {
    const { api, calls } = client([json(503, { message: 'Unavailable' })]);
    const error = await api.get('me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(503);
    expect((error as ApiRequestError).message).toBe('Unavailable');
    expect(calls).toHaveLength(1 + RETRY_LIMIT);
  });

  it('succeeds when a retry succeeds', async () => {
    const { api, calls } = client([
      json(500, {}),
      () => new Response('boom', { status: 502 }),
      json(200, { data: 1 }),
    ]);
    await expect(api.get('me')).resolves.toEqual({ data: 1 });
    expect(calls).toHaveLength(3);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i', async (status) => {
    const { api, calls } = client([json(status, { message: 'No' })]);
    await expect(api.get('x')).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('retries an unsafe call with the same Idempotency-Key, and a new call gets a new key', async () => {
    const { api, calls } = client([json(500, {}), json(500, {}), json(200, { data: 'ok' })]);
    await api.post('orders', { items: [1, 2] });
    const keys = calls.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(calls.map((c) => c.body)).toEqual(Array(3).fill('items[0]=1&items[1]=2'));

    await api.post('orders', { items: [3] });
    expect(calls[3]!.headers.get('Idempotency-Key')).not.toBe(keys[0]);
  });

  it("sends the caller's Idempotency-Key on every call and retry of one intent", async () => {
    const { api, calls } = client([json(500, {}), json(200, { data: 'ok' })]);
    const key = newIdempotencyKey();
    await api.post('orders', { items: [1] }, { idempotencyKey: key });
    await api.post('orders', { items: [1] }, { idempotencyKey: key });
    expect(calls.map((c) => c.headers.get('Idempotency-Key'))).toEqual([key, key, key]);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('sends no Idempotency-Key on a GET', async () => {
    const { api, calls } = client([json(200, { data: 1 })]);
    await api.get('me');
    expect(calls[0]!.headers.has('Idempotency-Key')).toBe(false);
  });

  it('retries network failures and reports FETCH_ERROR', async () => {
    const { api, calls } = client([() => Promise.reject(new TypeError('Failed to fetch'))]);
    await expect(api.get('me')).rejects.toMatchObject({ status: 'FETCH_ERROR' });
    expect(calls).toHaveLength(1 + RETRY_LIMIT);
  });

  it('uses the retry delay for each attempt', async () => {
    const delays: number[] = [];
    const { api } = client([json(500, {})], {
      baseUrl: '/api/v2',
      retryDelay: (attempt) => {
        delays.push(attempt);
        return 0;
      },
    });
    await api.get('me').catch(() => undefined);
    expect(delays).toEqual([1, 2, 3, 4, 5]);
  });

  it('shouldRetry and retryDelay follow the documented policy', () => {
    expect(shouldRetry(new ApiRequestError('FETCH_ERROR', ''), 1)).toBe(true);
    expect(shouldRetry(new ApiRequestError(429, ''), 1)).toBe(true);
    expect(shouldRetry(new ApiRequestError(500, ''), RETRY_LIMIT + 1)).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422, 'PARSING_ERROR'] as const) {
      expect(shouldRetry(new ApiRequestError(status, ''), 1)).toBe(false);
    }
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(retryDelay(1)).toBe(300);
    expect(retryDelay(5)).toBe(0.5 * 300 * 32);
    expect(retryDelay(9)).toBe(0.5 * 300 * 32);
    random.mockRestore();
  });
});

describe('headers and encoding', () => {
  it('sends the XSRF header from the cookie on POST but not on GET', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const { api, calls } = client([json(200, { data: null })]);
    await api.get('me');
    await api.post('auth/logout');
    expect(calls[0]!.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(calls[1]!.headers.get('X-XSRF-TOKEN')).toBe('abc=123');
    expect(calls[0]!.headers.get('Accept')).toBe('application/json');
  });

  it('puts query arrays in brackets and drops empty values', async () => {
    const { api, calls } = client([json(200, { data: [] })]);
    await api.get('users', {
      searchParams: { attributes: ['logo', 'colors'], search: '', role: undefined, page: 0 },
    });
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/api/v2/users');
    expect(decodeURIComponent(url.search)).toBe('?attributes[]=logo&attributes[]=colors&page=0');
  });

  it('form-encodes bodies with bracket notation unless json or multipart', async () => {
    const { api, calls } = client([json(200, { data: null })]);
    await api.post('x', { sections: [{ title: 'A', note: '' }], ajax: true });
    await api.patch('x', { first_name: '' }, { json: true });
    await api.post('x', { file: new Blob(['hi']), meta: { name: 'n' } }, { multipart: true });
    expect(calls[0]!.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(decodeURIComponent(calls[0]!.body)).toBe('sections[0][title]=A&ajax=true');
    expect(calls[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[1]!.body)).toEqual({ first_name: '' });
    expect(calls[2]!.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    expect(calls[2]!.body).toContain('name="meta[name]"');
  });

  it('keeps site-absolute paths out of the base URL', async () => {
    const { api, calls } = client([json(200, {})]);
    await api.post('/system/ajax/cookies-disclaimer/agree', { ajax: true }, { absolute: true });
    expect(new URL(calls[0]!.url).pathname).toBe('/system/ajax/cookies-disclaimer/agree');
  });
});

describe('errors', () => {
  it('carries the server message and field messages', async () => {
    const body = {
      message: 'Invalid input',
      messages: [{ path: 'sections[0][title]', text: 'Required' }],
    };
    const { api } = client([json(400, body)]);
    const error = (await api.post('x', {}).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid input');
    expect(error.messages).toEqual([{ path: 'sections[0][title]', text: 'Required' }]);
    expect(error.body).toEqual(body);
  });

  it('reports PARSING_ERROR for a 2xx that is not JSON, without retrying', async () => {
    const { api, calls } = client([() => new Response('<html>', { status: 200 })]);
    await expect(api.get('me')).rejects.toMatchObject({ status: 'PARSING_ERROR' });
    expect(calls).toHaveLength(1);
  });

  it('reports TIMEOUT_ERROR when the server is too slow', async () => {
    const never = () => new Promise<Response>(() => undefined);
    const { api } = client([never]);
    await expect(api.get('me', { timeout: 5 })).rejects.toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('calls the redirect handlers on 401, 403 and 404 unless told not to', async () => {
    const { api, onUnauthorized, onForbidden, onNotFound } = client([
      json(401, {}),
      json(403, {}),
      json(404, {}),
      json(404, {}),
    ]);
    window.history.replaceState(null, '', '/reports?tab=week');
    await api.get('a').catch(() => undefined);
    await api.get('b').catch(() => undefined);
    await api.get('c').catch(() => undefined);
    await api.get('d', { handleErrors: false }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith('/reports?tab=week');
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onNotFound).toHaveBeenCalledTimes(1);
  });

  it('prefers the router handlers once they are set', async () => {
    const { api, onForbidden } = client([json(403, {})]);
    const forbidden = vi.fn();
    api.setNavigationHandlers({ forbidden, notFound: vi.fn() });
    await api.get('a').catch(() => undefined);
    expect(forbidden).toHaveBeenCalledTimes(1);
    expect(onForbidden).not.toHaveBeenCalled();
  });
});

describe('answers the page came with', () => {
  it('answers the first GET of each from the page, once, and the next from the network', async () => {
    const firstAnswers = new Map<string, unknown>([
      ['me?attributes[]=profile', { data: { uid: 7 } }],
      ['settings?type=general', { data: { current_language: 'ar' } }],
    ]);
    const { api, calls } = client([json(200, { data: { uid: 0 } })], {
      baseUrl: '/api/v2',
      firstAnswers,
    });
    expect(await api.get('me', { searchParams: { attributes: ['profile'] } })).toEqual({
      data: { uid: 7 },
    });
    expect(calls).toHaveLength(0);
    // Another query string is another request.
    await api.get('me');
    expect(calls).toHaveLength(1);
    // The page's answer served once: the same request now goes out.
    expect(await api.get('me', { searchParams: { attributes: ['profile'] } })).toEqual({
      data: { uid: 0 },
    });
    expect(calls).toHaveLength(2);
    expect(firstAnswers.has('settings?type=general')).toBe(true);
  });

  it('forgets them all after any change, which may make them wrong', async () => {
    const firstAnswers = new Map<string, unknown>([['me', { data: { uid: 0 } }]]);
    const { api, calls } = client([json(200, { data: { uid: 7 } })], {
      baseUrl: '/api/v2',
      firstAnswers,
    });
    await api.post('auth/login', { name: 'learner', pass: 'x' });
    expect(await api.get('me')).toEqual({ data: { uid: 7 } });
    expect(calls.map((c) => c.method)).toEqual(['POST', 'GET']);
  });

  it('names each GET the answers lack by its key, as a rendering server needs to ask it', async () => {
    const unanswered: string[] = [];
    const { api } = client([json(200, { data: [] }), json(200, {})], {
      baseUrl: '/api/v2',
      firstAnswers: new Map<string, unknown>([['me', { data: { uid: 0 } }]]),
      onUnanswered: (key) => unanswered.push(key),
    });
    await api.get('me');
    await api.get('taxonomy_terms', { searchParams: { machine_name: 'topics', limit: 100 } });
    await api.post('auth/logout', {});
    expect(unanswered).toEqual(['taxonomy_terms?machine_name=topics&limit=100']);
  });

  it('asks a function for the answers on each call, so pages rendered together keep theirs', async () => {
    const pages = [
      new Map<string, unknown>([['me', { data: { uid: 7 } }]]),
      new Map<string, unknown>([['me', { data: { uid: 9 } }]]),
    ];
    let current = 0;
    const { api, calls } = client([json(200, { data: { uid: 0 } })], {
      baseUrl: '/api/v2',
      firstAnswers: () => pages[current],
    });
    current = 1;
    expect(await api.get('me')).toEqual({ data: { uid: 9 } });
    current = 0;
    expect(await api.get('me')).toEqual({ data: { uid: 7 } });
    expect(calls).toHaveLength(0);
    expect(await api.get('me')).toEqual({ data: { uid: 0 } });
    expect(calls).toHaveLength(1);
  });
});
