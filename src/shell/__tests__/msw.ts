import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/** Answers for /api/v2 calls that a test does not preset. */
export const defaultHandlers = [
  http.get('*/api/v2/incentives/wallet', () => HttpResponse.json({ data: { points: 0 } })),
  http.get('*/api/v2/navigation', () => HttpResponse.json({ data: [] })),
  http.get('*/api/v2/settings/cookies-disclaimer', () =>
    HttpResponse.json({ data: { disclaimer_text: '', agreed: true } }),
  ),
];

export const server = setupServer(...defaultHandlers);

/** Starts the mock server for the current test file. */
export function setupMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/**
 * Makes GET `url` answer with a server error until the returned function is called, and with
 * `{ data: answer() }` after that. Retries of the failed call run without waiting.
 */
export function failingUntilRecovered(url: string, answer: () => unknown): () => void {
  vi.spyOn(Math, 'random').mockReturnValue(0);
  let failing = true;
  server.use(
    http.get(url, () =>
      failing
        ? HttpResponse.json({ message: 'Down' }, { status: 500 })
        : HttpResponse.json({ data: answer() }),
    ),
  );
  return () => {
    failing = false;
  };
}

/**
 * Makes GET `url` answer `{ data: answer(value) }` for the value of its `param` search
 * parameter (empty when absent). Returns the values asked for, in order.
 */
export function answeringBy(
  url: string,
  param: string,
  answer: (value: string) => unknown,
): string[] {
  const asked: string[] = [];
  server.use(
    http.get(url, ({ request }) => {
      const value = new URL(request.url).searchParams.get(param) ?? '';
      asked.push(value);
      return HttpResponse.json({ data: answer(value) });
    }),
  );
  return asked;
}
