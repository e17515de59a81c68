import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

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

/** The carousel's position once it has stopped moving for a few frames (a fling, a snap). */
async function steadyPosition(page: Page, label: string) {
  await page.getByRole('list', { name: label, exact: true }).evaluate(
    (list) =>
      new Promise<void>((resolve) => {
        let last = NaN;
        let unchanged = 0;
        const check = () => {
          unchanged = list.scrollLeft === last ? unchanged + 1 : 0;
          last = list.scrollLeft;
          if (unchanged >= 10) resolve();
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
  return position(page, label);
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

  for (const language of ['en', 'ar'] as const) {
    it(`moves by a swipe, a tap and the arrow keys on a touch phone, axe-clean (${language})`, async () => {
      const { context, page } = await newPage(browser(), { width: 390, height: 844, touch: true });
      await logIn(page, 'learner');
      await setLanguage(page, language);
      const tr = (text: string) => (language === 'ar' ? (ar[text] ?? text) : text);
      const rtl = language === 'ar';
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
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(rtl ? 'rtl' : 'ltr');
        expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
        expect((await position(page, label)).offset).toBe(0);
        await expectNoAxeViolations(page);
        // The cookie banner, when the learner has not agreed yet, covers the cards on a phone.
        const accept = page.getByRole('button', { name: tr('Accept'), exact: true });
        if (await accept.isVisible()) {
          await accept.tap();
          await accept.waitFor({ state: 'hidden' });
        }

        // A finger drags the cards towards the start side, a frame a step: the next ones come
        // into view.
        await list.scrollIntoViewIfNeeded();
        const box = (await list.boundingBox())!;
        const y = Math.round(box.y + box.height / 2);
        const [from, to] = rtl
          ? [box.x + box.width * 0.2, box.x + box.width * 0.8]
          : [box.x + box.width * 0.8, box.x + box.width * 0.2];
        const cdp = await context.newCDPSession(page);
        const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
          cdp.send('Input.dispatchTouchEvent', {
            type,
            touchPoints: x === undefined ? [] : [{ x: Math.round(x), y }],
          });
        const frame = () =>
          page.evaluate(
            () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())),
          );
        await touch('touchStart', from);
        for (let step = 1; step <= 20; step += 1) {
          await touch('touchMove', from + ((to - from) * step) / 20);
          await frame();
        }
        await touch('touchEnd');
        const swiped = await steadyPosition(page, label);
        expect(swiped.offset).toBeGreaterThan(0);
        expect(Math.sign(swiped.left)).toBe(rtl ? -1 : 1);
        await expect.poll(() => previous.isDisabled()).toBe(false);

        // Back to the start with a tap on Previous (as often as it takes), on with a tap on Next.
        for (let i = 0; i < 10; i += 1) {
          const before = (await steadyPosition(page, label)).offset;
          if (before <= 2) break;
          await previous.tap();
          await expect.poll(async () => (await position(page, label)).offset).toBeLessThan(before);
        }
        await expect.poll(() => previous.isDisabled()).toBe(true);
        expect((await position(page, label)).offset).toBeLessThanOrEqual(2);
        await next.tap();
        await expect.poll(async () => (await position(page, label)).offset).toBeGreaterThan(0);
        await expectNoAxeViolations(page);

        // From the keyboard: the list takes focus and its arrow keys scroll it, the arrow
        // towards the end of the reading direction onwards, the other one back.
        await list.evaluate((el) => el.scrollTo({ left: 0 }));
        await expect.poll(() => previous.isDisabled()).toBe(true);
        await list.focus();
        const onwards = rtl ? 'ArrowLeft' : 'ArrowRight';
        const back = rtl ? 'ArrowRight' : 'ArrowLeft';
        await page.keyboard.press(onwards);
        await expect.poll(async () => (await position(page, label)).offset).toBeGreaterThan(0);
        const moved = (await position(page, label)).offset;
        await page.keyboard.press(back);
        await expect.poll(async () => (await position(page, label)).offset).toBeLessThan(moved);
      } finally {
        await setLanguage(page, 'en');
        await context.close();
      }
    });
  }
});
