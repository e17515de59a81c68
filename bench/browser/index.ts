import type { Browser } from 'playwright-core';
import { ApiSession } from '../lib/http';
import type { BenchContext, BenchRow } from '../lib/types';
import { launchChromium } from '../../scripts/chromium';
import { newContext } from './chromium';
import { measureFormTyping, FORM_FIELDS } from './form-typing';
import { weighLoad } from './initial-js';
import { describe, type KeystrokeSummary } from './interaction';
import {
  LIGHTHOUSE_RUNS,
  LighthouseChrome,
  startEmptyPageServer,
  type LighthouseFigures,
} from './lighthouse';
import { measureSectionMoves, SECTION_COUNT } from './section-editor';
import { ratioOf, round } from './stats';

const GROUP = 'Browser';
/** A frame at 60 Hz: the budget of a keystroke's work and repaint. */
const FRAME_MS = 16;
/** kB here are 1000 bytes. */
const KB = 1000;

function row(r: Omit<BenchRow, 'group' | 'ratio'>): BenchRow {
  const ratio = ratioOf(r.value, r.reference?.value);
  return { group: GROUP, ...r, ...(ratio === undefined ? {} : { ratio }) };
}

/** Rows for a figure that could not be measured: null values, and why. */
function failed(
  names: { name: string; unit: string; budget: BenchRow['budget'] }[],
  error: unknown,
) {
  const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return names.map((n) => row({ ...n, value: null, note: `Not measured: ${why}` }));
}

// 1. Lighthouse.

/** The visitor home's Lighthouse figures, in the order of their rows. */
const HOME_SPECS = [
  { name: 'Lighthouse performance, / (visitor)', unit: 'score', budget: { min: 95 } },
  { name: 'Largest Contentful Paint, / (visitor)', unit: 'ms', budget: { max: 1800 } },
  { name: 'Total Blocking Time, / (visitor)', unit: 'ms', budget: { max: 150 } },
  { name: 'Cumulative Layout Shift, / (visitor)', unit: 'CLS', budget: { max: 0.05 } },
] as const;

/**
 * The pages a signed-in learner opens most, each audited signed in: `label` is what the row
 * names, `url` where it is (a search word and a training of the demo site, found first).
 */
const LEARNER_PAGES = [
  { label: '/dashboard', url: () => '/dashboard' },
  { label: '/trainings', url: () => '/trainings' },
  { label: '/search?s=…', url: (demo: DemoPicks) => `/search?s=${encodeURIComponent(demo.word)}` },
  { label: '/incentives', url: () => '/incentives' },
  { label: '/trainings/:id', url: (demo: DemoPicks) => `/trainings/${demo.trainingId}` },
] as const;

const learnerSpec = (label: string) => ({
  name: `Lighthouse performance, ${label} (learner)`,
  unit: 'score',
  budget: { min: 95 },
});

const LIGHTHOUSE_SPECS = [...HOME_SPECS, ...LEARNER_PAGES.map((p) => learnerSpec(p.label))];

/** A training of the demo catalogue and a word of its title, to search for. */
interface DemoPicks {
  trainingId: number;
  word: string;
}

async function demoPicks(learner: ApiSession): Promise<DemoPicks> {
  const answer = await learner.send<{ data?: { id: number; title: string }[] }>(
    'GET',
    '/api/v2/trainings?limit=1',
  );
  const training = answer.body?.data?.[0];
  if (!training)
    throw new Error(`GET /api/v2/trainings answered ${answer.status} without a training.`);
  const word = training.title.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4);
  if (!word) throw new Error(`The training "${training.title}" has no word to search for.`);
  return { trainingId: training.id, word: word.toLowerCase() };
}

