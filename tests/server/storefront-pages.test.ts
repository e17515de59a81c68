import type {
  StorefrontLayout,
  StorefrontPatch,
  StorefrontSection,
} from '@schemas/entities/storefront.schema';
import { expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/lib/password';
import { agent, describeEachDb, PASSWORD, signedIn, type Agent } from './helpers';

type Layout = { data: StorefrontLayout };
type Patch = StorefrontPatch['sections'];

const toPatch = (sections: StorefrontSection[]): Patch =>
  structuredClone(sections).map(({ id, type, weight, data }) => ({ id, type, weight, data }));

const section = (
  type: string,
  content: Record<string, unknown>,
  restrictions: Patch[number]['data']['restrictions'] = [],
): Patch[number] => ({
  id: null,
  type,
  weight: 0,
  data: { content, settings: {}, appearance: {}, restrictions },
});

/** The trainings sections of a big layout: every source, in turn. */
const trainingsSection = (i: number) =>
  section('trainings', {
    source: (['all', 'free', 'vocabulary', 'custom'] as const)[i % 4],
    vocabulary: 'topics',
    training_ids: [1, 2, 3],
    size: 1 + (i % 8),
    sorting: (['newest', 'title', 'personalized'] as const)[i % 3],
    display: 'grid',
  });

/**
 * A storefront of hundreds of sections is sent a page at a time, and its trainings are read in
 * the same few statements whatever their number; the part every reader of an audience shares is
 * kept for them, their own subscriptions are not.
 */
describeEachDb('storefront pages', (server) => {
  /** Replaces the registered English layout's sections for the test, then puts them back. */
  async function withRegisteredLayout(sections: Patch, test: () => Promise<void>) {
    const admin = await signedIn(server, 'admin');
    const managed = (
      await admin.get('/api/v2/storefront/manage?type=registered&language=en')
    ).json<Layout>().data;
    const url = `/api/v2/storefront/manage/${managed.id}`;
    const saved = await admin.patch(url, { sections });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await test();
    } finally {
      // The saved sections replaced the layout's: it gets them back as new ones.
      const again = toPatch(managed.sections).map((s) => ({ ...s, id: null }));
      const restored = await admin.patch(url, { sections: again });
      expect(restored.statusCode).toBe(200);
    }
  }

  /** How many statements `fn` sends to the database. */
  async function statementsOf(fn: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(server().db, 'query');
    try {
      await fn();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('sends the sections a reader may see 12 a page, and refuses a page past the end', async () => {
    // 30 sections, every third for Arabic readers only: the English learner may see 20.
    const sections = Array.from({ length: 30 }, (_, i) =>
      section(
        'rich_text',
        { html: `<p>Part ${i}</p>` },
        i % 3 === 2 ? [{ rule: 'and', type: 'language', value: 'ar' }] : [],
      ),
    );
    await withRegisteredLayout(sections, async () => {
      const learner = await signedIn(server, 'learner');
      const parts = async (page: number) => {
        const res = await learner.get(`/api/v2/storefront?page=${page}`);
        expect(res.statusCode, res.body).toBe(200);
        const layout = res.json<Layout>().data;
        return {
          texts: layout.sections.map((s) => (s.data.content as { html: string }).html),
          meta: layout.sections_meta,
        };
      };
      const first = await parts(0);
      const visible = sections
        .filter((s) => s.data.restrictions.length === 0)
        .map((s) => (s.data.content as { html: string }).html);
      expect(first.texts).toEqual(visible.slice(0, 12));
      expect(first.meta).toEqual({ page: 0, limit: 12, total: visible.length, totalPages: 2 });
      expect((await parts(1)).texts).toEqual(visible.slice(12));
      const past = await learner.get('/api/v2/storefront?page=2');
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({
        messages: [{ path: 'page', text: 'There is no page 3: the storefront has 2.' }],
      });
    });
  });

  it('reads the trainings of all sections of a page in as many statements for 4 as for 12', async () => {
    const learner = await signedIn(server, 'learner');
    // The learner's own details are read once and kept: not part of what is counted.
    expect((await learner.get('/api/v2/storefront')).statusCode).toBe(200);
    const read = async (count: number) => {
      let statements = 0;
      await withRegisteredLayout(
        Array.from({ length: count }, (_, i) => trainingsSection(i)),
        async () => {
          statements = await statementsOf(async () => {
            const res = await learner.get('/api/v2/storefront');
            expect(res.statusCode, res.body).toBe(200);
            const layout = res.json<Layout>().data;
            expect(layout.sections).toHaveLength(count);
            expect(layout.sections.every((s) => s.trainings_meta !== undefined)).toBe(true);
          });
        },
      );
      return statements;
    };
    // Four sections already ask for every source; twelve ask for them three times over.
    expect(await read(12)).toBe(await read(4));
  });

  it('shares a page among readers of the same audience, each with their own subscriptions', async () => {
    const { db, app } = server();
    const learnerUid = (
      await db.query<{ uid: number }>(`SELECT uid FROM users WHERE name = 'learner'`)
    ).rows[0]!.uid;
    // A second learner with everything restrictions read the same as the learner's: roles,
    // organizations, language and profile.
    const name = `twin-${Math.random().toString(36).slice(2, 8)}`;
    const twinUid = await app.repos.users.create({
      name,
      pass: await hashPassword(PASSWORD),
      first_name: 'Twin',
      last_name: 'Learner',
      roles: [],
    });
    await db.query(
      `UPDATE users t SET profile = l.profile, language = l.language FROM users l
        WHERE t.uid = $1 AND l.uid = $2`,
      [twinUid, learnerUid],
    );
    await db.query(
      'INSERT INTO user_roles (uid, role) SELECT $1, role FROM user_roles WHERE uid = $2',
      [twinUid, learnerUid],
    );
    await db.query(
      `INSERT INTO user_organizations (uid, organization_id)
       SELECT $1, organization_id FROM user_organizations WHERE uid = $2`,
      [twinUid, learnerUid],
    );
    const learner = await signedIn(server, 'learner');
    const twin = await signedIn(server, name);
    const freeOf = async (reader: Agent) => {
      const layout = (await reader.get('/api/v2/storefront')).json<Layout>().data;
      return layout.sections[0]!.trainings!;
    };
    const free = section('trainings', {
      source: 'free',
      size: 8,
      sorting: 'newest',
      display: 'grid',
    });
    // Both have read a storefront once: their own details are kept from then on.
    await freeOf(learner);
    await freeOf(twin);
    await withRegisteredLayout([free], async () => {
      const picked = (await freeOf(learner)).find((t) => t.subscription === null)!;
      expect(picked).toBeDefined();
      const subscribe = await learner.post(`/api/v2/trainings/${picked.id}/subscription`);
      expect(subscribe.statusCode).toBe(200);
      try {
        const mine = (await freeOf(learner)).find((t) => t.id === picked.id)!;
        expect(mine.subscription).toMatchObject({ status: 'in_progress' });
        const theirs = await freeOf(twin);
        expect(theirs.map((t) => t.id)).toEqual((await freeOf(learner)).map((t) => t.id));
        expect(theirs.find((t) => t.id === picked.id)!.subscription).toBeNull();
        // A visitor is sent no one's subscriptions either.
        const visitor = (await agent(server).get('/api/v2/storefront')).json<Layout>().data;
        const shown = visitor.sections.flatMap((s) => s.trainings ?? []);
        expect(shown.every((t) => t.subscription === null)).toBe(true);

        // After a change to the layout the page is read again, and kept once the change's
        // notice is in: the learner's reads then cost fewer statements. The twin is sent what
        // was read for the learner, at the same cost.
        await withRegisteredLayout([free, free], async () => {
          const cold = await statementsOf(() => freeOf(learner));
          let kept = cold;
          for (let tries = 0; kept >= cold && tries < 100; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            kept = await statementsOf(() => freeOf(learner));
          }
          expect(kept).toBeLessThan(cold);
          expect(await statementsOf(() => freeOf(twin))).toBe(kept);
        });
      } finally {
        await learner.delete(`/api/v2/trainings/${picked.id}/subscription`);
      }
    });
  });
});
