import type { Page } from 'playwright-core';
import { median, quantile, round } from './stats';

/**
 * What one keystroke cost, as the page saw it.
 *
 * - `eventTiming`: the longest Event Timing entry (keydown, keypress, input…) of the keystroke:
 *   from the key's timestamp to the frame that showed its result. Chromium reports only entries
 *   of 16 ms or more, so null means "under 16 ms".
 * - `frame`: from the key's timestamp to a `setTimeout(0)` queued in the first animation frame
 *   after the last of its keydown, keypress and input events: the same span, measured with marks.
 */
export interface KeystrokeTiming {
  eventTiming: number | null;
  frame: number;
  /** Time spent in the keystroke's event handlers (processingEnd - processingStart), if reported. */
  processing: number | null;
}

/**
 * Installed in the page as a script (not a function), because tsx's keepNames would wrap named
 * inner functions in a helper the page does not have.
 *
 * `arm()` starts a keystroke; `take()` resolves once its frame has been painted and its Event
 * Timing entries (queued after presentation) have arrived.
 */
const HARNESS = `(() => {
  if (window.__benchKeys) return;
  const state = { armed: false, keydown: null, pending: 0, frames: [], entries: [] };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.entries.push(entry);
  });
  observer.observe({ type: 'event', durationThreshold: 16 });
  const track = (event) => {
    if (!state.armed) return;
    if (event.type === 'keydown') {
      if (state.keydown !== null) return;
      state.keydown = event.timeStamp;
    }
    state.pending += 1;
    requestAnimationFrame(() =>
      setTimeout(() => {
        state.frames.push(performance.now());
        state.pending -= 1;
      }, 0),
    );
  };
  for (const type of ['keydown', 'keypress', 'input']) window.addEventListener(type, track, true);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  window.__benchKeys = {
    arm() {
      state.armed = true;
      state.keydown = null;
      state.pending = 0;
      state.frames = [];
      state.entries = [];
    },
    async take() {
      const deadline = performance.now() + 5000;
      while ((state.keydown === null || state.pending > 0) && performance.now() < deadline)
        await sleep(5);
      if (state.keydown === null) throw new Error('No keydown reached the page.');
      // Event Timing entries are queued once the frame is presented: give them a few frames.
      await sleep(120);
      state.entries.push(...observer.takeRecords());
      state.armed = false;
      const own = state.entries.filter((e) => e.startTime >= state.keydown - 0.5);
      const longest = own.reduce((max, e) => Math.max(max, e.duration), 0);
      const processing = own.reduce(
        (max, e) => Math.max(max, e.processingEnd - e.processingStart),
        0,
      );
      return {
        eventTiming: own.length ? longest : null,
        frame: Math.max(...state.frames) - state.keydown,
        processing: own.length ? processing : null,
      };
    },
  };
})()`;

/** Installs the keystroke probe in the page (again after each full navigation). */
export async function installProbe(page: Page): Promise<void> {
  await page.evaluate(HARNESS);
}

/**
 * Times one keystroke: arms the probe, lets `press` send the key, and waits for its frame.
 * @example await timeKey(page, () => page.keyboard.press('a'))
 */
export async function timeKey(page: Page, press: () => Promise<void>): Promise<KeystrokeTiming> {
  await page.evaluate('window.__benchKeys.arm()');
  await press();
  return page.evaluate<KeystrokeTiming>('window.__benchKeys.take()');
}

/** The figures of a series of keystrokes. */
export interface KeystrokeSummary {
  count: number;
  /** Per keystroke: its Event Timing duration, or its mark-measured frame when under 16 ms. */
  median: number;
  p95: number;
  /** How many keystrokes Chromium reported (16 ms or more). */
  reported: number;
  /** Median and p95 of the mark-measured frames alone. */
  frameMedian: number;
  frameP95: number;
  /** Time in event handlers (scripts, React's render and commit) of the reported keystrokes. */
  processingMedian: number | null;
  maxProcessing: number | null;
  /**
   * How many keystrokes took each Event Timing duration, shortest first (`< 16` for those not
   * reported): with 20 keystrokes the p95 is the 19th, so one or two slow ones decide it.
   */
  spread: { duration: string; count: number }[];
}

/** How many keystrokes took each Event Timing duration, shortest first. */
function spreadOf(timings: readonly KeystrokeTiming[]): KeystrokeSummary['spread'] {
  const counts = new Map<number, number>();
  for (const t of timings)
    counts.set(t.eventTiming ?? 0, (counts.get(t.eventTiming ?? 0) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([duration, count]) => ({
      duration: duration === 0 ? '< 16' : String(round(duration)),
      count,
    }));
}

/**
 * Event Timing first: a reported entry is the browser's own measure of the keystroke. An
 * unreported one took under 16 ms by that same measure; its mark-measured frame stands in,
 * capped just under the threshold so that the two methods never contradict each other.
 */
export function summarize(timings: readonly KeystrokeTiming[]): KeystrokeSummary {
  const values = timings.map((t) => t.eventTiming ?? Math.min(t.frame, 15.9));
  const frames = timings.map((t) => t.frame);
  const processing = timings.flatMap((t) => (t.processing === null ? [] : [t.processing]));
  return {
    count: timings.length,
    median: round(median(values)),
    p95: round(quantile(values, 0.95)),
    reported: timings.filter((t) => t.eventTiming !== null).length,
    frameMedian: round(median(frames)),
    frameP95: round(quantile(frames, 0.95)),
    processingMedian: processing.length ? round(median(processing)) : null,
    maxProcessing: processing.length ? round(Math.max(...processing)) : null,
    spread: spreadOf(timings),
  };
}

/** One line for a row's note: how the keystrokes were measured and what the marks said. */
export function describe(s: KeystrokeSummary): string {
  const processing =
    s.maxProcessing === null
      ? ''
      : `, in event handlers median ${s.processingMedian} ms, max ${s.maxProcessing} ms`;
  const spread = s.spread.map((d) => `${d.duration} ms ×${d.count}`).join(', ');
  return (
    `${s.count} keystrokes, ${s.reported} reported by Event Timing (>= 16 ms)${processing}; ` +
    `Event Timing per keystroke: ${spread}; ` +
    `key-to-next-frame marks: median ${s.frameMedian} ms, p95 ${s.frameP95} ms`
  );
}

/**
 * Types `count` characters into the header search field (opened first) and times each: the
 * trivial input that the page's own figures are compared with.
 */
export async function timeHeaderSearch(page: Page, count: number): Promise<KeystrokeTiming[]> {
  const search = page.getByRole('banner').getByRole('search');
  const input = search.locator('input[type="search"]');
  if (!(await input.isVisible())) await search.getByRole('button', { name: 'Open search' }).click();
  await input.waitFor();
  await input.focus();
  const timings: KeystrokeTiming[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = String.fromCharCode(97 + (i % 26));
    timings.push(await timeKey(page, () => page.keyboard.press(key)));
  }
  await input.fill('');
  await page.keyboard.press('Escape');
  return timings;
}