function lighthouseRows(
  home: LighthouseFigures,
  learnerPages: { url: string; figures: LighthouseFigures }[],
  empty: LighthouseFigures,
): BenchRow[] {
  const how = `median of ${LIGHTHOUSE_RUNS} Lighthouse runs, default mobile throttling (simulated)`;
  const reference = (value: number) => ({ name: 'empty page, same Chromium', value });
  const homeFigures: [number, number, string][] = [
    [home.performance, empty.performance, `${how}; ${home.diagnosis}`],
    [home.lcp, empty.lcp, how],
    [home.tbt, empty.tbt, how],
    [home.cls, empty.cls, how],
  ];
  return [
    ...HOME_SPECS.map((spec, i) => {
      const [value, ref, note] = homeFigures[i]!;
      return row({ ...spec, value, reference: reference(ref), note });
    }),
    ...learnerPages.map(({ url, figures }, i) =>
      row({
        ...learnerSpec(LEARNER_PAGES[i]!.label),
        value: figures.performance,
        reference: reference(empty.performance),
        note:
          `${url}; ${how}; LCP ${figures.lcp} ms, TBT ${figures.tbt} ms, CLS ${figures.cls}; ` +
          figures.diagnosis,
      }),
    ),
  ];
}

async function lighthouseFigures(origin: string, learner: ApiSession, log: (line: string) => void) {
  const demo = await demoPicks(learner);
  const chrome = await LighthouseChrome.launch();
  const empty = await startEmptyPageServer();
  try {
    log('Lighthouse: / as a visitor…');
    const home = await chrome.audit({ url: `${origin}/`, expectPath: '/' });
    await chrome.setCookies(origin, learner.cookieHeader);
    const learnerPages: { url: string; figures: LighthouseFigures }[] = [];
    for (const page of LEARNER_PAGES) {
      const url = page.url(demo);
      log(`Lighthouse: ${url} as learner…`);
      const figures = await chrome.audit({
        url: `${origin}${url}`,
        expectPath: new URL(url, origin).pathname,
      });
      learnerPages.push({ url, figures });
    }
    await chrome.clearCookies();
    log('Lighthouse: an empty page…');
    const reference = await chrome.audit({ url: empty.url });
    return lighthouseRows(home, learnerPages, reference);
  } finally {
    chrome.close();
    await empty.close();
  }
}

// 2 and 3. Interactions.

/** Median and p95 rows of a series of keystrokes against the header search field's. */
function keystrokeRows(
  name: string,
  figures: KeystrokeSummary,
  reference: KeystrokeSummary,
  detail: string,
): BenchRow[] {
  const note =
    `${detail}. Per keystroke: its Event Timing duration (8 ms steps), or when Chromium reports ` +
    `none (under 16 ms) its key-to-next-frame mark, capped at 15.9 ms. ` +
    `${describe(figures)}; reference: ${describe(reference)}`;
  return [
    row({
      name: `${name}, median`,
      value: figures.median,
      unit: 'ms',
      budget: { max: FRAME_MS },
      reference: { name: 'header search keystroke, median', value: reference.median },
      note,
    }),
    row({
      name: `${name}, p95`,
      value: figures.p95,
      unit: 'ms',
      budget: { max: FRAME_MS },
      reference: { name: 'header search keystroke, p95', value: reference.p95 },
    }),
  ];
}

const MOVE_NAME = `Section editor (${SECTION_COUNT} sections): keyboard move (drop keydown to next frame)`;
const TYPING_NAME = `Admin form (${FORM_FIELDS} fields): keystroke to next frame`;
const keystrokeNames = (name: string) =>
  ['median', 'p95'].map((q) => ({ name: `${name}, ${q}`, unit: 'ms', budget: { max: FRAME_MS } }));

async function sectionMoveRows(browser: Browser, origin: string, admin: ApiSession) {
  const f = await measureSectionMoves(browser, origin, admin);
  return keystrokeRows(
    MOVE_NAME,
    f.drop,
    f.reference,
    `Space, ArrowDown, Space on a drag handle mid-list; pick-up keydown median ${f.pickUp.median} ms ` +
      `(p95 ${f.pickUp.p95}), arrow keydown median ${f.arrow.median} ms (p95 ${f.arrow.p95})`,
  );
}

