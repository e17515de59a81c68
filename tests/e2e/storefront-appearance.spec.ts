import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

async function xsrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

async function savedAppearance(page: Page): Promise<Record<string, unknown>> {
  const res = await page.request.get('/api/v2/appearance');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

const rootVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('the storefront appearance editor', () => {
  it('warns about unreadable colours, saves a new primary colour and applies it at once', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin', '/settings/storefront/appearance');
    await settled(page);
    // Other end-to-end tests share this server: the theme is put back whatever happens.
    const original = await savedAppearance(page);
    try {
      await page.getByRole('heading', { level: 1, name: 'Appearance' }).waitFor();
      const primary = page.getByRole('textbox', { name: 'Primary', exact: true });
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await expect(primary.inputValue()).resolves.toBe(
        (original.colors as Record<string, string>).primary,
      );
      await expect(save.isDisabled()).resolves.toBe(true);
      await expectNoAxeViolations(page);

      // Orange gets white text (luminance under 0.43) at 2.39:1.
      await primary.fill('#ff8800');
      const warning = page.getByText(
        'Text on this colour is hard to read (contrast 2.3:1). Choose a darker or lighter colour.',
      );
      await warning.waitFor();
      await expect(primary.getAttribute('aria-describedby')).resolves.toContain(
        'appearance-colors-primary-contrast',
      );

      await primary.fill('#1d4ed8');
      await warning.waitFor({ state: 'detached' });
      await expect(save.isEnabled()).resolves.toBe(true);
      await save.click();
      await page.getByText('Appearance settings have been saved.').waitFor();
      // The saved theme applies without a reload.
      await expect(rootVar(page, '--color-primary')).resolves.toBe('#1d4ed8');
      await expect(save.isDisabled()).resolves.toBe(true);

      await page.reload();
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'Appearance' }).waitFor();
      await expect(primary.inputValue()).resolves.toBe('#1d4ed8');
      await expect(rootVar(page, '--color-primary')).resolves.toBe('#1d4ed8');
      await expectNoAxeViolations(page);
    } finally {
      const res = await page.request.post('/api/v2/settings/storefront/appearance', {
        data: original,
        headers: { 'X-XSRF-TOKEN': await xsrf(page) },
      });
      expect(res.status()).toBe(200);
      await context.close();
    }
  });
});
