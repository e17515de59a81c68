import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../src/server/seed/demo-incentives';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

interface Picture {
  url: string;
  alt: string;
}
interface ShopProduct {
  id: number;
  title: string;
  image: Picture;
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
      await page.getByLabel('Image description').fill('A new picture');
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