async function formTypingRows(browser: Browser, origin: string, admin: ApiSession) {
  const f = await measureFormTyping(browser, origin, admin);
  return keystrokeRows(
    TYPING_NAME,
    f.typing,
    f.reference,
    `storefront trainings section, content form with a chosen list of trainings (${f.fields} visible controls), typing into Vocabulary`,
  );
}

// 4. Initial JavaScript.

const JS_SPECS = [
  { name: 'Initial JS, / (visitor), gzip', unit: 'kB', budget: { max: 100 } },
  { name: 'Initial JS, /dashboard (learner), gzip', unit: 'kB', budget: { max: 170 } },
  { name: 'Critical path, / (HTML, CSS, JS, fonts), gzip', unit: 'kB', budget: { max: 170 } },
];

async function initialJsRows(browser: Browser, origin: string, learner: ApiSession) {
  const visitor = await newContext(browser, origin);
  const home = await weighLoad(visitor, '/').finally(() => visitor.close());
  const signedIn = await newContext(browser, origin, learner);
  const dashboard = await weighLoad(signedIn, '/dashboard').finally(() => signedIn.close());
  const kb = (bytes: number) => round(bytes / KB, 1);
  const largest = (w: typeof home) =>
    w.largest.map((s) => `${s.file} ${kb(s.bytes)} kB`).join(', ');
  const how =
    'every file fetched until the network was idle, each gzipped with zlib (level 6); kB = 1000 bytes';
  return [
    row({
      ...JS_SPECS[0]!,
      value: kb(home.js),
      note: `${home.scripts} scripts, largest ${largest(home)}; ${how}`,
    }),
    row({
      ...JS_SPECS[1]!,
      value: kb(dashboard.js),
      note: `${dashboard.scripts} scripts, largest ${largest(dashboard)}; ${how}`,
    }),
    row({ ...JS_SPECS[2]!, value: kb(home.critical), note: how }),
  ];
}

/**
 * The browser's figures: Lighthouse on the visitor's start page and the learner's most used pages,
 * keyboard moves in a 300-section storefront editor, typing in a 60-field admin form, and the
 * JavaScript and critical-path bytes of the first loads. One server (PGlite, demo site) serves
 * them all; the editor figures change the registered storefront and put it back.
 */
export default async function runBrowserBenchmarks(ctx: BenchContext): Promise<BenchRow[]> {
  const server = await ctx.startServer({ db: 'pglite' });
  const rows: BenchRow[] = [];
  let browser: Browser | undefined;
  try {
    const admin = new ApiSession(server.url);
    await admin.login('admin');
    const learner = new ApiSession(server.url);
    await learner.login('learner');
    browser = await launchChromium();

    ctx.log('Browser: initial JavaScript…');
    rows.push(
      ...(await initialJsRows(browser, server.url, learner).catch((e) => failed(JS_SPECS, e))),
    );
    rows.push(
      ...(await lighthouseFigures(server.url, learner, (line) => ctx.log(line)).catch((e) =>
        failed(LIGHTHOUSE_SPECS, e),
      )),
    );
    ctx.log(`Browser: keyboard moves in the ${SECTION_COUNT}-section editor…`);
    rows.push(
      ...(await sectionMoveRows(browser, server.url, admin).catch((e) =>
        failed(keystrokeNames(MOVE_NAME), e),
      )),
    );
    ctx.log(`Browser: typing in the ${FORM_FIELDS}-field form…`);
    rows.push(
      ...(await formTypingRows(browser, server.url, admin).catch((e) =>
        failed(keystrokeNames(TYPING_NAME), e),
      )),
    );
  } finally {
    await browser?.close();
    await server.stop();
  }
  return rows;
}
