import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../src/server/seed/demo-incentives';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** A demo account that reads the site in Arabic. */
const ARABIC_READER = 'layla';

interface Picture {
  url: string;
  alt: string;
}
interface ShopProduct {
  id: number;
  title: string;
  image: Picture;
}
/** One reward's texts as the content translations API gives them. */
interface ContentItem {
  fields: Record<string, string>;
  translations: Record<string, Record<string, string> | undefined>;
}

/**
 * The description an Arabic reader gets of each demo reward's picture, by reward id: its Arabic
 * text, or the default one where that is written in Arabic already.
 */
async function arabicPictureTexts(page: Page): Promise<Map<number, string>> {
  const demo = new Set(demoProducts(new Date()).map((p) => p.title));
  const products = (
    (await callApi(page, 'GET', 'incentives/products?limit=100')).json.data as ShopProduct[]
  ).filter((p) => demo.has(p.title));
  expect(products.length).toBe(demo.size);
  const texts = new Map<number, string>();
  for (const product of products) {
    const item = (
      await callApi(page, 'GET', `content-translations/incentive_product/${product.id}`)
    ).json.data as ContentItem;
    texts.set(product.id, item.translations.ar?.['image.alt'] ?? item.fields['image.alt'] ?? '');
  }
  return texts;
}

/** Whether an image element has loaded a picture (not a broken one). */
const loaded = (image: Locator) =>
  image.evaluate(async (img: HTMLImageElement) => {
    img.loading = 'eager';
    await img.decode().catch(() => undefined);
    return img.complete && img.naturalWidth > 0;
  });

