import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** Opens the search for `words`, coming back to `back`, and waits for its results. */
async function searchFor(page: Page, words: string, back: string) {
  await page.goto(
    `/search?s=${encodeURIComponent(words)}&search_back_url=${encodeURIComponent(back)}`,
  );
  await settled(page);
  const results = page.getByRole('main').locator('ol > li');
  await results.first().waitFor();
  return results;
}

/** The result whose title is `title`. */
const resultTitled = (page: Page, title: string) =>
  page
    .getByRole('main')
    .locator('ol > li')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** The words marked in a result's snippet (the text under its title), and in its title. */
async function marksOf(page: Page, title: string) {
  const result = resultTitled(page, title);
  await result.waitFor();
  return {
    title: await result.locator('h3 mark').allTextContents(),
    snippet: await result.locator('h3 + p mark').allTextContents(),
  };
}

/** The words marked in the results' titles. */
const titleMarks = (page: Page) =>
  page.getByRole('main').locator('ol > li h3 a mark').allTextContents();

describe('the search page', () => {
  it('finds words as they are being typed, marks them in titles, and goes back to a full address on this site', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await settled(page);
    const back = `${baseURL()}/trainings?free=true`;
    await searchFor(page, 'leader', back);

    // "leader" finds the Leadership trainings, the matched words marked in their titles.
    const inclusive = page.getByRole('main').getByRole('link', { name: 'Inclusive Leadership' });
    expect(await inclusive.locator('mark').allTextContents()).toEqual(['Leadership']);
    const marks = await titleMarks(page);
    expect(marks.length).toBeGreaterThan(1);
    expect(marks.filter((m) => !/^leader/i.test(m))).toEqual([]);
    await expectNoAxeViolations(page);

    const backLink = page.getByRole('link', { name: 'Back', exact: true });
    expect(await backLink.getAttribute('href')).toBe('/trainings?free=true');
    await Promise.all([page.waitForURL((url) => url.pathname === '/trainings'), backLink.click()]);
    expect(new URL(page.url()).search).toBe('?free=true');
    await page.getByRole('heading', { level: 1, name: 'Trainings' }).waitFor();

    // Another site's address is not followed.
    await searchFor(page, 'leader', 'https://evil.example.org/trainings');
    expect(await backLink.getAttribute('href')).toBe('/dashboard');
    await context.close();
  });

  it('does the same in Arabic, right to left', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'layla');
    await settled(page);
    await searchFor(page, 'القيا', `${baseURL()}/dashboard?tab=1`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: 'نتائج البحث' }).waitFor();

    const basics = page.getByRole('main').getByRole('link', { name: 'أساسيات القيادة الفعالة' });
    expect(await basics.locator('mark').allTextContents()).toEqual(['القيادة']);
    const marks = await titleMarks(page);
    expect(marks.filter((m) => !m.includes('قيا'))).toEqual([]);
    await expectNoAxeViolations(page);

    const backLink = page.getByRole('link', { name: 'رجوع', exact: true });
    expect(await backLink.getAttribute('href')).toBe('/dashboard?tab=1');
    await Promise.all([page.waitForURL((url) => url.pathname === '/dashboard'), backLink.click()]);
    expect(new URL(page.url()).search).toBe('?tab=1');
    await context.close();
  });

  it('finds a word by another form of it, and marks the words it matched in the snippet', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await settled(page);
    // "leaders" is stemmed to "leader", whose words include "Leadership": not a prefix of
    // "leaders" itself.
    await searchFor(page, 'leaders', `${baseURL()}/dashboard`);
    expect((await marksOf(page, 'Inclusive Leadership')).title).toEqual(['Leadership']);
    // "leading" is stemmed to "lead": a training whose summary says "Lead" is found, and the
    // word is marked in the snippet itself.
    await searchFor(page, 'leading', `${baseURL()}/dashboard`);
    const change = await marksOf(page, 'Managing Change in Organisations');
    expect(change.title).toEqual([]);
    expect(change.snippet.length).toBeGreaterThan(0);
    expect(change.snippet.filter((m) => !/^lead/i.test(m))).toEqual([]);
    await context.close();
  });

  it('stems Arabic too: a word without its article finds it with one, marked in title and snippet', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'layla');
    await settled(page);
    // "قيادة" (leadership) is not the start of "القيادة" (the leadership): only the Arabic
    // stemmer, which takes the article away, finds one from the other.
    await searchFor(page, 'قيادة', `${baseURL()}/dashboard`);
    const basics = await marksOf(page, 'أساسيات القيادة الفعالة');
    expect(basics.title).toEqual(['القيادة']);
    expect(basics.snippet.length).toBeGreaterThan(0);
    expect(basics.snippet.filter((m) => !m.includes('قيادة'))).toEqual([]);
    await context.close();
  });

  for (const [user, words] of [
    ['learner', 'leading'],
    ['layla', 'قيادة'],
  ] as const)
    it(`has no accessibility violations at 390 px for ${user}`, async () => {
      const { context, page } = await newPage(browser(), { width: 390 });
      await logIn(page, user);
      await settled(page);
      await searchFor(page, words, `${baseURL()}/dashboard`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(
        user === 'layla' ? 'ar' : 'en',
      );
      await expectNoAxeViolations(page);
      await context.close();
    });
});
