import { createHttpClient, FIRST_ANSWERS_ID } from '@engine/core';
/** How long the page's answers stand in for requests; later ones go to the server. */
const FIRST_ANSWERS_MS = 10_000;

/**
 * The answers to the portal's first API requests that the server wrote into the page, taken
 * out of it so that they serve once.
 */
function takeFirstAnswers(): Map<string, unknown> {
  if (typeof document === 'undefined') return new Map();
  const element = document.getElementById(FIRST_ANSWERS_ID);
  if (!element) return new Map();
  element.remove();
  try {
    const answers = new Map(Object.entries(JSON.parse(element.textContent ?? '{}') as object));
    setTimeout(() => answers.clear(), FIRST_ANSWERS_MS);
    return answers;
  } catch {
    return new Map();
  }
}

const pageAnswers = takeFirstAnswers();
let answers: () => Map<string, unknown> | undefined = () => pageAnswers;
let network: typeof fetch = (input, init) => globalThis.fetch(input, init);
let unanswered: ((key: string) => void) | undefined;

/** The portal's one HTTP client: base /api/v2, retries, XSRF, error redirects. */
export const api = createHttpClient({
  baseUrl: '/api/v2',
  firstAnswers: () => answers(),
  fetch: (input, init) => network(input, init),
  onUnanswered: (key) => unanswered?.(key),
});

/**
 * Turns the client into the one the server renders pages with: answers come from `source` (the
 * answers of the page being rendered) and nothing goes to the network; a request that would is
 * refused at once (not retried) and reported to `onNetwork`, so the server can send that page
 * unrendered instead. A GET the answers lack is also named to `onUnanswered` by its answer key,
 * so the server can ask it and render the page again.
 */
export function answerFromPagesOnly(
  source: () => Map<string, unknown> | undefined,
  onNetwork: (url: string) => void,
  onUnanswered: (key: string) => void,
): void {
  answers = source;
  unanswered = onUnanswered;
  network = (input) => {
    onNetwork(input instanceof Request ? input.url : String(input));
    return Promise.reject(new DOMException('Rendering on the server', 'AbortError'));
  };
}
