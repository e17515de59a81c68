import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

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
