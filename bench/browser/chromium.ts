import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiSession } from '../lib/http';

/**
 * A desktop-sized context on `origin`, signed in as the given API session's user when one is
 * given (its cookies are copied into the browser).
 */
export async function newContext(
  browser: Browser,
  origin: string,
  session?: ApiSession,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
  });
  if (session) await context.addCookies(cookiesOf(session.cookieHeader, origin));
  return context;
}

/** `a=1; b=2` as Playwright cookies of `origin`. */
export function cookiesOf(
  header: string,
  origin: string,
): { name: string; value: string; url: string }[] {
  return header
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
    });
}

/**
 * Runs `steps` on `page`; when they fail, the error also names what went wrong in the page
 * (uncaught errors, console errors), which a timeout alone would hide.
 */
export async function explainFailures<T>(page: Page, steps: () => Promise<T>): Promise<T> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  try {
    return await steps();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const seen = [...new Set(problems)].slice(0, 2).map((p) => p.slice(0, 200));
    throw new Error(seen.length ? `${message} (the page said: ${seen.join(' | ')})` : message);
  }
}
