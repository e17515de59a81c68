import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectNoAxeViolations, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

const banner = (page: Page) => page.getByRole('banner');
const leaderboardIcon = (page: Page) => banner(page).getByRole('link', { name: 'Leaderboard' });
/** The header points badge, link or plain text ("1,250 points"). */
const badgeLabel = (page: Page) => banner(page).getByText(/^[\d,.\s]+ points?$/);

async function uidOf(page: Page, name: string): Promise<number> {
  const res = await callApi(page, 'GET', `users?search=${encodeURIComponent(name)}&limit=25`);
  const rows = res.json.data as { uid: number; name: string }[];
  return rows.find((r) => r.name === name)!.uid;
}

/** What this spec changes, read before it starts, put back after each test and at the end. */
let stored: {
  leaderboard: boolean;
  learnerFlags: string[];
  arabic: Map<string, string>;
};

async function restore(page: Page) {
  expect(
    (await callApi(page, 'POST', 'settings/site', { incentives_leaderboard: stored.leaderboard }))
      .status,
  ).toBe(200);
  expect(
    (await callApi(page, 'PUT', 'admin/access/learner', { flags: stored.learnerFlags })).status,
  ).toBe(200);
  const translations = [...stored.arabic].map(([source, translation]) => ({
    source,
    translation,
  }));
  expect((await callApi(page, 'PUT', 'translations/ar', { translations })).status).toBe(200);
  const active = await callApi(page, 'GET', 'me');
  if ((active.json.data as { real_user?: unknown }).real_user)
    await callApi(page, 'POST', 'admin/masquerade/stop');
}

/** The Arabic interface strings this spec edits. */
const EDITED = ['My overview'];

beforeAll(async () => {
  const { context, page } = await newPage(browser());
  await logIn(page, 'admin');
  const site = (await callApi(page, 'GET', 'settings/site')).json.data as Record<string, boolean>;
  const access = (await callApi(page, 'GET', 'admin/access')).json.data as {
    roles: { name: string; flags: string[] }[];
  };
  const arabic = (await callApi(page, 'GET', 'translations?context=interface&language=ar')).json
    .data as { source: string; translation: string }[];
  stored = {
    leaderboard: site.incentives_leaderboard!,
    learnerFlags: access.roles.find((r) => r.name === 'learner')!.flags,
    arabic: new Map(
      arabic.filter((t) => EDITED.includes(t.source)).map((t) => [t.source, t.translation]),
    ),
  };
  await context.close();
});

afterAll(async () => {
  const { context, page } = await newPage(browser());
  await logIn(page, 'admin');
  await restore(page);
  await context.close();
});