describe('reward pictures', () => {
  it('gives every demo reward its own picture and the shop a banner, shown in the shop', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await logIn(page, 'learner');
    // The demo's rewards: other end-to-end tests add rewards of their own to the same site.
    const demo = new Set(demoProducts(new Date()).map((p) => p.title));
    const products = (
      (await callApi(page, 'GET', 'incentives/shop?limit=100')).json.data as ShopProduct[]
    ).filter((p) => demo.has(p.title));
    expect(products.length).toBeGreaterThan(0);
    const urls = products.map((p) => p.image.url);
    expect(urls.every(Boolean)).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    const info = (await callApi(page, 'GET', 'incentives/shop_info')).json.data as {
      banner: Picture | null;
    };
    expect(info.banner?.url).toBeTruthy();

    await page.goto('/incentives');
    await settled(page);
    const main = page.getByRole('main');
    const banner = main.locator(`img[src="${info.banner!.url}"]`);
    expect(await loaded(banner)).toBe(true);
    for (const product of products) {
      const picture = main.locator(`img[src="${product.image.url}"]`);
      expect(await picture.getAttribute('alt')).toBe(product.image.alt);
      expect(await loaded(picture), product.title).toBe(true);
    }
    await context.close();
  });

  it("describes every demo reward's picture in Arabic to an Arabic reader in the shop", async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    const arabic = await arabicPictureTexts(admin.page);
    await admin.context.close();
    for (const [id, alt] of arabic)
      expect(alt, `reward ${id}`).toMatch(/^[\p{Script=Arabic}\p{P}\p{Zs}\p{M}]+$/u);

    const { context, page } = await newPage(browser());
    await logIn(page, ARABIC_READER, '/incentives');
    await settled(page);
    const shown = (
      (await callApi(page, 'GET', 'incentives/shop?limit=100')).json.data as ShopProduct[]
    ).filter((p) => arabic.has(p.id));
    expect(shown.length).toBeGreaterThan(0);
    const main = page.getByRole('main');
    for (const product of shown) {
      const picture = main.locator(`img[src="${product.image.url}"]`);
      await expect.poll(() => picture.getAttribute('alt')).toBe(arabic.get(product.id));
    }
    await context.close();
  });

  it('lets an administrator describe a picture in Arabic in its tab, read by Arabic readers in the shop and on the reward page', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    const arabic = await arabicPictureTexts(page);
    const reader = await newPage(browser());
    await logIn(reader.page, ARABIC_READER, '/incentives');
    // A demo reward on sale to both of them.
    const shopOf = async (who: Page) =>
      (await callApi(who, 'GET', 'incentives/shop?limit=100')).json.data as ShopProduct[];
    const forAdmin = new Set((await shopOf(page)).map((p) => p.id));
    const product = (await shopOf(reader.page)).find(
      (p) => arabic.has(p.id) && forAdmin.has(p.id),
    )!;
    expect(product).toBeDefined();
    expect(product.image.alt).toBe(arabic.get(product.id));
    const before = (
      await callApi(page, 'GET', `content-translations/incentive_product/${product.id}`)
    ).json.data as ContentItem;
    const description = 'صورة جديدة لمكافأة';
    try {
      await page.goto(`/settings/incentives/products/${product.id}/edit`);
      await settled(page);
      const tabs = page.getByRole('tablist', { name: 'Languages of Image description' });
      await tabs.getByRole('tab', { name: /العربية/ }).click();
      const box = page.getByLabel('Image description (Arabic)', { exact: true });
      await expect.poll(() => box.inputValue()).toBe(before.translations.ar?.['image.alt'] ?? '');
      expect(await box.getAttribute('dir')).toBe('rtl');
      await box.fill(description);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/settings/incentives/products');

      await reader.page.goto('/incentives');
      await settled(reader.page);
      const card = reader.page.getByRole('main').locator(`img[src="${product.image.url}"]`);
      await expect.poll(() => card.getAttribute('alt')).toBe(description);
      await reader.page.goto(`/incentives/${product.id}`);
      await settled(reader.page);
      await reader.page.getByRole('main').getByRole('img', { name: description }).waitFor();

      // The default language's description stays as it was, for everyone else.
      const english = (
        (await callApi(page, 'GET', `incentives/shop/${product.id}`)).json.data as ShopProduct
      ).image.alt;
      expect(english).toBe(before.fields['image.alt']);
    } finally {
      await callApi(page, 'PUT', `content-translations/incentive_product/${product.id}`, {
        translations: { ar: { 'image.alt': before.translations.ar?.['image.alt'] ?? '' } },
      });
      await reader.context.close();
      await context.close();
    }
  });

  for (const [language, width] of [
    ['en', 1280],
    ['en', 390],
    ['ar', 1280],
    ['ar', 390],
  ] as const) {
    it(`shows the shop and a product page with their pictures axe-clean (${language}, ${width} px)`, async () => {
      const { context, page } = await newPage(browser(), { width });
      await logIn(page, 'learner');
      const me = (await callApi(page, 'GET', 'me')).json.data as {
        uid: number;
        language: string | null;
      };
      expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language })).status).toBe(200);
      try {
        const product = (
          (await callApi(page, 'GET', 'incentives/shop?limit=1')).json.data as ShopProduct[]
        )[0]!;
        await page.goto('/incentives');
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        const card = page.getByRole('main').locator(`img[src="${product.image.url}"]`).first();
        expect(await loaded(card)).toBe(true);
        await expectNoAxeViolations(page);

        await page.goto(`/incentives/${product.id}`);
        await settled(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const picture = page.getByRole('main').locator(`img[src="${product.image.url}"]`).first();
        expect(await loaded(picture)).toBe(true);
        await expectNoAxeViolations(page);
      } finally {
        await callApi(page, 'PATCH', `users/${me.uid}`, { language: me.language ?? 'en' });
        await context.close();
      }
    });
  }

  it('shows a picture an administrator gives a product in the admin list, the shop and the product page', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    const products = (await callApi(page, 'GET', 'incentives/shop?limit=100')).json
      .data as ShopProduct[];
    const product = products[0]!;
    const others = new Set(products.map((p) => p.image.url));
    // Another shipped picture than any reward has.
    const url = ['/images/trainings/cover-02.svg', '/images/trainings/cover-03.svg'].find(
      (u) => !others.has(u),
    )!;
    try {
      await page.goto(`/settings/incentives/products/${product.id}/edit`);
      await settled(page);
      await page.getByLabel('Image address').fill(url);
      await page.getByLabel('Image description', { exact: true }).fill('A new picture');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/settings/incentives/products');
      await settled(page);
      const row = page.getByRole('row').filter({ hasText: product.title });
      expect(await loaded(row.locator(`img[src="${url}"]`))).toBe(true);

      await page.goto('/incentives');
      await settled(page);
      const card = page.getByRole('main').locator(`img[src="${url}"]`);
      expect(await card.getAttribute('alt')).toBe('A new picture');
      expect(await loaded(card)).toBe(true);

      await page.goto(`/incentives/${product.id}`);
      await settled(page);
      expect(await loaded(page.getByRole('img', { name: 'A new picture' }))).toBe(true);
    } finally {
      const admin = (await callApi(page, 'GET', `incentives/products/${product.id}`)).json
        .data as Record<string, unknown>;
      const { id, sold, created, updated, ...input } = admin;
      void [id, sold, created, updated];
      await callApi(page, 'PATCH', `incentives/products/${product.id}`, {
        ...input,
        image: product.image,
      });
      await context.close();
    }
  });
});
