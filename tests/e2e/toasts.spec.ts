import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();
const ar = arabic as Record<string, string>;

const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="tab"], [tabindex="0"]';

/**
 * Marks every control a reader can see now (in the window, with a point the pointer would hit,
 * not behind the header or anything else) with `data-seen`, holding how much of its top the
 * header hid.
 */
async function markSeenControls(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    let count = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      el.removeAttribute('data-seen');
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.bottom - 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.top + 2],
      ] as const;
      const hit = points.some(([x, y]) => {
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return top !== null && (el === top || el.contains(top));
      });
      if (!hit) continue;
      const inHeader = el.closest('header') !== null;
      el.setAttribute('data-seen', String(inHeader ? 0 : Math.max(0, header - r.top)));
      count += 1;
    }
    return count;
  }, CONTROLS);
}

/**
 * The controls the toast lies over, its own apart: of each marked control, the part the reader
 * saw when it came, where it is now; with `all`, also every control in the window, whatever
 * lies over it.
 */
async function coveredBy(toast: Locator, all: boolean): Promise<string[]> {
  return toast.evaluate(
    (own, { selector, all }) => {
      const t = own.getBoundingClientRect();
      const overlaps = (r: { left: number; right: number; top: number; bottom: number }) =>
        r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
      const covered = new Set<string>();
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        if (own.contains(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const name = `${el.tagName} ${el.id || el.getAttribute('aria-label') || (el.textContent ?? '').trim().slice(0, 40)}`;
        const seen = el.getAttribute('data-seen');
        if (
          seen !== null &&
          overlaps({ left: r.left, right: r.right, top: r.top + Number(seen), bottom: r.bottom })
        )
          covered.add(`${name}, seen before, now at ${Math.round(r.top)}`);
        const shown = el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
        if (all && shown && overlaps(r)) covered.add(`${name} at ${Math.round(r.top)}`);
      }
      return [...covered];
    },
    { selector: CONTROLS, all },
  );
}

/**
 * The toast lies wholly in the window and over nothing of a control the reader saw when it
 * came. With the page at its top, where the header hides nothing, it lies over no control in
 * the window at all.
 */
async function expectClear(page: Page, toast: Locator, atTop: boolean): Promise<void> {
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = (await toast.boundingBox())!;
      return {
        inWindow: box.y >= 0 && box.y + box.height <= viewport.height,
        covered: await coveredBy(toast, atTop),
      };
    })
    .toEqual({ inWindow: true, covered: [] });
}

describe('toasts', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const [width, height] of [
      [1280, 800],
      [390, 740],
    ] as const) {
      it(`cover none of the page's controls, the header's included, and close without moving the page (${language}, ${width} px)`, async () => {
        const { context, page } = await newPage(browser(), { width, height });
        await logIn(page, 'admin');
        const me = (await callApi(page, 'GET', 'me')).json.data as {
          uid: number;
          language: string | null;
        };
        const tr = (text: string) => (language === 'ar' ? (ar[text] ?? text) : text);
        try {
          expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language })).status).toBe(200);
          // The administrator's own account: saving its unchanged profile changes nothing.
          await page.goto(`/settings/site/users/${me.uid}`);
          await settled(page);
          await expect
            .poll(() => page.evaluate(() => document.documentElement.dir))
            .toBe(language === 'ar' ? 'rtl' : 'ltr');
          const save = page
            .getByRole('region', { name: tr('Profile'), exact: true })
            .getByRole('button', { name: tr('Save profile'), exact: true });
          const toast = page
            .getByRole('region', { name: tr('Notifications') })
            .getByRole('alert')
            .filter({ hasText: tr('Nothing has changed.') });
          // Save at the window's bottom edge, near its top, and with the page at its very top.
          for (const place of ['end', 'start', 'top'] as const) {
            // Where the page holds still (nothing above Save still loading), Save is pressed
            // where it is: the controls in view are the ones the reader saw when it came.
            await expect
              .poll(async () => {
                if (place === 'top') await page.evaluate(() => window.scrollTo(0, 0));
                else await save.evaluate((el, block) => el.scrollIntoView({ block }), place);
                const first = await save.boundingBox();
                await page.waitForTimeout(250);
                return JSON.stringify(first) === JSON.stringify(await save.boundingBox());
              })
              .toBe(true);
            expect(await markSeenControls(page)).toBeGreaterThan(0);
            await save.evaluate((el) => (el as HTMLElement).click());
            await toast.waitFor();
            await expectClear(page, toast, place === 'top');
            // Closed from the keyboard; the page takes back the toast's room without moving
            // under the reader (unless it is too near its top for the window to follow it).
            const room = (await toast.locator('xpath=..').boundingBox())!.height;
            const scrolled = await page.evaluate(() => window.scrollY);
            const saveAt = (await save.boundingBox())!.y;
            await toast.getByRole('button', { name: tr('Close') }).focus();
            // The page with its toast passes axe; the focus on the toast keeps it from leaving.
            if (place === 'end') {
              await expectNoAxeViolations(page);
              expect(await toast.isVisible()).toBe(true);
            }
            await page.keyboard.press('Escape');
            await toast.waitFor({ state: 'detached' });
            await expect
              .poll(() =>
                page.evaluate(() =>
                  document.documentElement.style.getPropertyValue('--shell-toasts-space'),
                ),
              )
              .toBe('0px');
            const moved = (await save.boundingBox())!.y - saveAt;
            expect(Math.abs(moved + Math.max(0, room - scrolled))).toBeLessThanOrEqual(1);
          }
        } finally {
          await callApi(page, 'PATCH', `users/${me.uid}`, { language: me.language ?? 'en' });
          await context.close();
        }
      });
    }
  }
});