describe('site administration', () => {
  it('an admin switches the leaderboard off and the learner’s header loses its icon', async () => {
    const admin = await newPage(browser());
    const learner = await newPage(browser());
    try {
      await logIn(learner.page, 'learner');
      await settled(learner.page);
      await logIn(admin.page, 'admin', '/settings/site/settings');
      await settled(admin.page);
      await admin.page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
      const leaderboard = admin.page.getByRole('checkbox', { name: 'Leaderboard' });
      if (!(await leaderboard.isChecked())) {
        await leaderboard.check();
        await admin.page.getByRole('button', { name: 'Save settings' }).click();
        await admin.page.getByText('The site settings have been saved.').waitFor();
      }
      await learner.page.reload();
      await settled(learner.page);
      await leaderboardIcon(learner.page).waitFor();

      await leaderboard.uncheck();
      await admin.page.getByRole('button', { name: 'Save settings' }).click();
      await admin.page.getByText('The site settings have been saved.').last().waitFor();

      await learner.page.reload();
      await settled(learner.page);
      await badgeLabel(learner.page).waitFor();
      expect(await leaderboardIcon(learner.page).count()).toBe(0);
    } finally {
      await restore(admin.page);
      await admin.context.close();
      await learner.context.close();
    }
  });

  it('an admin takes the reward shop from learners and the learner is sent to /denied', async () => {
    const admin = await newPage(browser());
    const learner = await newPage(browser());
    try {
      await logIn(learner.page, 'learner', '/incentives');
      await settled(learner.page);
      await learner.page.getByRole('heading', { level: 1, name: 'Reward shop' }).waitFor();

      await logIn(admin.page, 'admin', '/settings/site/access');
      await settled(admin.page);
      await admin.page.getByRole('heading', { level: 1, name: 'Roles and access' }).waitFor();
      await expectNoAxeViolations(admin.page);
      const cell = admin.page.getByRole('checkbox', { name: 'Reward shop for Learner' });
      expect(await cell.isChecked()).toBe(true);
      await cell.uncheck();
      await admin.page.getByRole('button', { name: 'Save changes' }).click();
      await admin.page.getByText('Access saved for Learner.').waitFor();

      // routes.config.json: /incentives needs incentives_shop, without notFound → /denied.
      await learner.page.goto('/incentives');
      await learner.page.waitForURL('**/denied');
      await settled(learner.page);
      await learner.page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    } finally {
      await restore(admin.page);
      await admin.context.close();
      await learner.context.close();
    }
  });

  it('an admin edits an Arabic translation and sees it on the next page', async () => {
    const { context, page } = await newPage(browser());
    const uid = { value: 0 };
    try {
      await logIn(page, 'admin', '/settings/site/languages/ar');
      await settled(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('searchbox').fill('My overview');
      const field = page.getByRole('textbox', { name: 'My overview', exact: true });
      await field.fill('لوحتي الجديدة');
      await page.getByRole('button', { name: 'Save translations' }).click();
      await page.getByText(/saved/i).first().waitFor();

      uid.value = await uidOf(page, 'admin');
      expect((await callApi(page, 'PATCH', `users/${uid.value}`, { language: 'ar' })).status).toBe(
        200,
      );
      await page.goto('/dashboard');
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'لوحتي الجديدة',
      );
    } finally {
      if (uid.value) await callApi(page, 'PATCH', `users/${uid.value}`, { language: 'en' });
      await restore(page);
      await context.close();
    }
  });

  it('an admin acts as the learner, sees the learner’s wallet, and switches back', async () => {
    const learner = await newPage(browser());
    await logIn(learner.page, 'learner');
    const learnerPoints = (
      (await callApi(learner.page, 'GET', 'incentives/wallet')).json.data as { points: number }
    ).points;
    await learner.context.close();

    const { context, page } = await newPage(browser());
    try {
      await logIn(page, 'admin');
      const learnerUid = await uidOf(page, 'learner');
      await page.goto(`/settings/site/users/${learnerUid}`);
      await settled(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
      const learnerName = (
        (await callApi(page, 'GET', `users/${learnerUid}`)).json.data as {
          name: string;
          full_name?: string;
        }
      ).full_name?.trim();
      const actAs = page.getByRole('button', { name: 'Act as this user' });
      await actAs.click();
      // It asks first, naming the person; cancelling keeps the administrator themselves.
      const question = page.getByRole('dialog', { name: `Act as ${learnerName}?` });
      await question.waitFor();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(((await callApi(page, 'GET', 'me')).json.data as { name: string }).name).toBe('admin');
      await actAs.click();
      await question.getByRole('button', { name: `Act as ${learnerName}`, exact: true }).click();

      await page.waitForURL('**/dashboard');
      await settled(page);
      const notice = page.getByRole('region', { name: 'Acting as another user' });
      await notice.waitFor();
      await badgeLabel(page).waitFor();
      const shown = Number(((await badgeLabel(page).textContent()) ?? '').replace(/\D/g, ''));
      expect(shown).toBe(learnerPoints);
      await expectNoAxeViolations(page);

      await notice.getByRole('button', { name: 'Switch back' }).click();
      await page.waitForURL(`**/settings/site/users/${learnerUid}`);
      await settled(page);
      await notice.waitFor({ state: 'detached' });
      const me = (await callApi(page, 'GET', 'me')).json.data as { name: string };
      expect(me.name).toBe('admin');
    } finally {
      await context.close();
    }
  });

  it('has no accessibility violations right to left, in Arabic, and nothing overflows', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    const uid = await uidOf(page, 'admin');
    const trainer = await uidOf(page, 'trainer');
    expect((await callApi(page, 'PATCH', `users/${uid}`, { language: 'ar' })).status).toBe(200);
    try {
      for (const path of [
        '/settings/site',
        '/settings/site/users',
        `/settings/site/users/${trainer}`,
        '/settings/site/access',
        '/settings/site/languages/ar',
        '/settings/site/audit',
        '/settings/site/cookies',
      ]) {
        await page.goto(path);
        await settled(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await callApi(page, 'PATCH', `users/${uid}`, { language: 'en' });
      await context.close();
    }
  });
});
