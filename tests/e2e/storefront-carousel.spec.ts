import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { callApi, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();
const ar = arabic as Record<string, string>;

async function setLanguage(page: Page, language: string): Promise<void> {
  const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
  expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language })).status).toBe(200);
}

/** How far the carousel's list is scrolled from its start, and how far it can go. */
function position(page: Page, label: string) {
  return page.getByRole('list', { name: label, exact: true }).evaluate((list) => ({
    offset: Math.abs(list.scrollLeft),
    left: list.scrollLeft,
    room: list.scrollWidth - list.clientWidth,
  }));
}

describe('the storefront hero', () => {
  it('links “Browse the catalogue” to the catalogue, not to the page it is on', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner', '/storefront');
    await settled(page);
    const browse = page.getByRole('main').getByRole('link', { name: 'Browse the catalogue' });
    expect(await browse.getAttribute('href')).toBe('/trainings');
    await browse.click();
    await page.waitForURL((url) => url.pathname === '/trainings');
    await context.close();
  });
});

describe('the storefront training carousel', () => {
  for (const [language, width] of [
    ['en', 1280],
    ['ar', 390],
  ] as const) {
    it(`has previous and next buttons, disabled at the ends (${language}, ${width} px)`, async () => {
      const { context, page } = await newPage(browser(), { width });
      await logIn(page, 'learner');
      await setLanguage(page, language);
      const tr = (text: string) => (language === 'ar' ? (ar[text] ?? text) : text);
      try {
        await page.goto('/storefront');
        await settled(page);
        const list = page.locator('[data-carousel-list]').first();
        const label = (await list.getAttribute('aria-label'))!;
        const previous = page.getByRole('button', {
          name: tr('Previous: @list').replace('@list', label),
        });
        const next = page.getByRole('button', { name: tr('Next: @list').replace('@list', label) });
        await next.waitFor();
        const start = await position(page, label);
        expect(start.offset).toBe(0);
        expect(start.room).toBeGreaterThan(0);
        expect(await previous.isDisabled()).toBe(true);
        expect(await next.isDisabled()).toBe(false);

        // Right to left, the next cards lie to the left: the scroll position goes negative, and
        // the next button's arrow is mirrored.
        await next.click();
        await expect.poll(async () => (await position(page, label)).offset).toBeGreaterThan(0);
        const moved = await position(page, label);
        expect(Math.sign(moved.left)).toBe(language === 'ar' ? -1 : 1);
        const mirrored = await next
          .locator('svg')
          .evaluate((svg) => getComputedStyle(svg).transform !== 'none');
        expect(mirrored).toBe(language === 'ar');
        await expect.poll(() => previous.isDisabled()).toBe(false);

        // By keyboard to the end: the next button is then disabled.
        await next.focus();
        const cards = await list.getByRole('listitem').count();
        for (let i = 0; i < cards && !(await next.isDisabled()); i += 1) {
          await page.keyboard.press('Enter');
          await page.waitForTimeout(600);
        }
        await expect.poll(() => next.isDisabled()).toBe(true);
        const end = await position(page, label);
        expect(end.offset).toBeGreaterThanOrEqual(end.room - 2);

        // Scrolled back by touch or trackpad, the buttons follow the position.
        await list.evaluate((el) => el.scrollTo({ left: 0 }));
        await expect.poll(() => previous.isDisabled()).toBe(true);
        expect(await next.isDisabled()).toBe(false);
      } finally {
        await setLanguage(page, 'en');
        await context.close();
      }
    });
  }

  it('works on the visitor’s home page, sent without the portal’s code', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await page.goto('/');
    await settled(page);
    const list = page.locator('[data-carousel-list]').first();
    const label = (await list.getAttribute('aria-label'))!;
    const next = page.getByRole('button', { name: `Next: ${label}` });
    await next.click();
    await expect.poll(async () => (await position(page, label)).offset).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: `Previous: ${label}` }).isDisabled())
      .toBe(false);
    await context.close();
  });
});
