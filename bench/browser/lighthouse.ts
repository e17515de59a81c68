import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_PATH } from '../../scripts/chromium';
import { cookiesOf } from './chromium';
import { median, round } from './stats';

/** Each page is audited this many times; its figures are the medians. */
export const LIGHTHOUSE_RUNS = 3;

/** The figures of one page, each the median of its runs. */
export interface LighthouseFigures {
  /** The performance category's score, 0-100. */
  performance: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Cumulative Layout Shift. */
  cls: number;
  /** What Lighthouse says costs the most, from the run with the median score. */
  diagnosis: string;
}

/** One page to audit. */
export interface LighthouseTarget {
  url: string;
  /** The path the page must end on (a guard that sent it elsewhere would void the figures). */
  expectPath?: string;
}

/** Chromium as Lighthouse drives it, kept for all the runs of a benchmark. */
export class LighthouseChrome {
  private constructor(private readonly chrome: chromeLauncher.LaunchedChrome) {}

  static async launch(): Promise<LighthouseChrome> {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      logLevel: 'silent',
    });
    return new LighthouseChrome(chrome);
  }

  /**
   * Audits a page `LIGHTHOUSE_RUNS` times with Lighthouse's default configuration (mobile, with
   * its simulated slow 4G and 4x slower CPU) and returns the median figures.
   */
  async audit(target: LighthouseTarget): Promise<LighthouseFigures> {
    const runs: Result[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await this.run(target));
    const score = (lhr: Result) => (lhr.categories.performance?.score ?? 0) * 100;
    const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const byScore = [...runs].sort((a, b) => score(a) - score(b));
    const middle = byScore[Math.floor(byScore.length / 2)]!;
    return {
      performance: round(median(runs.map(score)), 0),
      lcp: round(median(runs.map((r) => numeric(r, 'largest-contentful-paint'))), 0),
      tbt: round(median(runs.map((r) => numeric(r, 'total-blocking-time'))), 0),
      cls: round(median(runs.map((r) => numeric(r, 'cumulative-layout-shift'))), 3),
      diagnosis: diagnose(middle),
    };
  }

  /** One Lighthouse run; a run whose trace failed (it happens under load) is tried once more. */
  private async run(target: LighthouseTarget, attempt = 1): Promise<Result> {
    const result = await lighthouse(target.url, {
      port: this.chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${target.url}.`);
    if (lhr.runtimeError && attempt < 2) return this.run(target, attempt + 1);
    if (lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${target.url}: ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (target.expectPath && landed !== target.expectPath)
      throw new Error(`Lighthouse was sent from ${target.url} to ${landed}.`);
    return lhr;
  }

  /**
   * Puts cookies (`a=1; b=2`, e.g. a signed-in API session's) into the browser's cookie jar.
   * Lighthouse keeps cookies between runs (it clears caches and other storage only), and a
   * `Cookie` header passed as an extra header would be replaced by the jar's once the page
   * sets a cookie of its own.
   */
  async setCookies(origin: string, header: string): Promise<void> {
    await this.withContext((context) => context.addCookies(cookiesOf(header, origin)));
  }

  /** Empties the browser's cookie jar. */
  async clearCookies(): Promise<void> {
    await this.withContext((context) => context.clearCookies());
  }

  /** Runs `action` on the browser's default context, through a short DevTools connection. */
  private async withContext(action: (context: BrowserContext) => Promise<void>): Promise<void> {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${this.chrome.port}`);
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error('The Lighthouse browser has no default context.');
      await action(context);
    } finally {
      // Disconnects only: the browser and its default context stay.
      await browser.close();
    }
  }

  close(): void {
    this.chrome.kill();
  }
}

/** The biggest opportunities, the longest main-thread tasks and the LCP breakdown, briefly. */
function diagnose(lhr: Result): string {
  const parts: string[] = [];
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 50)
    .sort(
      (a, b) =>
        ((b.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0) -
        ((a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0),
    )
    .slice(0, 3)
    .map(
      (a) =>
        `${a.id} ${Math.round((a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0)} ms`,
    );
  if (opportunities.length) parts.push(`opportunities: ${opportunities.join(', ')}`);
  const longTasks = lhr.audits['long-tasks']?.details;
  if (longTasks?.type === 'table') {
    const tasks = longTasks.items
      .slice(0, 3)
      .map(
        (item) =>
          `${typeof item.url === 'string' ? shortUrl(item.url) : '?'} ${Math.round(Number(item.duration))} ms`,
      );
    if (tasks.length) parts.push(`long tasks: ${tasks.join(', ')}`);
  }
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details;
  if (lcpElement?.type === 'list') {
    const first = lcpElement.items[0];
    const node = first?.type === 'table' ? first.items[0]?.node : undefined;
    if (node && typeof node === 'object' && 'snippet' in node && typeof node.snippet === 'string')
      parts.push(`LCP element ${node.snippet.slice(0, 120)}`);
  }
  const shifts = lhr.audits['layout-shifts']?.details;
  if (shifts?.type === 'table') {
    const culprits = shifts.items.slice(0, 2).flatMap((item) => {
      const node = item.node;
      if (!node || typeof node !== 'object' || !('snippet' in node)) return [];
      return [`${String(node.snippet).slice(0, 60)} ${Number(item.score).toFixed(3)}`];
    });
    if (culprits.length) parts.push(`layout shifts: ${culprits.join(', ')}`);
  }
  const bootup = lhr.audits['bootup-time']?.displayValue;
  if (bootup) parts.push(`JS execution ${bootup}`);
  const fcp = lhr.audits['first-contentful-paint']?.numericValue;
  if (fcp !== undefined) parts.push(`FCP ${Math.round(fcp)} ms`);
  return parts.join('; ');
}

function shortUrl(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').pop() || pathname;
  } catch {
    return url;
  }
}

/**
 * A throwaway HTTP server answering every request with a one-line page: what Lighthouse scores
 * for an empty page on this machine, so that a page's figures can be read against it.
 */
export async function startEmptyPageServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Empty</title><p>An empty page.</p></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
