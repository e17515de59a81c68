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
});
