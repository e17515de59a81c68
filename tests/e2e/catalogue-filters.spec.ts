import type { Page } from 'playwright-core';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();
const ar = arabic as Record<string, string>;

/** The top of the first training card of the results, in px from the page's top. */
const firstResultTop = (page: Page) =>
  page
    .getByRole('main')
    .locator('a[href^="/trainings/"]')
    .first()
    .evaluate((a) => a.getBoundingClientRect().top + window.scrollY);

describe('the catalogue’s filters', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`stand beside the results on a wide screen, with no Filters button (${language})`, async () => {
      const { context, page } = await newPage(browser(), { width: 1280, locale: language });
      const tr = (text: string) => (language === 'ar' ? (ar[text] ?? text) : text);
      try {
        await page.goto('/trainings');
        await settled(page);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        await page.getByRole('heading', { level: 2, name: tr('Filters') }).waitFor();
        expect(
          await page.getByRole('button', { name: new RegExp(`^${tr('Filters')}`) }).isVisible(),
        ).toBe(false);
        expect(await page.getByRole('main').getByLabel(tr('Language')).isVisible()).toBe(true);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  }

  for (const language of ['en', 'ar'] as const) {
    it(`wait in a dialog on a 390 px phone, its button counting the active ones (${language})`, async () => {
      const { context, page } = await newPage(browser(), { width: 390, height: 740 });
      await logIn(page, 'trainer');
      const me = (await callApi(page, 'GET', 'me')).json.data as {
        uid: number;
        language: string | null;
      };
      const tr = (text: string) => (language === 'ar' ? (ar[text] ?? text) : text);
      expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language })).status).toBe(200);
      try {
        await page.goto('/trainings');
        await settled(page);
        // The first result shows in the first screen, the filters are not in the way.
        expect(await firstResultTop(page)).toBeLessThan(740);
        expect(await page.getByRole('main').getByLabel(tr('Language')).isVisible()).toBe(false);

        const button = page.getByRole('button', { name: new RegExp(`^${tr('Filters')}`) });
        expect(await button.textContent()).toBe(tr('Filters'));
        await button.click();
        const dialog = page.getByRole('dialog', { name: tr('Filters') });
        await dialog.waitFor();
        await expectNoAxeViolations(page);
        // The first topic of the first vocabulary, and a price.
        const topic = dialog.getByRole('checkbox').first();
        // The address holds the filters: the box shows checked once the address has it.
        await topic.click();
        await page.waitForURL((url) => url.searchParams.has('tags'));
        await expect.poll(() => topic.isChecked()).toBe(true);
        await dialog.getByLabel(tr('Price')).selectOption('true');
        await page.waitForURL(
          (url) => url.searchParams.has('tags') && url.searchParams.has('free'),
        );
        const url = new URL(page.url());
        const api = await callApi(
          page,
          'GET',
          `trainings?free=true&tags[]=${url.searchParams.get('tags')}&limit=1`,
        );
        const total = (api.json as unknown as { meta: { total: number } }).meta.total;
        const key = 'Show @count training\u0003Show @count trainings';
        const label =
          language === 'ar'
            ? String(new IntlMessageFormat(ar[key]!, 'ar').format({ count: total }))
            : `Show ${total} training${total === 1 ? '' : 's'}`;
        const show = dialog.getByRole('button', { name: label, exact: true });
        await show.waitFor();
        // With filters chosen: the dialog's checked boxes, its count and its Show button.
        await expectNoAxeViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
        await show.click();
        await dialog.waitFor({ state: 'hidden' });

        const active = 2;
        expect(await button.textContent()).toContain(String(active));
        await expect(button.getAttribute('aria-haspopup')).resolves.toBe('dialog');
        // Escape closes the dialog too, and the filters stay as chosen.
        await button.click();
        await dialog.waitFor();
        expect(await dialog.getByRole('checkbox').first().isChecked()).toBe(true);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      } finally {
        await callApi(page, 'PATCH', `users/${me.uid}`, { language: me.language ?? 'en' });
        await context.close();
      }
    });
  }
});
