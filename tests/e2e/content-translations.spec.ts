import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import arabic from '../../translations/interface-ar.json';
import { callApi, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** A demo account that reads the site in Arabic. */
const ARABIC_READER = 'layla';
const ENGLISH_ONLY_REWARD = 'Reusable water bottle';
/** A reward that is never given an Arabic title. */
const UNTRANSLATED_REWARD = 'Desk plant';
const ar = arabic as Record<string, string>;

/** One entity's texts as the content translations API gives them. */
interface ContentItem {
  fields: Record<string, string>;
  translations: Record<string, Record<string, string> | undefined>;
}

/** The Arabic text of `field` of one entity, as administrators entered it. */
async function arabicOf(page: Page, source: string, id: string | number, field: string) {
  const res = await callApi(page, 'GET', `content-translations/${source}/${id}`);
  expect(res.status).toBe(200);
  const text = (res.json.data as ContentItem).translations.ar?.[field];
  expect(text, `${source}/${id} ${field}`).toBeTruthy();
  return text!;
}

/** What a reader reads of an HTML text: its words, with tags and spacing gone. */
const readable = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const squashed = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The element a text renders in, and whether the text is isolated from the page's direction
 * there: that element, or the nearest one around it giving a direction, is a <bdi> or has
 * dir="auto". Also the direction the text is laid out in.
 */
async function isolation(page: Page, container: string, text: string) {
  return page.evaluate(
    ({ container, text }) => {
      const scope = document.querySelector(container);
      const walker = document.createTreeWalker(scope ?? document.body, NodeFilter.SHOW_ELEMENT);
      let found: Element | null = null;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const element = n as Element;
        // The innermost element holding exactly the text.
        if (element.textContent?.trim() === text) found = element;
      }
      if (!found) return null;
      const around = found.closest('[dir], bdi');
      return {
        tag: found.tagName.toLowerCase(),
        isolatedBy: around
          ? around.tagName === 'BDI'
            ? 'bdi'
            : `${around.tagName.toLowerCase()}[dir=${around.getAttribute('dir')}]`
          : null,
        direction: found.matches(':dir(rtl)') ? 'rtl' : 'ltr',
      };
    },
    { container, text },
  );
}

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
  let untranslatedId: number | undefined;

  afterAll(async () => {
    const ids = [productId, untranslatedId].filter((id) => id !== undefined);
    if (!ids.length) return;
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    for (const id of ids)
      expect((await callApi(page, 'DELETE', `incentives/products/${id}`)).status).toBe(200);
    await context.close();
  });

  it('shows an Arabic reader the site name, shop, a reward, catalogue terms and navigation as entered in Arabic', async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    const siteName = await arabicOf(admin.page, 'site', 'site', 'site_name');
    const logoAlt = await arabicOf(admin.page, 'site', 'site', 'logo_alt');
    const shopTitle = await arabicOf(admin.page, 'incentive_shop', 'incentive_shop', 'title');
    const shopIntro = await arabicOf(admin.page, 'incentive_shop', 'incentive_shop', 'intro');
    // A reward on sale now, and its Arabic texts.
    const products = (await callApi(admin.page, 'GET', 'incentives/products?limit=100')).json
      .data as { id: number; published: boolean; available_from: string | null }[];
    const onSale = products.filter(
      (p) => p.published && (!p.available_from || Date.parse(p.available_from) <= Date.now()),
    );
    let reward: { id: number; title: string; description: string } | undefined;
    for (const p of onSale) {
      const item = (
        await callApi(admin.page, 'GET', `content-translations/incentive_product/${p.id}`)
      ).json.data as ContentItem;
      const texts = item.translations.ar;
      if (texts?.title && texts.description)
        reward = { id: p.id, title: texts.title, description: texts.description };
      if (reward) break;
    }
    expect(reward, 'a reward on sale with Arabic texts').toBeDefined();
    // A topic with its trainings, and the Arabic names of the topic and of its filter group.
    const topics = (await callApi(admin.page, 'GET', 'taxonomy_terms?machine_name=topics')).json
      .data as { tid: number; name: string; parent: number | null }[];
    const topic = topics.find((t) => t.parent === null)!;
    const topicName = await arabicOf(admin.page, 'taxonomy_term', topic.tid, 'name');
    const groupName = await arabicOf(admin.page, 'vocabulary', 'topics', 'name');
    const tagged = (await callApi(admin.page, 'GET', `trainings?tags=${topic.tid}&limit=1`)).json
      .data as { id: number }[];
    expect(tagged.length).toBe(1);

    const { context, page } = await newPage(browser());
    await logIn(page, ARABIC_READER, '/incentives');
    await settled(page);
    // The site's logo in the header, described in Arabic, and its name in the window's title.
    const home = page.getByRole('banner').getByRole('link', { name: logoAlt, exact: true });
    await home.getByRole('img', { name: logoAlt }).waitFor();
    await expect.poll(() => page.title()).toMatch(new RegExp(` \\| ${siteName}$`));
    // The shop's title and introduction.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(shopTitle);
    expect(squashed(await page.getByRole('main').innerText())).toContain(squashed(shopIntro));
    // Every item of the sidebar by its Arabic name.
    const items = (await callApi(page, 'GET', 'navigation')).json.data as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
    const sidebar = page.getByRole('navigation', { name: ar['Main navigation'] });
    for (const item of items) {
      const name = await arabicOf(admin.page, 'navigation_item', item.id, 'title');
      expect(await sidebar.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }

    // The reward's title and description on its page.
    await page.goto(`/incentives/${reward!.id}`);
    await settled(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(reward!.title);
    const about = page.getByRole('region', { name: ar['About this reward'] });
    expect(squashed(await about.innerText())).toContain(readable(reward!.description));

    // The topic and its group in the catalogue's filters, and among a training's tags.
    await page.goto('/trainings');
    await settled(page);
    const filters = page.locator('[aria-labelledby="filters-heading"]');
    await expect.poll(() => filters.innerText()).toContain(topicName);
    expect(await filters.innerText()).toContain(groupName);
    await page.goto(`/trainings/${tagged[0]!.id}`);
    await settled(page);
    const tags = page.getByRole('list', { name: ar.Topics });
    await tags.getByRole('link', { name: topicName, exact: true }).waitFor();
    await context.close();
    await admin.context.close();
  });

  it('shows a visitor reading Arabic the cookie banner in Arabic', async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    const banner = readable(
      await arabicOf(admin.page, 'cookie_disclaimer', 'cookie_disclaimer', 'disclaimer_text'),
    );
    await admin.context.close();
    const { context, page } = await newPage(browser(), { locale: 'ar' });
    await page.goto('/about');
    await settled(page);
    const region = page.getByRole('region', { name: ar['Cookie consent'] });
    await expect.poll(async () => squashed(await region.innerText())).toContain(banner);
    await context.close();
  });

  it('shows an Arabic reader a reward with no Arabic title by its English one, set apart left to right', async () => {
    const admin = await newPage(browser());
    await logIn(admin.page, 'admin');
    const created = await callApi(admin.page, 'POST', 'incentives/products', {
      title: UNTRANSLATED_REWARD,
      description: '<p>A small plant for your desk.</p>',
      price: 30,
      stock: null,
      per_user_limit: null,
      published: true,
      restrictions: [],
    });
    expect(created.status).toBe(200);
    untranslatedId = (created.json.data as { id: number }).id;
    await admin.context.close();

    const { context, page } = await newPage(browser());
    await logIn(page, ARABIC_READER, '/incentives');
    await settled(page);
    const card = page.getByRole('main').getByRole('link', { name: UNTRANSLATED_REWARD });
    await card.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await isolation(page, 'main', UNTRANSLATED_REWARD)).toEqual({
      tag: 'a',
      isolatedBy: 'h3[dir=auto]',
      direction: 'ltr',
    });

    await Promise.all([page.waitForURL(`**/incentives/${untranslatedId}`), card.click()]);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(UNTRANSLATED_REWARD);
    expect(await isolation(page, 'main', UNTRANSLATED_REWARD)).toEqual({
      tag: 'h1',
      isolatedBy: 'h1[dir=auto]',
      direction: 'ltr',
    });
    await context.close();

    // Gone again, so the shop reads as the demo's for the tests after this one.
    const cleanup = await newPage(browser());
    await logIn(cleanup.page, 'admin');
    const removed = await callApi(cleanup.page, 'DELETE', `incentives/products/${untranslatedId}`);
    expect(removed.status).toBe(200);
    untranslatedId = undefined;
    await cleanup.context.close();
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
