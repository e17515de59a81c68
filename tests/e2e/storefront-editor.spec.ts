import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, logIn, newPage, settled, callApi } from './fixtures';

const { browser } = launchBrowser();

interface Section {
  id: number;
  type: string;
  weight: number;
  data: unknown;
}

const layouts: Record<string, { id: number; sections: Section[] }> = {};

// Other specs read the demo storefront: this one puts both layouts back as they were.
beforeAll(async () => {
  const { context, page } = await newPage(browser());
  await logIn(page, 'admin');
  for (const type of ['registered', 'unregistered']) {
    const res = await callApi(page, 'GET', `storefront/manage?type=${type}&language=en`);
    layouts[type] = res.json.data as { id: number; sections: Section[] };
  }
  await context.close();
});

afterAll(async () => {
  const { context, page } = await newPage(browser());
  await logIn(page, 'admin');
  for (const layout of Object.values(layouts)) {
    const sections = layout.sections.map(({ id, type, weight, data }) => ({
      id,
      type,
      weight,
      data,
    }));
    const res = await callApi(page, 'PATCH', `storefront/manage/${layout.id}`, { sections });
    expect(res.status).toBe(200);
  }
  await context.close();
});

/** The section names in the editor, top to bottom. */
const order = (page: Page) => page.locator('ol[aria-label="Sections"] > li h2').allTextContents();

const saveHint = (page: Page) => page.locator('header p[id]').first();

/**
 * Saves the registered users' layout with `count` sections titled "Section 1"…, the demo's
 * sections over and over, opens it in the editor and returns the card at a position (1-based).
 */
async function openLongLayout(page: Page, count: number) {
  const { id, sections: originals } = layouts.registered!;
  const sections = Array.from({ length: count }, (_, i) => {
    const model = originals[i % originals.length]!;
    const data = structuredClone(model.data) as { settings: Record<string, unknown> };
    data.settings.title = `Section ${i + 1}`;
    return { id: i < originals.length ? model.id : null, type: model.type, weight: i, data };
  });
  expect((await callApi(page, 'PATCH', `storefront/manage/${id}`, { sections })).status).toBe(200);
  await page.goto('/settings/storefront/registered');
  await settled(page);
  return (position: number) =>
    page.locator(`ol[aria-label="Sections"] > li[aria-posinset="${position}"]`);
}

