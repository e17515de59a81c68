import type { Browser } from 'playwright-core';
import type { ApiSession } from '../lib/http';
import { explainFailures, newContext } from './chromium';
import { scrollToPosition } from './section-editor';
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

/** The form's size the requirement names. */
export const FORM_FIELDS = 60;
/** Keystrokes typed into the form, and into the header search field for the reference. */
const KEYS = 50;
const REFERENCE_KEYS = 30;
/** The trainings section's content form has these fields besides its list of training ids. */
const OTHER_FIELDS = ['source', 'vocabulary', 'size', 'sorting', 'display'] as const;
const SECTION_TITLE = 'Chosen trainings';

/** The figures of the typing and of its reference. */
export interface FormTypingFigures {
  /** Form controls (input, select, textarea) the open form had. */
  fields: number;
  typing: KeystrokeSummary;
  reference: KeystrokeSummary;
}

/**
 * A trainings section showing a chosen list of the catalogue's trainings: its content form has
 * one field per training id, and five more (where from, vocabulary, number, sorting, display).
 */
function chosenTrainingsSection(trainingIds: number[], weight: number): PatchSection {
  return {
    id: null,
    type: 'trainings',
    weight,
    data: {
      content: {
        source: 'custom',
        training_ids: trainingIds,
        vocabulary: '',
        tags: [],
        size: 24,
        sorting: 'title',
        display: 'grid',
      },
      settings: { title: SECTION_TITLE, show_title: true, full_width: false, show_more_link: true },
      appearance: { background_color: '', text_color: '', text_align: 'start' },
      restrictions: [],
    },
  };
}

/**
 * Typing in a 60-field admin form: the content form of a storefront trainings section listing
 * 55 real trainings by id (55 + 5 fields), rendered by the schema form (rjsf) as the editor shows
 * it. 50 keystrokes go into its Vocabulary field, each timed. The section is added through the
 * API first and the layout put back as it was afterwards.
 */
export async function measureFormTyping(
  browser: Browser,
  origin: string,
  admin: ApiSession,
): Promise<FormTypingFigures> {
  const { data: trainings } = await admin.expect<{ data: { id: number }[] }>(
    200,
    'GET',
    '/api/v2/trainings?limit=100',
  );
  const ids = trainings.map((t) => t.id).slice(0, FORM_FIELDS - OTHER_FIELDS.length);
  const layout = await registeredLayout(admin);
  const originals = layout.sections;
  await saveSections(admin, layout.id, [
    ...originals,
    chosenTrainingsSection(ids, originals.length),
  ]);
  const context = await newContext(browser, origin, admin);
  try {
    const page = await context.newPage();
    return await explainFailures(page, async () => {
      await page.goto(REGISTERED_EDITOR);
      // The editor renders only the cards near the window: scrolled to the last one, as a person
      // would.
      const card = (await scrollToPosition(page, originals.length + 1)).filter({
        has: page.getByRole('heading', { level: 2, name: SECTION_TITLE, exact: true }),
      });
      await card.locator('button[data-action="edit"]').click();
      const form = card.locator('form');
      await form.waitFor();
      const fields = await form
        .locator('input:not([type="hidden"]), select, textarea')
        .evaluateAll((controls) => controls.filter((c) => c.getClientRects().length > 0).length);
      const vocabulary = form.getByLabel('Vocabulary (for trainings with tags)');
      await vocabulary.waitFor();

      await installProbe(page);
      const reference = await timeHeaderSearch(page, REFERENCE_KEYS);

      await vocabulary.focus();
      const typing: KeystrokeTiming[] = [];
      for (let i = 0; i < KEYS; i += 1) {
        const key = String.fromCharCode(97 + (i % 26));
        typing.push(await timeKey(page, () => page.keyboard.press(key)));
      }
      const typed = await vocabulary.inputValue();
      if (typed.length !== KEYS)
        throw new Error(`The Vocabulary field holds ${typed.length} characters, not ${KEYS}.`);
      return { fields, typing: summarize(typing), reference: summarize(reference) };
    });
  } finally {
    await context.close();
    await saveSections(admin, layout.id, originals);
  }
}
