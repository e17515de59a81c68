import type { Product, ProductInput, ShopProduct } from '@schemas/entities/incentives.schema';
import type {
  RestrictionItem,
  StorefrontLayout,
  StorefrontPatch,
} from '@schemas/entities/storefront.schema';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import {
  isAdministratorAttribute,
  userPatchSchema,
  type CurrentUser,
} from '@schemas/entities/user.schema';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn, type Agent } from './helpers';

type Data<T> = { data: T };
type List<T> = { data: T[] };

/*
 * Audience restrictions decide who may buy a reward and who is shown a storefront section. They
 * match only what a learner cannot claim for themselves: attributes an administrator manages
 * (job title, country), roles and organizations. A learner who edits their own profile to look
 * like a reward's audience gets a 400 for those fields, and is not shown, nor sold, anything more.
 */
describeEachDb('audience attributes', (server) => {
  /** What the learner tries to give themselves: another audience's job title and country. */
  const claimed = { title: 'Chief nursing officer', country: 'NL' } as const;
  const restrictionsFor = (attributes: Partial<typeof claimed>): RestrictionItem[] =>
    Object.entries(attributes).map(([type, value]) => ({ rule: 'and', type, value }));
  /** One restricted reward and section per claimed attribute, and one for all of them. */
  const audiences: Partial<typeof claimed>[] = [
    ...Object.entries(claimed).map(([key, value]) => ({ [key]: value })),
    claimed,
  ];

  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;

  async function topUp(uid: number, target: number): Promise<void> {
    const { points } = server().app.repos;
    const { points: now } = await points.wallet(uid);
    if (target > now) await points.credit({ uid, points: target - now, kind: 'adjust' });
  }

  const product = (title: string, restrictions: RestrictionItem[]): ProductInput => ({
    title,
    description: '<p>For one audience only.</p>',
    price: 10,
    stock: null,
    per_user_limit: null,
    published: true,
    restrictions,
  });

  const ordersOf = async (uid: number) =>
    (
      await server().db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM incentive_orders WHERE uid = $1',
        [uid],
      )
    ).rows[0]!.n;

  /** What the learner can buy and be shown of the restricted rewards and sections. */
  async function reach(learner: Agent, products: Product[], sectionIds: number[]) {
    const shop = (await learner.get('/api/v2/incentives/shop?search=Restricted&limit=100')).json<
      List<ShopProduct>
    >().data;
    const listed = products.filter((p) => shop.some((s) => s.id === p.id)).length;
    let bought = 0;
    for (const p of products) {
      const res = await learner.post('/api/v2/incentives/shop_checkout', { products: [p.id] });
      if (res.statusCode === 200) bought += 1;
      else expect(res.statusCode, res.body).toBe(409);
    }
    const layout = (await learner.get('/api/v2/storefront')).json<Data<StorefrontLayout>>().data;
    let shown = layout.sections.filter((s) => sectionIds.includes(s.id)).length;
    for (const id of sectionIds)
      if ((await learner.get(`/api/v2/storefront_sections/${id}`)).statusCode === 200) shown += 1;
    return { listed, bought, shown };
  }

  it('tries every restriction type that reads a field of the profile PATCH an administrator sets', () => {
    expect(Object.keys(claimed).sort()).toEqual(
      restrictionTypeDeclarations
        .filter((d) => Object.hasOwn(userPatchSchema.properties, d.reads))
        .filter((d) => isAdministratorAttribute(d.reads))
        .map((d) => d.type)
        .sort(),
    );
  });

  it('a learner who gives themselves a restricted audience’s title and country is sold and shown nothing more', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    await topUp(uid, 1000);
    const me = async () => (await learner.get(`/api/v2/users/${uid}`)).json<Data<CurrentUser>>();
    const before = (await me()).data.profile;
    expect(before?.title).not.toBe(claimed.title);
    expect(before?.country).not.toBe(claimed.country);

    const products: Product[] = [];
    for (const [i, audience] of audiences.entries()) {
      const res = await admin.post(
        '/api/v2/incentives/products',
        product(`Restricted reward ${i}`, restrictionsFor(audience)),
      );
      expect(res.statusCode, res.body).toBe(200);
      products.push(res.json<Data<Product>>().data);
    }
    const url = '/api/v2/storefront/manage?type=registered&language=en';
    const layout = (await admin.get(url)).json<Data<StorefrontLayout>>().data;
    const original: StorefrontPatch['sections'] = layout.sections.map(
      ({ id, type, weight, data }) => ({ id, type, weight, data }),
    );
    const restricted = structuredClone(original);
    audiences.forEach((audience, i) => {
      restricted[i]!.data.restrictions = restrictionsFor(audience);
    });
    expect(
      (await admin.patch(`/api/v2/storefront/manage/${layout.id}`, { sections: restricted }))
        .statusCode,
    ).toBe(200);
    const sectionIds = original.slice(0, audiences.length).map((s) => s.id!);
    const ordersBefore = await ordersOf(uid);

    try {
      // The learner edits their own profile: all at once, then one field at a time.
      for (const patch of [claimed, ...audiences.slice(0, -1)]) {
        const res = await learner.patch(`/api/v2/users/${uid}`, { first_name: 'Liam', ...patch });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ messages: unknown[] }>().messages).toEqual(
          Object.keys(patch).map((path) => ({
            path,
            text: 'Only an administrator can change this.',
          })),
        );
      }
      // Nothing of the refused edit was saved, not even the allowed field sent with it.
      expect((await me()).data.profile).toEqual(before);

      const reached = await reach(learner, products, sectionIds);
      expect(reached).toEqual({ listed: 0, bought: 0, shown: 0 });
      expect(await ordersOf(uid)).toBe(ordersBefore);

      // Sending the value they already have is no change, and saves the rest.
      const same = await learner.patch(`/api/v2/users/${uid}`, {
        title: before?.title ?? '',
        last_name: 'Chen',
      });
      expect(same.statusCode, same.body).toBe(200);

      // An administrator sets them; then the learner is the audience, and is sold and shown it.
      const set = await admin.patch(`/api/v2/users/${uid}`, claimed);
      expect(set.statusCode, set.body).toBe(200);
      expect(await reach(learner, products, sectionIds)).toEqual({
        listed: products.length,
        bought: products.length,
        shown: 2 * sectionIds.length,
      });
    } finally {
      await admin.patch(`/api/v2/users/${uid}`, {
        title: before?.title ?? '',
        country: before?.country ?? 'DE',
      });
      await admin.patch(`/api/v2/storefront/manage/${layout.id}`, { sections: original });
      for (const p of products) await admin.delete(`/api/v2/incentives/products/${p.id}`);
    }
  });

  it('an administrator edits their own job title and country', async () => {
    const admin = await signedIn(server, 'admin');
    const uid = await uidOf('admin');
    const res = await admin.patch(`/api/v2/users/${uid}`, { title: 'Head of learning' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Data<CurrentUser>>().data.profile?.title).toBe('Head of learning');
  });

  it('a reward may be restricted only by a declared restriction type', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.post(
      '/api/v2/incentives/products',
      product('Restricted by department', [{ rule: 'and', type: 'department', value: 'Sales' }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      messages: [{ path: 'restrictions[0][type]', text: 'Unknown restriction type' }],
    });
  });

  // Language is a preference: the language a person reads the portal in, which anyone may choose.
  // A language restriction offers a section or a reward to that language's readers, and a learner
  // who switches to it is one; it keeps nobody out, so switching is allowed and shows them more.
  it('a learner who switches to Arabic is offered what is for Arabic readers', async () => {
    const admin = await signedIn(server, 'admin');
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    await topUp(uid, 1000);
    const created = await admin.post(
      '/api/v2/incentives/products',
      product('Restricted for Arabic readers', [{ rule: 'and', type: 'language', value: 'ar' }]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const reward = created.json<Data<Product>>().data;
    const url = '/api/v2/storefront/manage?type=registered&language=en';
    const layout = (await admin.get(url)).json<Data<StorefrontLayout>>().data;
    const arabicOnly = layout.sections.filter((s) =>
      s.data.restrictions.some((r) => r.type === 'language' && r.value === 'ar'),
    );
    expect(arabicOnly.length).toBeGreaterThan(0);
    const ids = arabicOnly.map((s) => s.id);
    try {
      expect(await reach(learner, [reward], ids)).toEqual({ listed: 0, bought: 0, shown: 0 });
      const res = await learner.patch(`/api/v2/users/${uid}`, { language: 'ar' });
      expect(res.statusCode, res.body).toBe(200);
      const english = (await learner.get('/api/v2/storefront?language=en')).json<
        Data<StorefrontLayout>
      >().data;
      expect(english.sections.map((s) => s.id)).toEqual(expect.arrayContaining(ids));
      const shop = (await learner.get('/api/v2/incentives/shop?search=Restricted&limit=100')).json<
        List<ShopProduct>
      >().data;
      expect(shop.map((p) => p.id)).toContain(reward.id);
    } finally {
      await server().db.query('UPDATE users SET language = NULL WHERE uid = $1', [uid]);
      await admin.delete(`/api/v2/incentives/products/${reward.id}`);
    }
  });
});