describe('the storefront editor', () => {
  it('builds a section, moves it by keyboard and by drag, copies it to the visitors storefront, and a visitor sees it', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin', '/settings/storefront/registered');
    await settled(page);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await page
      .getByRole('heading', { level: 1, name: 'Storefront for registered users' })
      .waitFor();
    await expectNoAxeViolations(page);

    // Nothing changed yet.
    await expect(save.isDisabled()).resolves.toBe(true);
    await expect(saveHint(page).textContent()).resolves.toBe(
      "You're all set! Everything is up to date",
    );

    // A new trainings section at the end; while its form is open, Save waits.
    const before = await order(page);
    await page
      .getByRole('button', { name: `Add section at position ${before.length + 1}` })
      .click();
    await page.getByRole('button', { name: 'Trainings', exact: true }).click();
    await page.getByRole('heading', { name: 'New section: Trainings' }).waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await expect(saveHint(page).textContent()).resolves.toBe('Finish editing to enable saving');
    await page.getByLabel('Trainings to show').selectOption({ label: 'Free trainings' });
    await page.getByLabel('Number of trainings').fill('4');
    await page.getByRole('button', { name: 'Add section', exact: true }).click();

    const added = page.locator('ol[aria-label="Sections"] > li').last();
    await added.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Section title').fill('Hand-picked free trainings');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(order(page)).resolves.toEqual([...before, 'Hand-picked free trainings']);
    await expect(save.isDisabled()).resolves.toBe(false);

    // To the top by keyboard: the handle picks it up, the arrow keys move it, Space drops it.
    const handle = page.getByRole('button', {
      name: /^Move Hand-picked free trainings \(position/,
    });
    await handle.focus();
    await page.keyboard.press('Space');
    // Each arrow press is announced; a screen-reader user goes on until position 1.
    const live = page.locator('[id^="DndLiveRegion"]');
    for (let i = 0; i < before.length + 3; i += 1) {
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(200);
      if ((await live.textContent())?.includes('over position 1 of')) break;
    }
    await expect(live.textContent()).resolves.toContain(
      `Hand-picked free trainings is over position 1 of ${before.length + 1}.`,
    );
    await page.keyboard.press('Space');
    await expect.poll(() => order(page)).toEqual(['Hand-picked free trainings', ...before]);

    // Another one by dragging with the mouse: the third section above the second.
    const [second, third] = [before[0]!, before[1]!];
    const source = page.getByRole('button', { name: new RegExp(`^Move ${third} \\(position`) });
    await source.scrollIntoViewIfNeeded();
    const from = (await source.boundingBox())!;
    const to = (await page.locator('ol[aria-label="Sections"] > li').nth(1).boundingBox())!;
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, from.y - 10, { steps: 5 });
    await page.mouse.move(x, to.y + 5, { steps: 20 });
    await page.waitForTimeout(200);
    await page.mouse.up();
    await expect
      .poll(() => order(page))
      .toEqual(['Hand-picked free trainings', third, second, ...before.slice(2)]);
    // dnd-kit swallows clicks for 50 ms after a pointer drag ends (so the drop is not also a
    // click); a person needs longer than that to reach Save, and so does this test.
    await page.waitForTimeout(100);

    // The answer first, so a failure says what the server said.
    const answer = page.waitForResponse(
      (res) => res.request().method() === 'PATCH' && res.url().includes('/storefront/manage/'),
      { timeout: 60_000 },
    );
    await save.click();
    expect((await answer).status()).toBe(200);
    await page.getByText('Storefront settings have been successfully saved!').waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);

    // Copied, the section waits in the clipboard; Save waits for the paste.
    await page.getByRole('button', { name: 'Copy Hand-picked free trainings' }).click();
    await page.getByText('Copied: Hand-picked free trainings.').waitFor();
    await expect(saveHint(page).textContent()).resolves.toBe('Paste the section to enable saving');

    // The clipboard survives going over to the visitors' storefront.
    await page.getByRole('link', { name: 'Back to storefront settings' }).click();
    await page.getByRole('link', { name: /Unregistered users/ }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Storefront for unregistered users' })
      .waitFor();
    await page.getByRole('button', { name: 'Paste here, at position 1' }).click();
    await expect.poll(async () => (await order(page))[0]).toBe('Hand-picked free trainings');
    // The first save's toast may still be showing: wait for this save's answer.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/storefront/manage/'),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expect
      .poll(() => page.getByText('Storefront settings have been successfully saved!').count())
      .toBeGreaterThan(0);
    await expect(
      page.getByRole('button', { name: 'Save', exact: true }).isDisabled(),
    ).resolves.toBe(true);
    await context.close();

    // A visitor sees it on the start page, first, with free trainings in it.
    const visitor = await newPage(browser());
    await visitor.page.goto('/');
    await settled(visitor.page);
    const main = visitor.page.getByRole('main');
    const heading = main.getByRole('heading', { name: 'Hand-picked free trainings' });
    await heading.waitFor();
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings[0]).toBe('Hand-picked free trainings');
    await visitor.context.close();
  });

  it('previews the storefront as a target audience, with a language restriction shown and hidden', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin', '/settings/storefront/registered');
    await settled(page);
    await page
      .getByRole('heading', { level: 1, name: 'Storefront for registered users' })
      .waitFor();

    // Topics is for Arabic speakers only.
    const topics = page.locator('ol[aria-label="Sections"] > li', {
      has: page.getByRole('heading', { name: 'Topics' }),
    });
    await topics.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Language', { exact: true }).last().selectOption({ label: 'Arabic' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await topics.getByText('Language: Arabic').waitFor();

    // Preview waits for the changes to be saved.
    const targetAudience = page.getByRole('button', { name: 'Target audience' });
    await expect(targetAudience.isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Storefront settings have been successfully saved!').waitFor();

    await targetAudience.click();
    const dialog = page.getByRole('dialog', { name: 'Target audience' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Select at least one criteria').waitFor();
    await dialog.getByLabel('Language').selectOption({ label: 'English' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Welcome back to the academy' }).waitFor();
    await expect(main.getByRole('heading', { name: 'Topics' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);

    // Reset ends the preview.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('ol[aria-label="Sections"]').waitFor();

    await targetAudience.click();
    await dialog.getByLabel('Language').selectOption({ label: 'Arabic' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await main.getByRole('heading', { name: 'Topics' }).waitFor();
    await page.getByRole('button', { name: 'Exit preview' }).click();
    await page.locator('ol[aria-label="Sections"]').waitFor();

    // Removing asks first.
    await topics.getByRole('button', { name: 'Remove Topics' }).click();
    await page.getByRole('dialog', { name: 'Remove this section?' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('renders only the cards near the window of a long layout, and keeps the one being edited', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin');
    const count = 120;
    const card = await openLongLayout(page, count);
    await card(1).getByRole('heading', { name: 'Section 1', exact: true }).waitFor();
    await expect(card(1).getAttribute('aria-setsize')).resolves.toBe(String(count));
    const rendered = await page.locator('ol[aria-label="Sections"] > li').count();
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(30);

    // A half-typed title survives scrolling the card out of the window and back.
    await card(1).getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Section title').fill('Kept while away');
    const scrollTo = (top: number) =>
      page.evaluate(async (y) => {
        window.scrollTo(0, y < 0 ? document.body.scrollHeight : y);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      }, top);
    for (let i = 0; i < 5; i += 1) await scrollTo(-1);
    await card(count)
      .getByRole('heading', { name: `Section ${count}`, exact: true })
      .waitFor();
    await expect(card(2).count()).resolves.toBe(0);
    await expect(card(1).count()).resolves.toBe(1);
    await expectNoAxeViolations(page);

    await scrollTo(0);
    await expect(page.getByLabel('Section title').inputValue()).resolves.toBe('Kept while away');
    await card(2).waitFor();
    await context.close();
  });

  it('keeps the focus on the handle of a section moved down by keyboard, without blurring it', async () => {
    const { context, page } = await newPage(browser(), { height: 1000 });
    await logIn(page, 'admin');
    const card = await openLongLayout(page, 40);
    const handle = card(2).getByRole('button', { name: /^Move Section 2 \(position 2 of 40\)$/ });
    await handle.focus();
    // Counts the times the handle loses the focus, from here on.
    await handle.evaluate((button) => {
      (window as { blurs?: number }).blurs = 0;
      button.addEventListener('blur', () => ((window as { blurs?: number }).blurs! += 1));
    });

    const live = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect.poll(() => live.textContent()).toContain('Section 2 is over position 2 of 40.');
    // dnd-kit listens for the arrow keys from the next timer task after a pick-up on: a timer
    // set now runs after it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => live.textContent()).toContain('Section 2 is over position 3 of 40.');
    await page.keyboard.press('Space');
    await expect
      .poll(() => card(3).getByRole('heading', { level: 2 }).textContent())
      .toBe('Section 2');

    const focused = await page.evaluate(() => ({
      label: document.activeElement?.getAttribute('aria-label'),
      blurs: (window as { blurs?: number }).blurs,
    }));
    expect(focused).toEqual({ label: 'Move Section 2 (position 3 of 40)', blurs: 0 });
    await context.close();
  });

  it('sends a learner a long storefront 12 sections at a time, the next as they scroll', async () => {
    const { context, page } = await newPage(browser(), { height: 900 });
    await logIn(page, 'admin');
    const { id, sections: originals } = layouts.registered!;
    // The demo's sections keep their ids (and come back when the suite ends).
    const sections = Array.from({ length: 30 }, (_, i) => ({
      id: originals[i]?.id ?? null,
      type: 'rich_text',
      weight: i,
      data: {
        content: { html: `<p>Part ${i + 1} of the long storefront</p>` },
        settings: {},
        appearance: {},
        restrictions: [],
      },
    }));
    expect((await callApi(page, 'PATCH', `storefront/manage/${id}`, { sections })).status).toBe(
      200,
    );
    await context.close();

    const reader = await newPage(browser(), { height: 900 });
    await logIn(reader.page, 'learner', '/storefront');
    await settled(reader.page);
    const main = reader.page.getByRole('main');
    const part = (n: number) => main.getByText(`Part ${n} of the long storefront`, { exact: true });
    await part(12).waitFor();
    await expect(part(13).count()).resolves.toBe(0);
    // Scrolling to the end brings the next page, and the one after.
    for (const last of [24, 30]) {
      await reader.page.keyboard.press('End');
      await part(last).waitFor();
    }
    await expect(main.getByRole('button', { name: 'Show more sections' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(reader.page);
    await reader.context.close();
  });
});
