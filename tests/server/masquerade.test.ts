import type { AuditEntry } from '@schemas/entities/site-admin.schema';
import type { UserListItem } from '@schemas/entities/user.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agent,
  describeEachDb,
  refuseAuditWrites,
  rewardBody,
  signedIn,
  type Agent,
} from './helpers';

type AuditList = { data: AuditEntry[] };
type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Acting as another user (masquerade) is a right of the real user, judged on every request: an
 * administrator who loses it, or is blocked, stops acting at once, and every change made while
 * acting is recorded under the real user's name.
 */
describeEachDb('acting as another user', (server) => {
  let admin: Agent;
  let product: number;
  let sequence = 0;

  beforeAll(async () => {
    admin = await signedIn(server, 'admin');
    const res = await admin.post('/api/v2/incentives/products', rewardBody('Masquerade mug'));
    expect(res.statusCode, res.body).toBe(200);
    product = res.json<{ data: { id: number } }>().data.id;
  });

  /** A fresh account with a known password. */
  async function newUser(roles: string[]): Promise<UserListItem> {
    sequence += 1;
    const res = await admin.post('/api/v2/users', {
      name: `acting-${sequence}-${Date.now()}`,
      mail: `acting${sequence}@example.com`,
      password: 'a good password',
      first_name: 'Pat',
      last_name: `Acting ${sequence}`,
      roles,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: UserListItem }>().data;
  }

  async function signIn(user: UserListItem): Promise<Agent> {
    const a = agent(server);
    const res = await a.login(user.name, 'a good password');
    expect(res.statusCode, res.body).toBe(200);
    return a;
  }

  /** A learner with 100 points, and an administrator signed in and acting as them. */
  async function acting(adminRoles = ['administrator']) {
    const learner = await newUser(['learner']);
    const give = await admin.post('/api/v2/incentives/adjustments', {
      uid: learner.uid,
      points: 100,
      note: 'For the test',
    });
    expect(give.statusCode, give.body).toBe(200);
    const actor = await newUser(adminRoles);
    const session = await signIn(actor);
    const start = await session.post(`/api/v2/admin/masquerade/${learner.uid}`);
    expect(start.statusCode, start.body).toBe(200);
    expect((await session.get('/api/v2/me')).json().data.uid).toBe(learner.uid);
    return { learner, actor, session };
  }

  const checkout = (a: Agent) =>
    a.post('/api/v2/incentives/shop_checkout', { products: [product] });

  async function ordersOf(uid: number): Promise<number> {
    const { rows } = await server().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM incentive_orders WHERE uid = $1',
      [uid],
    );
    return rows[0]!.n;
  }

  async function balanceOf(a: Agent): Promise<number> {
    const res = await a.get('/api/v2/incentives/wallet');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { points: number } }>().data.points;
  }

  async function auditOf(actor: number, action: string): Promise<AuditEntry[]> {
    const res = await admin.get(
      `/api/v2/admin/audit?actor=${actor}&action=${encodeURIComponent(action)}&limit=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditList>().data;
  }

  /** The session row behind an agent's cookie, by who it is and who is behind it. */
  async function sessionsOf(uid: number): Promise<{ uid: number; real_uid: number | null }[]> {
    const { rows } = await server().db.query<{ uid: number; real_uid: number | null }>(
      'SELECT uid, real_uid FROM sessions WHERE uid = $1 OR real_uid = $1',
      [uid],
    );
    return rows;
  }

  it('an administrator whose role is taken away stops acting: the next checkout is not made as the learner', async () => {
    const { learner, actor, session } = await acting();
    const taken = await admin.put(`/api/v2/users/${actor.uid}/roles`, { roles: [] });
    expect(taken.statusCode, taken.body).toBe(200);

    const refused = await checkout(session);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await ordersOf(learner.uid)).toBe(0);
    expect(await ordersOf(actor.uid)).toBe(0);

    // The session is the real user's again: a signed-in user without administration rights.
    const me = (await session.get('/api/v2/me')).json<{ data: Record<string, unknown> }>().data;
    expect(me.uid).toBe(actor.uid);
    expect(me).not.toHaveProperty('real_user');
    expect(await sessionsOf(actor.uid)).toEqual([{ uid: actor.uid, real_uid: null }]);
    expect((await session.get('/api/v2/users')).statusCode).toBe(403);
    const learnerSession = await signIn(learner);
    expect(await balanceOf(learnerSession)).toBe(100);

    const [ended] = await auditOf(actor.uid, 'masquerade.end');
    expect(ended).toMatchObject({
      actor: { uid: actor.uid },
      as: { uid: learner.uid },
      target: `user:${learner.uid}`,
    });
  });

  it("taking the flag away from the real user's role ends the act on the next GET me", async () => {
    const before = (await admin.get('/api/v2/admin/access')).json<{
      data: { roles: { name: string; flags: string[] }[] };
    }>().data;
    const flags = before.roles.find((r) => r.name === 'course_admin')!.flags;
    const grant = await admin.put('/api/v2/admin/access/course_admin', {
      flags: [...flags, 'site_manage'],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    try {
      const { learner, actor, session } = await acting(['course_admin']);
      const revoke = await admin.put('/api/v2/admin/access/course_admin', { flags });
      expect(revoke.statusCode, revoke.body).toBe(200);

      const me = (await session.get('/api/v2/me')).json<{ data: Record<string, unknown> }>().data;
      expect(me.uid).toBe(actor.uid);
      expect(me).not.toHaveProperty('real_user');
      // From here on it is the real user's own checkout, who has no points.
      expect((await checkout(session)).statusCode).toBe(409);
      expect(await ordersOf(learner.uid)).toBe(0);
      expect(await ordersOf(actor.uid)).toBe(0);
    } finally {
      await admin.put('/api/v2/admin/access/course_admin', { flags });
    }
  });

  it('a real user blocked behind the act ends the session, and unblocking does not bring it back', async () => {
    const { learner, actor, session } = await acting();
    // Blocked without the block endpoint's own clean-up, as any other writer of the flag would.
    await server().db.query('UPDATE users SET blocked = true WHERE uid = $1', [actor.uid]);
    expect((await session.get('/api/v2/me')).json().data.uid).toBe(0);
    expect(await sessionsOf(actor.uid)).toEqual([]);

    await server().db.query('UPDATE users SET blocked = false WHERE uid = $1', [actor.uid]);
    expect((await checkout(session)).statusCode).toBe(401);
    expect((await session.get('/api/v2/me')).json().data.uid).toBe(0);
    expect(await ordersOf(learner.uid)).toBe(0);
  });

  it('parallel requests after the demotion: none is made as the learner, the act ends once', async () => {
    const { learner, actor, session } = await acting();
    await admin.put(`/api/v2/users/${actor.uid}/roles`, { roles: [] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(session)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(await ordersOf(learner.uid)).toBe(0);
    expect(await auditOf(actor.uid, 'masquerade.end')).toHaveLength(1);
    expect((await session.get('/api/v2/me')).json().data.uid).toBe(actor.uid);
  });

  it('every unsafe request made while acting is recorded with the real user, the method and the route', async () => {
    const { learner, actor, session } = await acting();
    const requests: [Method, string, unknown?][] = [
      ['POST', '/api/v2/incentives/shop_checkout', { products: [product] }],
      ['PATCH', `/api/v2/users/${learner.uid}`, { bio: 'Written while acting' }],
      // Refused by validation and by access: recorded all the same, as attempts.
      ['PATCH', `/api/v2/users/${learner.uid}`, { timezone: 42 }],
      ['POST', '/api/v2/settings/footer', { footer_text: 'Not theirs to change' }],
      ['DELETE', `/api/v2/incentives/products/${product}`],
    ];
    for (const [method, url, body] of requests) {
      const res =
        method === 'DELETE'
          ? await session.delete(url)
          : method === 'PATCH'
            ? await session.patch(url, body)
            : method === 'PUT'
              ? await session.put(url, body)
              : await session.post(url, body);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    // Reads are not recorded.
    await session.get('/api/v2/incentives/wallet');
    await session.get('/api/v2/me');
    expect(await ordersOf(learner.uid)).toBe(1);

    const entries = (await auditOf(actor.uid, 'masquerade.request')).reverse();
    expect(entries).toHaveLength(requests.length);
    entries.forEach((entry, i) => {
      const [method, url] = requests[i]!;
      expect(entry).toMatchObject({
        actor: { uid: actor.uid },
        as: { uid: learner.uid },
        target: `user:${learner.uid}`,
        details: { method, route: expect.any(String), path: url },
      });
    });
    expect(entries[0]!.details.route).toBe('/api/v2/incentives/shop_checkout');
    expect(entries[1]!.details.route).toBe('/api/v2/users/:uid');
  });

  describe('with the audit log refusing writes', () => {
    let session: Agent;
    let learner: UserListItem;
    let acceptAuditWrites: () => Promise<void>;

    beforeAll(async () => {
      ({ session, learner } = await acting());
      acceptAuditWrites = await refuseAuditWrites(server().db);
    });

    afterAll(() => acceptAuditWrites());

    it('an unsafe request while acting is not carried out unrecorded', async () => {
      const res = await checkout(session);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await ordersOf(learner.uid)).toBe(0);
      // Reads need no entry.
      expect((await session.get('/api/v2/me')).json().data.uid).toBe(learner.uid);
    });
  });
});
