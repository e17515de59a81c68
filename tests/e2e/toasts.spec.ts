import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { callApi, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();
const ar = arabic as Record<string, string>;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every visible control in `scope`, with a name to tell them apart. */
async function controls(scope: Locator): Promise<{ name: string; box: Box }[]> {
  return scope.locator('a, button, select, input').evaluateAll((elements) =>
    elements.flatMap((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return [];
      return [
        {
          name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
          box: { x: r.x, y: r.y, width: r.width, height: r.height },
        },
      ];
    }),
  );
}

async function expectClear(page: Page, toast: Locator, saveButton: Locator): Promise<void> {
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  // Wholly in the window.
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const covered = [
    ...(await controls(page.getByRole('banner'))),
    { name: 'Save', box: (await saveButton.boundingBox())! },
  ].filter((c) => overlaps(box, c.box));
  expect(covered.map((c) => c.name)).toEqual([]);
}

describe('toasts', () => {
  for (const [language, width, height] of [
    ['en', 1280, 800],
    ['ar', 390, 740],
  ] as const) {
    it(`cover neither the Save button that raised them nor the header's controls (${language}, ${width} px)`, async () => {
      const { context, page } = await newPage(browser(), { width, height });
      await logIn(page, 'admin');
      const me = (await callApi(page, 'GET', 'me')).json.data as {
        uid: number;
        language: string | null;
      };
      const tr = (text: string) => (language === 'ar' ? (ar[text] ?? text) : text);
      try {
        expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language })).status).toBe(200);
        // Another person's profile: saving it stays on the page.
        const people = (await callApi(page, 'GET', 'users?search=learner&limit=25')).json.data as {
          uid: number;
          name: string;
        }[];
        const learner = people.find((p) => p.name === 'learner')!;
        await page.goto(`/user/${learner.uid}/edit`);
        await settled(page);
        const save = page.getByRole('button', { name: tr('Save'), exact: true });
        // Once with Save at the window's bottom edge, once with it near the top.
        for (const block of ['end', 'start'] as const) {
          await save.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
          await save.click();
          const toast = page
            .getByRole('region', { name: tr('Notifications') })
            .getByRole('alert')
            .filter({ hasText: tr('Your profile has been saved.') });
          await toast.waitFor();
          await expectClear(page, toast, save);
          await toast.getByRole('button', { name: tr('Close') }).click();
          await toast.waitFor({ state: 'detached' });
        }
      } finally {
        await callApi(page, 'PATCH', `users/${me.uid}`, { language: me.language ?? 'en' });
        await context.close();
      }
    });
  }
});
