import { accessFlagNames } from '@schemas/entities/access-flags.schema';
import { expect, it } from 'vitest';
import { agent, describeEachDb, signedIn } from './helpers';

const none = Object.fromEntries(accessFlagNames.map((f) => [f, false]));

const expected: Record<string, Record<string, boolean>> = {
  visitor: { ...none, storefront_page: true, incentives_shop_enabled: true },
  learner: { ...none, storefront_page: true, incentives_shop_enabled: true, incentives_shop: true },
  trainer: {
    ...none,
    storefront_page: true,
    incentives_shop_enabled: true,
    incentives_shop: true,
    availability_feature_manage_own: true,
  },
  courseadmin: {
    ...none,
    storefront_page: true,
    incentives_shop_enabled: true,
    incentives_shop: true,
    availability_feature_manage_own: true,
    availability_feature_manage: true,
  },
  admin: Object.fromEntries(accessFlagNames.map((f) => [f, true])),
};

describeEachDb('access flags', (server) => {
  for (const [who, flags] of Object.entries(expected)) {
    it(`general settings carry the flags of ${who}`, async () => {
      const a = who === 'visitor' ? agent(server) : await signedIn(server, who);
      const res = await a.get('/api/v2/settings?type=general');
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: Record<string, unknown> }>().data;
      expect(Object.fromEntries(accessFlagNames.map((f) => [f, data[f]]))).toEqual(flags);
      expect(data).toMatchObject({ current_language: 'en', current_timezone: 'Europe/Amsterdam' });
      expect(data.date_time_formats).toMatchObject({ short: 'd/m/Y - H:i', html_date: 'Y-m-d' });
    });
  }

  it('site switches gate the shop and storefront flags even for administrators', async () => {
    const admin = await signedIn(server, 'admin');
    expect(
      (
        await admin.post('/api/v2/settings/site', {
          incentives_shop_enabled: false,
          catalog_enabled: false,
        })
      ).statusCode,
    ).toBe(200);
    const data = (await admin.get('/api/v2/settings?type=general')).json<{
      data: Record<string, boolean>;
    }>().data;
    expect(data).toMatchObject({
      incentives_shop_enabled: false,
      incentives_shop: false,
      incentives_shop_settings_available: false,
      storefront_page: false,
      incentives_settings: true,
      storefront_manage: true,
    });
    expect(
      (
        await admin.post('/api/v2/settings/site', {
          incentives_shop_enabled: true,
          catalog_enabled: true,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a learner gets 403 on administration endpoints', async () => {
    const learner = await signedIn(server, 'learner');
    expect((await learner.get('/api/v2/users')).statusCode).toBe(403);
    expect((await learner.get('/api/v2/settings/site')).statusCode).toBe(403);
    expect((await learner.post('/api/v2/settings/site', { site_name: 'X' })).statusCode).toBe(403);
    const res = await learner.post('/api/v2/settings/storefront/appearance', {
      roundness: { small: 2 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Access denied' });
  });

  it('a visitor gets 401 on signed-in endpoints', async () => {
    const visitor = agent(server);
    for (const url of [
      '/api/v2/navigation',
      '/api/v2/incentives/wallet',
      '/api/v2/users',
      '/api/v2/settings/site',
    ]) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBeTypeOf('string');
    }
  });

  it('navigation lists only what the user may reach', async () => {
    const ids = async (name: string) =>
      (await (await signedIn(server, name)).get('/api/v2/navigation'))
        .json<{ data: { id: string }[] }>()
        .data.map((i) => i.id);
    expect(await ids('learner')).toEqual([
      'dashboard',
      'trainings',
      'storefront',
      'points',
      'reward-shop',
      'leaderboard',
    ]);
    expect(await ids('trainer')).toEqual([
      'dashboard',
      'trainings',
      'storefront',
      'points',
      'reward-shop',
      'leaderboard',
      'availability',
    ]);
    expect(await ids('courseadmin')).toEqual([
      'dashboard',
      'trainings',
      'storefront',
      'points',
      'reward-shop',
      'leaderboard',
      'availability',
      'course-administration',
    ]);
    expect(await ids('admin')).toEqual([
      'dashboard',
      'trainings',
      'storefront',
      'points',
      'reward-shop',
      'leaderboard',
      'availability',
      'course-administration',
      'storefront-settings',
      'incentives-settings',
      'site-administration',
    ]);
  });

  it('the wallet shows the learner balance', async () => {
    const res = await (await signedIn(server, 'learner')).get('/api/v2/incentives/wallet');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { points: 1250, lifetime_points: 1500 } });
  });

  it('the ledger refuses to take the balance below zero', async () => {
    const { rows } = await server().db.query<{ uid: number }>(
      `SELECT uid FROM users WHERE name = 'learner'`,
    );
    await expect(
      server().app.repos.points.add(rows[0]!.uid, -5000, 'redeem'),
    ).rejects.toMatchObject({ statusCode: 409 });
    const res = await (await signedIn(server, 'learner')).get('/api/v2/incentives/wallet');
    expect(res.json().data.points).toBe(1250);
  });
});
