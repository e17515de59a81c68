import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

const NEGOTIATION = 'Negotiation Masterclass: Winning Agreements';

async function xsrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

async function myUid(page: Page): Promise<number> {
  return page.evaluate(
    async () => ((await (await fetch('/api/v2/me')).json()) as { data: { uid: number } }).data.uid,
  );
}

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('the learner side', () => {
  it('finds a training from the header search, subscribes, and sees it on the dashboard', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    await settled(page);

    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('banner').getByRole('searchbox').fill('negotiation');
    await Promise.all([page.waitForURL(/\/search\?/), page.keyboard.press('Enter')]);
    const url = new URL(page.url());
    expect(url.searchParams.get('s')).toBe('negotiation');
    expect(url.searchParams.get('search_back_url')).toBe('/dashboard');
    await settled(page);

    const results = page.getByRole('main').locator('ol > li');
    await results.first().waitFor();
    const first = results.first();
    await expect(first.getByRole('link', { name: NEGOTIATION }).count()).resolves.toBe(1);
    await expect(first.locator('mark').first().textContent()).resolves.toMatch(/negotiation/i);
    await expectNoAxeViolations(page);

    await first.getByRole('link', { name: NEGOTIATION }).click();
    await page.getByRole('heading', { level: 1, name: NEGOTIATION }).waitFor();
    await expect(page.title()).resolves.toContain(NEGOTIATION);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `You are subscribed to ${NEGOTIATION}.` })
      .waitFor();
    await page.getByRole('progressbar').first().waitFor();
    await expectNoAxeViolations(page);

    // Back to the results, then the results' back link returns to where the search started.
    await page.goBack();
    await page.getByRole('main').locator('ol > li').first().waitFor();
    await Promise.all([
      page.waitForURL('**/dashboard'),
      page.getByRole('link', { name: 'Back', exact: true }).click(),
    ]);
    await settled(page);
    const inProgress = page.getByRole('region', { name: 'Continue learning' });
    await inProgress.getByRole('link', { name: NEGOTIATION }).waitFor();
    const bar = inProgress.getByRole('progressbar', { name: `Progress of ${NEGOTIATION}` });
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('0');
    await expectNoAxeViolations(page);

    // Leave the demo as it was.
    const id = await page.evaluate(async (title) => {
      const res = await fetch(`/api/v2/search?s=${encodeURIComponent(title)}`);
      const body = (await res.json()) as { data: { training: { id: number; title: string } }[] };
      return body.data.find((r) => r.training.title === title)!.training.id;
    }, NEGOTIATION);
    const res = await page.request.delete(`/api/v2/trainings/${id}/subscription`, {
      headers: { 'X-XSRF-TOKEN': await xsrf(page) },
    });
    expect(res.status()).toBe(200);
    await context.close();
  });

  it('edits the profile: a field message for a bad value, a saved value after reload, an avatar', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner', '/user');
    await settled(page);
    await page.getByRole('link', { name: 'Edit profile' }).last().click();
    await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
    await expectNoAxeViolations(page);

    // Job title and country are set by administrators: read-only here, saying so.
    expect(await page.getByLabel('Job title').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Country').isDisabled()).toBe(true);
    expect(await page.getByText('Managed by your administrator').count()).toBe(2);

    const lastName = page.getByLabel('Last name');
    const original = await lastName.inputValue();
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Required').first().waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/edit$/);

    await page.getByLabel('First name').fill('Liam');
    await lastName.fill('Chen-Weber');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Your profile has been saved.' }).waitFor();
    await page.reload();
    await settled(page);
    await page.getByText('Chen-Weber').first().waitFor();

    // A picture: previewed before upload, then shown in the header.
    const uid = await myUid(page);
    await page.goto(`/user/${uid}/edit`);
    await settled(page);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Preview of the chosen picture' }).waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Your picture has been updated.' }).waitFor();
    await page.getByRole('banner').locator('img[src^="/files/avatars/"]').waitFor();
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your picture has been removed.' }).waitFor();

    await page.getByLabel('Last name').fill(original);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your profile has been saved.' })
      .last()
      .waitFor();
    await context.close();
  });

  it('switches to Arabic from the profile and shows the whole dashboard right to left', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    const uid = await myUid(page);
    await page.goto(`/user/${uid}/edit`);
    await settled(page);
    await page.getByLabel('Language').selectOption({ label: 'العربية' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    try {
      await page.goto('/dashboard');
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'نظرتي العامة',
      );
      const english = await page
        .getByRole('main')
        .evaluate((main) =>
          ['Continue learning', 'Recommended for you', 'My archive', 'Browse trainings'].filter(
            (s) => main.textContent?.includes(s),
          ),
        );
      expect(english).toEqual([]);
      await expectNoAxeViolations(page);
      await page.goto('/trainings');
      await settled(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
      await page.goto(
        '/search?s=%D8%A7%D9%84%D8%A8%D9%8A%D8%A7%D9%86%D8%A7%D8%AA&search_back_url=%2Fdashboard',
      );
      await settled(page);
      await page.getByRole('main').locator('ol > li').first().waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('main').locator('ol > li a[href^="/trainings/"]').first().click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expectNoAxeViolations(page);
      await page.goto(`/user/${uid}/edit`);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'تعديل الملف الشخصي' }).waitFor();
      await expectNoAxeViolations(page);
    } finally {
      const res = await page.request.patch(`/api/v2/users/${uid}`, {
        data: { language: 'en' },
        headers: { 'X-XSRF-TOKEN': await xsrf(page) },
      });
      expect(res.status()).toBe(200);
    }
    await context.close();
  });

  it('lets a visitor browse the catalogue and open a public training, with no violations', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/trainings');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Trainings' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('main').locator('a[href^="/trainings/"]').first().waitFor();
    await page.goto('/search?s=negotiation&search_back_url=%2F');
    await settled(page);
    await page.getByRole('main').getByRole('link', { name: NEGOTIATION }).first().click();
    await page.getByRole('heading', { level: 1, name: NEGOTIATION }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Log in to subscribe' }).getAttribute('href'),
    ).resolves.toMatch(/^\/user\/login\?redirectTo=%2Ftrainings%2F\d+$/);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
