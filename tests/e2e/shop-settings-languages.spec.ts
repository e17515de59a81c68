import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();
const ar = arabic as Record<string, string>;

/** A demo account that reads the site in Arabic. */
const ARABIC_READER = 'layla';

/**
 * The interface text as the page shows it: other end-to-end tests may switch the administrator's
 * language while this one runs, so the page's own language decides.
 */
async function translator(page: Page): Promise<(text: string) => string> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  return (text) => (lang === 'ar' ? (ar[text] ?? text) : text);
}

describe('shop settings in each language', () => {
  it('an administrator writes the introduction and the banner’s description in Arabic beside the English ones, and an Arabic reader reads them', async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    // What the shop says now, in every language, put back at the end.
    const original = (await callApi(admin.page, 'GET', 'settings/incentives/shop')).json
      .data as Record<string, unknown> & {
      intro: string;
      translations?: Record<string, Record<string, string>>;
    };
    // Texts not sent stay as they are, and an empty one is removed: the Arabic introduction is
    // sent back as it was, empty when there was none.
    const restored = {
      ...original,
      translations: {
        ...original.translations,
        ar: {
          ...original.translations?.ar,
          intro: original.translations?.ar?.intro ?? '',
          'banner.alt': original.translations?.ar?.['banner.alt'] ?? '',
        },
      },
    };
    const introduction = `مرحبًا بكم في متجر المكافآت ${Date.now() % 100000}`;
    const bannerDescription = 'هدايا ملونة على رف';
    const reader = await newPage(browser());
    try {
      await admin.page.goto('/settings/incentives/shop');
      await settled(admin.page);
      const tr = await translator(admin.page);
      const tabs = admin.page.getByRole('tablist', {
        name: tr('Languages of @field').replace('@field', tr('Introduction')),
      });
      await tabs.waitFor();
      // Each language's tab is named in that language.
      const names = await tabs.getByRole('tab').allInnerTexts();
      expect(names.map((n) => n.split('\n')[0]!.trim())).toEqual(
        expect.arrayContaining(['English', 'العربية']),
      );
      await expectNoAxeViolations(admin.page);

      await tabs.getByRole('tab', { name: /العربية/ }).click();
      const field = admin.page.getByLabel(`${tr('Introduction')} (${tr('Arabic')})`);
      expect(await field.getAttribute('dir')).toBe('rtl');
      await field.fill(introduction);
      // The banner's description too has a text per language.
      const described = admin.page.getByRole('tablist', {
        name: tr('Languages of @field').replace('@field', tr('Image description')),
      });
      await described.getByRole('tab', { name: /العربية/ }).click();
      await admin.page
        .getByLabel(`${tr('Image description')} (${tr('Arabic')})`)
        .fill(bannerDescription);
      await admin.page.getByRole('button', { name: tr('Save'), exact: true }).click();
      await admin.page
        .getByRole('alert')
        .filter({ hasText: tr('The shop settings have been saved.') })
        .waitFor();
      // The default language's introduction is untouched.
      await tabs.getByRole('tab', { name: 'English' }).click();
      expect(await admin.page.getByLabel(tr('Introduction'), { exact: true }).inputValue()).toBe(
        original.intro,
      );

      await logIn(reader.page, ARABIC_READER, '/incentives');
      await settled(reader.page);
      await expect.poll(() => reader.page.getByRole('main').innerText()).toContain(introduction);
      await reader.page.getByRole('img', { name: bannerDescription }).waitFor();
    } finally {
      await reader.context.close();
      expect((await callApi(admin.page, 'POST', 'settings/incentives/shop', restored)).status).toBe(
        200,
      );
      await admin.context.close();
    }
  });
});
