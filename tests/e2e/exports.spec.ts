import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

/** Clicks an export button and reads the file the browser saved: its name, headings and rows. */
async function exportFrom(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = parse(text.slice(1));
  const [headings, ...records] = rows;
  return { name: download.suggestedFilename(), headings: headings!, records };
}

/** A demo account whose points no other test moves. */
const HOLDER = 'layla';
/** More movements than a page of the list shows. */
const MOVEMENTS = 30;

describe('exports', () => {
  it('saves the transactions the page’s filters match, every page of them, as CSV', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    const users = await callApi(page, 'GET', `users?search=${HOLDER}&limit=25`);
    const uid = (users.json.data as { uid: number; name: string }[]).find(
      (u) => u.name === HOLDER,
    )!.uid;
    for (let i = 0; i < MOVEMENTS; i += 1) {
      const given = await callApi(page, 'POST', 'incentives/adjustments', {
        uid,
        points: 1,
        note: `Export check ${i}`,
      });
      expect(given.status).toBeLessThan(300);
    }
    const filters = `uid=${uid}&kind=adjust`;
    await page.goto(`/settings/incentives/transactions?${filters}`);
    await settled(page);
    await page.getByRole('table').waitFor();
    await expectNoAxeViolations(page);
    const list = await callApi(page, 'GET', `incentives/transactions?${filters}&limit=100`);
    const total = (list.json as unknown as { meta: { total: number } }).meta.total;
    expect(total).toBeGreaterThanOrEqual(MOVEMENTS);
    const first = (list.json.data as { id: number }[])[0]!;

    const file = await exportFrom(page, 'Export transactions');
    expect(file.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.headings[0]).toBe('Transaction');
    expect(file.records).toHaveLength(total);
    expect(file.records[0]![0]).toBe(String(first.id));
    expect(file.records[0]![file.headings.indexOf('Note')]).toBe(`Export check ${MOVEMENTS - 1}`);
    await page.getByText(`${file.name} is saved:`, { exact: false }).waitFor();
    await context.close();
  });

  it('heads an Arabic administrator’s file in Arabic, and the export is in the audit log', async () => {
    const { context, page } = await newPage(browser(), { width: 390 });
    await logIn(page, 'admin');
    const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
    expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'ar' })).status).toBe(200);
    try {
      await page.goto('/settings/site/audit');
      await settled(page);
      await page.getByRole('heading', { level: 1, name: 'سجل التدقيق' }).waitFor();
      await expectNoAxeViolations(page);
      const file = await exportFrom(page, 'تصدير السجل');
      expect(file.headings).toContain('الإجراء');
      const log = await callApi(page, 'GET', 'admin/audit?action=audit&limit=5');
      const entries = log.json.data as { action: string; actor: { uid: number } | null }[];
      expect(entries[0]).toMatchObject({ action: 'audit.export', actor: { uid: me.uid } });
    } finally {
      await callApi(page, 'PATCH', `users/${me.uid}`, { language: 'en' });
      await context.close();
    }
  });

  it('is refused to a learner', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'learner');
    for (const path of ['incentives/transactions/export', 'users/export', 'admin/audit/export'])
      expect((await callApi(page, 'POST', path, {})).status, path).toBe(403);
    await context.close();
  });
});
