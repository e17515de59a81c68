import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** A demo account that reads the site in Arabic. */
const ARABIC_READER = 'layla';
const ENGLISH_ONLY_REWARD = 'Reusable water bottle';

/** Words of a text by script: Latin letters, Arabic letters (numbers and signs count as neither). */
function wordsByScript(text: string): { latin: string[]; arabic: string[] } {
  const words = text.split(/\s+/).filter(Boolean);
  return {
    latin: words.filter((w) => /\p{Script=Latin}/u.test(w) && !/\p{Script=Arabic}/u.test(w)),
    arabic: words.filter((w) => /\p{Script=Arabic}/u.test(w)),
  };
}

/**
 * The text of the regions an Arabic reader should read in Arabic: the header, the navigation,
 * the footer, the page's headings and, where the page has them, its filters; `whole` adds all of
 * the main content.
 */
async function regionsText(page: Page, whole: boolean): Promise<string> {
  return page.evaluate((all) => {
    const selectors = [
      'header',
      'nav',
      'footer',
      'main h1',
      'main h2',
      '[aria-labelledby="filters-heading"]',
      ...(all ? ['main'] : []),
    ];
    const seen = new Set<Element>();
    const parts: string[] = [];
    for (const selector of selectors)
      for (const element of document.querySelectorAll(selector)) {
        // An element inside one already read is not read twice.
        if ([...seen].some((s) => s.contains(element))) continue;
        seen.add(element);
        parts.push((element as HTMLElement).innerText);
      }
    return parts.join('\n');
  }, whole);
}

describe('texts administrators enter, in the reader’s language', () => {
  let productId: number | undefined;

  afterAll(async () => {
    if (productId === undefined) return;
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    await callApi(page, 'DELETE', `incentives/products/${productId}`);
    await context.close();
  });

  it('shows an Arabic reader the reward shop, its rewards and the footer in Arabic', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, ARABIC_READER, '/incentives');
    await settled(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('متجر المكافآت');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'دفتر أتريوم' }).count()).toBe(1);
    expect(await main.getByRole('link', { name: 'Atrium notebook' }).count()).toBe(0);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'من نحن' }).isVisible()).toBe(true);
    expect(await footer.innerText()).toContain('تساعد أكاديمية أتريوم الفرق');
    await context.close();
  });

  it('keeps Latin script under 8% of the words an Arabic reader reads', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, ARABIC_READER, '/incentives');
    const found: Record<string, { latin: string[]; share: number }> = {};
    for (const [path, whole] of [
      ['/incentives', true],
      ['/dashboard', false],
      ['/trainings', false],
    ] as const) {
      await page.goto(path);
      await settled(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'من نحن' }).waitFor();
      // Plural strings wait for their formatter, which loads on its own after the page's texts:
      // read again for a while until the page has finished translating itself.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const { latin, arabic } = wordsByScript(await regionsText(page, whole));
        found[path] = { latin, share: latin.length / Math.max(1, latin.length + arabic.length) };
        if (found[path].share <= 0.08) break;
        await page.waitForTimeout(500);
      }
    }
    for (const [path, { latin, share }] of Object.entries(found))
      expect(share, `${path}: ${latin.join(' ')}`).toBeLessThanOrEqual(0.08);
    await context.close();
  });

  it('counts an English-only reward as untranslated content in the translations admin', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    const created = await callApi(page, 'POST', 'incentives/products', {
      title: ENGLISH_ONLY_REWARD,
      description: '<p>Keeps water cold all day.</p>',
      price: 120,
      stock: null,
      per_user_limit: null,
      published: true,
      restrictions: [],
    });
    expect(created.status).toBe(200);
    productId = (created.json.data as { id: number }).id;

    await page.goto('/settings/site/languages/ar');
    const status = page.getByTestId('untranslated-content');
    await expect.poll(() => status.textContent()).toMatch(/\((\d+)\)/);
    const count = Number(/\((\d+)\)/.exec((await status.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    const list = page.getByRole('list', { name: 'Untranslated content' });
    const box = list.getByLabel(ENGLISH_ONLY_REWARD, { exact: true });
    expect(await box.getAttribute('dir')).toBe('rtl');
    await box.fill('قارورة ماء قابلة لإعادة الاستخدام');
    await page.getByRole('button', { name: 'Save content texts' }).click();
    await expect.poll(() => status.textContent()).toBe(`Untranslated content (${count - 1})`);
    await context.close();

    const reader = await newPage(browser());
    await logIn(reader.page, ARABIC_READER, `/incentives/${productId}`);
    await expect
      .poll(() => reader.page.getByRole('heading', { level: 1 }).textContent())
      .toBe('قارورة ماء قابلة لإعادة الاستخدام');
    await reader.context.close();
  });
});
