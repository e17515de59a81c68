import type { Browser, Locator, Page } from 'playwright-core';
import type { ApiSession } from '../lib/http';
import { explainFailures, newContext } from './chromium';
import {
  installProbe,
  summarize,
  timeHeaderSearch,
  timeKey,
  type KeystrokeSummary,
  type KeystrokeTiming,
} from './interaction';
import {
  REGISTERED_EDITOR,
  registeredLayout,
  saveSections,
  type PatchSection,
} from './storefront-api';

/** The size of the layout the editor is measured with (the most a layout may hold). */
export const SECTION_COUNT = 300;
/** Keyboard moves measured. */
const MOVES = 20;
/** Keystrokes typed into the header search field for the reference. */
const REFERENCE_KEYS = 20;

/** The figures of the keyboard moves and of their reference. */
export interface SectionMoveFigures {
  /** The keydown that drops a section (Space), committing the move. */
  drop: KeystrokeSummary;
  /** The keydown that picks it up, and the arrow key that moves it over the next position. */
  pickUp: KeystrokeSummary;
  arrow: KeystrokeSummary;
  /** A keystroke in the header search field on the same page. */
  reference: KeystrokeSummary;
}

/**
 * The demo layout's sections repeated, each copy titled with its number, up to `count`: real
 * section types with real content, as an editor would build them.
 */
function manySections(originals: readonly PatchSection[], count: number): PatchSection[] {
  const sections: PatchSection[] = originals.map((s, weight) => ({ ...s, weight }));
  for (let i = sections.length; i < count; i += 1) {
    const model = originals[i % originals.length]!;
    const data = structuredClone(model.data);
    const name =
      (typeof data.settings.title === 'string' && data.settings.title) ||
      (typeof data.content.heading === 'string' && data.content.heading) ||
      model.type;
    data.settings.title = `${name} ${i + 1}`;
    sections.push({ id: null, type: model.type, weight: i, data });
  }
  return sections;
}

/** Waits until dnd-kit's live region announces `text`. */
async function announced(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((region) =>
        region.textContent?.includes(expected),
      ),
    text,
    { timeout: 10_000 },
  );
}

/** Scrolls the page until the card at `position` (1-based) is rendered, and returns it. */
export async function scrollToPosition(page: Page, position: number): Promise<Locator> {
  const found = await page.evaluate(async (wanted) => {
    const selector = `ol[aria-label="Sections"] > li[aria-posinset="${wanted}"]`;
    for (let step = 0; step < 400 && !document.querySelector(selector); step += 1) {
      window.scrollBy(0, window.innerHeight / 2);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
    return document.querySelector(selector) !== null;
  }, position);
  if (!found) throw new Error(`The card at position ${position} never rendered.`);
  return page.locator(`ol[aria-label="Sections"] > li[aria-posinset="${position}"]`);
}

/**
 * Section editor with 300 sections: times the keyboard moves of one section (Space to pick it
 * up, the down arrow, Space to drop it), keystroke by keystroke. The layout is saved with 300
 * sections through the API first and put back as it was afterwards; the moves themselves are
 * never saved.
 */
export async function measureSectionMoves(
  browser: Browser,
  origin: string,
  admin: ApiSession,
): Promise<SectionMoveFigures> {
  const layout = await registeredLayout(admin);
  const originals = layout.sections;
  await saveSections(admin, layout.id, manySections(originals, SECTION_COUNT));
  const context = await newContext(browser, origin, admin);
  try {
    const page = await context.newPage();
    return await explainFailures(page, async () => {
      await page.goto(REGISTERED_EDITOR);
      // The list renders the cards near the window; each says its place in the whole list.
      await page.waitForFunction(
        (count) =>
          document.querySelector(`ol[aria-label="Sections"] > li[aria-setsize="${count}"]`),
        SECTION_COUNT,
        { timeout: 60_000 },
      );
      await installProbe(page);
      const reference = await timeHeaderSearch(page, REFERENCE_KEYS);

      // A section from the middle of the list moves down one place per move.
      const start = Math.floor(SECTION_COUNT / 2) - MOVES / 2;
      const item = await scrollToPosition(page, start + 1);
      const id = await item.getAttribute('data-section-id');
      const name = (await item.locator('h2').first().textContent())?.trim() ?? '';
      const handle = page.locator(`li[data-section-id="${id}"] button[data-action="drag"]`);
      const drop: KeystrokeTiming[] = [];
      const pickUp: KeystrokeTiming[] = [];
      const arrow: KeystrokeTiming[] = [];
      for (let move = 0; move < MOVES; move += 1) {
        const position = start + move + 1;
        await handle.scrollIntoViewIfNeeded();
        await handle.focus();
        pickUp.push(await timeKey(page, () => page.keyboard.press('Space')));
        // dnd-kit announces the pick-up, then at once what the section is over: its own place.
        await announced(page, `${name} is over position ${position} of`);
        // dnd-kit listens for the arrow keys from the next timer task after a pick-up on.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
        arrow.push(await timeKey(page, () => page.keyboard.press('ArrowDown')));
        await announced(page, `${name} is over position ${position + 1} of`);
        drop.push(await timeKey(page, () => page.keyboard.press('Space')));
        await announced(page, `${name} was dropped at position ${position + 1} of`);
      }
      const landed =
        Number(await page.locator(`li[data-section-id="${id}"]`).getAttribute('aria-posinset')) - 1;
      if (landed !== start + MOVES)
        throw new Error(
          `The section ended at position ${landed + 1}, not ${start + MOVES + 1}: the moves did not all commit.`,
        );
      return {
        drop: summarize(drop),
        pickUp: summarize(pickUp),
        arrow: summarize(arrow),
        reference: summarize(reference),
      };
    });
  } finally {
    await context.close();
    await saveSections(admin, layout.id, originals);
  }
}
