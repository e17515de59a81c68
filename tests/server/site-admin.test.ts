import type { ListMeta } from '@schemas/entities/common.schema';
import type { AuditEntry } from '@schemas/entities/site-admin.schema';
import type { UserListItem } from '@schemas/entities/user.schema';
import { describe, expect, it } from 'vitest';
import { agent, describeEachDb, signedIn, type Agent, type TestServer } from './helpers';

type AuditList = { data: AuditEntry[]; meta: ListMeta };

/** Every administration endpoint this feature adds, with a body that passes validation. */
const ADMIN_ENDPOINTS: [method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown][] = [
  ['GET', '/api/v2/admin/audit'],
  ['GET', '/api/v2/admin/audit/actors'],
  ['GET', '/api/v2/admin/access'],
  ['PUT', '/api/v2/admin/access/learner', { flags: [] }],
  ['GET', '/api/v2/roles'],
  [
    'POST',
    '/api/v2/users',
    { name: 'intruder-made', mail: 'x@example.com', password: 'long enough' },
  ],
  ['GET', '/api/v2/users/{learner}/account'],
  ['PUT', '/api/v2/users/{learner}/roles', { roles: ['administrator'] }],
  ['PUT', '/api/v2/users/{learner}/organizations', { organizations: [1] }],
  ['POST', '/api/v2/users/{learner}/block'],
  ['POST', '/api/v2/users/{learner}/unblock'],
  ['POST', '/api/v2/users/{learner}/password', { password: 'new password 1' }],
  ['POST', '/api/v2/admin/masquerade/{learner}'],
  ['POST', '/api/v2/settings/footer', { footer_text: 'Hacked' }],
  ['POST', '/api/v2/settings/cookies-disclaimer', { disclaimer_text: 'Hacked' }],
  ['POST', '/api/v2/languages', { langcode: 'fr', name: 'French', direction: 0, weight: 2 }],
  ['PATCH', '/api/v2/languages/ar', { weight: 9 }],
  ['PUT', '/api/v2/translations/ar', { translations: [{ source: 'Save', translation: 'x' }] }],
  ['GET', '/api/v2/translations/ar/untranslated'],
];

async function uidOf(server: () => TestServer, name: string): Promise<number> {
  const { rows } = await server().db.query<{ uid: number }>(
    'SELECT uid FROM users WHERE name = $1',
    [name],
  );
  return rows[0]!.uid;
}

async function send(
  a: Agent,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
) {
  if (method === 'GET') return a.get(url);
  if (method === 'PUT') return a.put(url, body);
  if (method === 'PATCH') return a.patch(url, body);
  return a.post(url, body);
}

describeEachDb('site administration', (server) => {
  let sequence = 0;
  /** A fresh learner account (destructive tests never touch the demo accounts). */
  async function newUser(admin: Agent, roles: string[] = ['learner']): Promise<UserListItem> {
    sequence += 1;
    const res = await admin.post('/api/v2/users', {
      name: `person-${sequence}-${Date.now()}`,
      mail: `person${sequence}@example.com`,
      password: 'a good password',
      first_name: 'Pat',
      last_name: `Person ${sequence}`,
      roles,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: UserListItem }>().data;
  }

  /** Signs a created user in with their password. */
  async function signIn(name: string, password = 'a good password'): Promise<Agent> {
    const a = agent(server);
    const res = await a.login(name, password);
    expect(res.statusCode, res.body).toBe(200);
    return a;
  }

  /** The newest audit entry of an action. */
  async function lastAudit(admin: Agent, action: string): Promise<AuditEntry | undefined> {
    const res = await admin.get(`/api/v2/admin/audit?action=${encodeURIComponent(action)}&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditList>().data[0];
  }

  describe('access to the administration endpoints', () => {
    for (const who of ['learner', 'trainer', 'courseadmin']) {
      it(`${who} gets 403 on every one`, async () => {
        const a = await signedIn(server, who);
        const learner = String(await uidOf(server, 'learner'));
        for (const [method, url, body] of ADMIN_ENDPOINTS) {
          const res = await send(a, method, url.replace('{learner}', learner), body);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
        }
      });
    }

    it('a visitor gets 401 on every one', async () => {
      const visitor = agent(server);
      for (const [method, url, body] of ADMIN_ENDPOINTS) {
        const res = await send(visitor, method, url.replace('{learner}', '1'), body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await visitor.post('/api/v2/admin/masquerade/stop')).statusCode).toBe(401);
    });

    it('nothing a refused caller sent was written', async () => {
      const { rows } = await server().db.query(`SELECT 1 FROM users WHERE name = 'intruder-made'`);
      expect(rows).toHaveLength(0);
      const learner = await signedIn(server, 'learner');
      expect((await learner.get('/api/v2/me')).statusCode).toBe(200);
    });
  });

  describe('users', () => {
    it('GET roles lists every role with its flags; implicit ones are not assignable', async () => {
      const admin = await signedIn(server, 'admin');
      const res = await admin.get('/api/v2/roles');
      expect(res.statusCode).toBe(200);
      const roles = res.json<{
        data: { name: string; assignable: boolean; flags: string[]; weight: number }[];
      }>().data;
      expect(roles.map((r) => r.name)).toEqual(
        expect.arrayContaining(['anonymous', 'authenticated', 'learner', 'administrator']),
      );
      expect(roles.find((r) => r.name === 'authenticated')).toMatchObject({
        assignable: false,
        flags: ['storefront_page'],
      });
      expect(roles.find((r) => r.name === 'administrator')?.flags).toContain('site_manage');
      expect(roles.find((r) => r.name === 'trainer')?.assignable).toBe(true);
    });

    it('creates a user who can sign in; the list shows roles, organizations and blocked', async () => {
      const admin = await signedIn(server, 'admin');
      const res = await admin.post('/api/v2/users', {
        name: 'new.trainer',
        mail: 'new.trainer@example.com',
        password: 'trainer-pass-1',
        first_name: 'Nia',
        last_name: 'Trainer',
        roles: ['trainer'],
        organizations: [1, 2],
        title: 'Coach',
        country: 'NL',
        language: 'ar',
        timezone: 'Europe/Amsterdam',
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<{ data: UserListItem }>().data;
      expect(created).toMatchObject({
        name: 'new.trainer',
        full_name: 'Nia Trainer',
        roles: ['trainer'],
        organizations: [1, 2],
        blocked: false,
        language: 'ar',
        mail: 'new.trainer@example.com',
      });
      const listed = (await admin.get('/api/v2/users?search=new.trainer')).json<{
        data: UserListItem[];
      }>().data;
      expect(listed).toEqual([created]);
      const account = await admin.get(`/api/v2/users/${created.uid}/account`);
      expect(account.statusCode).toBe(200);
      expect(account.json<{ data: UserListItem }>().data).toEqual(created);
      expect((await admin.get('/api/v2/users/999999/account')).statusCode).toBe(404);

      const trainer = await signIn('new.trainer', 'trainer-pass-1');
      const me = (await trainer.get('/api/v2/me?attributes[]=profile')).json<{
        data: Record<string, unknown>;
      }>().data;
      expect(me).toMatchObject({ uid: created.uid, profile: { title: 'Coach', country: 'NL' } });
      const flags = (await trainer.get('/api/v2/settings?type=general')).json<{
        data: Record<string, boolean>;
      }>().data;
      expect(flags.availability_feature_manage_own).toBe(true);

      const entry = await lastAudit(admin, 'user.create');
      expect(entry).toMatchObject({
        actor: { uid: await uidOf(server, 'admin') },
        as: null,
        target: `user:${created.uid}`,
        details: {
          name: { old: null, new: 'new.trainer' },
          roles: { old: null, new: ['trainer'] },
        },
      });
      expect(JSON.stringify(entry)).not.toContain('trainer-pass-1');
      expect(entry!.details).not.toHaveProperty('password');
    });

    it('409 for a taken user name (any case), and nothing is written', async () => {
      const admin = await signedIn(server, 'admin');
      const count = async () =>
        (await server().db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
      const audits = async () =>
        (await server().db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))
          .rows[0]!.n;
      const [users, entries] = [await count(), await audits()];
      const res = await admin.post('/api/v2/users', {
        name: 'Learner',
        mail: 'dup@example.com',
        password: 'long enough',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'This user name is taken.',
        messages: [{ path: 'name', text: 'This user name is taken.' }],
      });
      expect(await count()).toBe(users);
      expect(await audits()).toBe(entries);
    });

    it('400 with bracket paths for bad bodies', async () => {
      const admin = await signedIn(server, 'admin');
      const schema = await admin.post('/api/v2/users', {
        name: 'x',
        mail: 'not-a-mail',
        password: 'short',
        roles: ['learner', ''],
      });
      expect(schema.statusCode).toBe(400);
      const paths = schema.json<{ messages: { path: string }[] }>().messages.map((m) => m.path);
      expect(paths).toEqual(expect.arrayContaining(['mail', 'password', 'roles[1]']));

      const checked = await admin.post('/api/v2/users', {
        name: 'checked-body',
        mail: 'c@example.com',
        password: 'long enough',
        roles: ['learner', 'wizard', 'authenticated'],
        organizations: [1, 9999],
        language: 'xx',
        timezone: 'Mars/Olympus',
      });
      expect(checked.statusCode).toBe(400);
      expect(checked.json()).toEqual({
        message: 'Some fields are not valid.',
        messages: [
          { path: 'roles[1]', text: 'Unknown role' },
          { path: 'roles[2]', text: 'Everyone has this role already' },
          { path: 'organizations[1]', text: 'Unknown organization' },
          { path: 'language', text: 'Unknown language' },
          { path: 'timezone', text: 'Unknown time zone' },
        ],
      });
      const roles = await admin.put(`/api/v2/users/${await uidOf(server, 'learner')}/roles`, {
        roles: ['anonymous'],
      });
      expect(roles.statusCode).toBe(400);
      expect(roles.json().messages).toEqual([
        { path: 'roles[0]', text: 'Everyone has this role already' },
      ]);
      const orgs = await admin.put(
        `/api/v2/users/${await uidOf(server, 'learner')}/organizations`,
        { organizations: ['a'] },
      );
      expect(orgs.statusCode).toBe(400);
      expect(orgs.json().messages[0].path).toBe('organizations[0]');
      expect((await admin.put('/api/v2/users/99999/roles', { roles: [] })).statusCode).toBe(404);
    });

    it('changes roles and organizations, audited with old and new values', async () => {
      const admin = await signedIn(server, 'admin');
      const user = await newUser(admin);
      const res = await admin.put(`/api/v2/users/${user.uid}/roles`, {
        roles: ['trainer', 'course_admin'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.roles).toEqual(['course_admin', 'trainer']);
      expect(await lastAudit(admin, 'user.roles')).toMatchObject({
        target: `user:${user.uid}`,
        details: { roles: { old: ['learner'], new: ['course_admin', 'trainer'] } },
      });
      const orgs = await admin.put(`/api/v2/users/${user.uid}/organizations`, {
        organizations: [2],
      });
      expect(orgs.json().data.organizations).toEqual([2]);
      expect(await lastAudit(admin, 'user.organizations')).toMatchObject({
        target: `user:${user.uid}`,
        details: { organizations: { old: [], new: [2] } },
      });
    });

    it('409 when the last administrator would lose the role', async () => {
      const admin = await signedIn(server, 'admin');
      const res = await admin.put(`/api/v2/users/${await uidOf(server, 'admin')}/roles`, {
        roles: ['learner'],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/no administrator/);
      expect(await server().app.repos.users.roles(await uidOf(server, 'admin'))).toContain(
        'administrator',
      );
    });

    it("an administrator's profile change of another user is audited", async () => {
      const admin = await signedIn(server, 'admin');
      const user = await newUser(admin);
      const res = await admin.patch(`/api/v2/users/${user.uid}`, { title: 'Analyst', bio: 'Hi' });
      expect(res.statusCode).toBe(200);
      expect(await lastAudit(admin, 'user.update')).toMatchObject({
        target: `user:${user.uid}`,
        details: { title: { old: null, new: 'Analyst' }, bio: { old: null, new: 'Hi' } },
      });
      const own = await admin.patch(`/api/v2/users/${await uidOf(server, 'admin')}`, {
        title: 'Site owner',
      });
      expect(own.statusCode).toBe(200);
      expect((await lastAudit(admin, 'user.update'))!.target).toBe(`user:${user.uid}`);
    });

    it('blocking ends the sessions, unblocking lets the user in again; never oneself', async () => {
      const admin = await signedIn(server, 'admin');
      const user = await newUser(admin);
      const them = await signIn(user.name);
      expect((await them.get('/api/v2/navigation')).statusCode).toBe(200);

      const blocked = await admin.post(`/api/v2/users/${user.uid}/block`);
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().data.blocked).toBe(true);
      expect((await them.get('/api/v2/navigation')).statusCode).toBe(401);
      expect((await agent(server).login(user.name, 'a good password')).statusCode).toBe(403);
      expect(await lastAudit(admin, 'user.block')).toMatchObject({
        target: `user:${user.uid}`,
        details: { blocked: { old: false, new: true } },
      });
      expect(
        (await admin.get('/api/v2/users?blocked=true')).json<{ data: UserListItem[] }>().data,
      ).toContainEqual(expect.objectContaining({ uid: user.uid, blocked: true }));

      const unblocked = await admin.post(`/api/v2/users/${user.uid}/unblock`);
      expect(unblocked.json().data.blocked).toBe(false);
      expect((await agent(server).login(user.name, 'a good password')).statusCode).toBe(200);
      expect((await lastAudit(admin, 'user.unblock'))!.target).toBe(`user:${user.uid}`);

      const self = await admin.post(`/api/v2/users/${await uidOf(server, 'admin')}/block`);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ message: 'You cannot block your own account.' });
      expect((await admin.post('/api/v2/users/99999/block')).statusCode).toBe(404);
    });

    it('setting a password ends the sessions and is audited without the password', async () => {
      const admin = await signedIn(server, 'admin');
      const user = await newUser(admin);
      const them = await signIn(user.name);
      const short = await admin.post(`/api/v2/users/${user.uid}/password`, { password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().messages).toEqual([
        { path: 'password', text: 'Must contain at least 8 characters' },
      ]);
      const res = await admin.post(`/api/v2/users/${user.uid}/password`, {
        password: 'brand new secret',
      });
      expect(res.statusCode).toBe(200);
      expect((await them.get('/api/v2/navigation')).statusCode).toBe(401);
      expect((await agent(server).login(user.name, 'a good password')).statusCode).toBe(400);
      expect((await agent(server).login(user.name, 'brand new secret')).statusCode).toBe(200);
      const entry = await lastAudit(admin, 'user.password');
      expect(entry).toMatchObject({ target: `user:${user.uid}`, details: {} });
      expect(JSON.stringify(entry)).not.toContain('brand new secret');
      expect((await admin.get('/api/v2/me')).statusCode).toBe(200);
    });
  });

  describe('roles and access matrix', () => {
    it('lists roles with flags and every flag name', async () => {
      const admin = await signedIn(server, 'admin');
      const res = await admin.get('/api/v2/admin/access');
      expect(res.statusCode).toBe(200);
      const data = res.json<{
        data: { roles: { name: string; label: string; flags: string[] }[]; flags: string[] };
      }>().data;
      expect(data.flags).toContain('site_manage');
      expect(data.flags).toContain('incentives_shop');
      expect(data.roles.find((r) => r.name === 'learner')).toEqual({
        name: 'learner',
        label: 'Learner',
        flags: ['incentives_shop'],
      });
    });

    it('a change applies at once to signed-in users, and is audited', async () => {
      const admin = await signedIn(server, 'admin');
      const learner = await signedIn(server, 'learner');
      expect((await learner.get('/api/v2/incentives/shop')).statusCode).toBe(200);
      const trainer = await signedIn(server, 'trainer');
      const removed = await admin.put('/api/v2/admin/access/learner', { flags: [] });
      try {
        expect(removed.statusCode, removed.body).toBe(200);
        expect(removed.json().data).toMatchObject({ name: 'learner', flags: [] });
        expect((await learner.get('/api/v2/incentives/shop')).statusCode).toBe(403);
        const general = (await learner.get('/api/v2/settings?type=general')).json<{
          data: Record<string, boolean>;
        }>().data;
        expect(general.incentives_shop).toBe(false);
        // Another role keeps what it holds.
        expect((await trainer.get('/api/v2/incentives/shop')).statusCode).toBe(200);
        expect(await lastAudit(admin, 'role.flags')).toMatchObject({
          target: 'role:learner',
          details: { flags: { old: ['incentives_shop'], new: [] } },
        });
      } finally {
        const restored = await admin.put('/api/v2/admin/access/learner', {
          flags: ['incentives_shop'],
        });
        expect(restored.statusCode).toBe(200);
      }
      expect((await learner.get('/api/v2/incentives/shop')).statusCode).toBe(200);
    });

    it('400 for unknown flags, 404 for unknown roles, 409 for the administrator role', async () => {
      const admin = await signedIn(server, 'admin');
      const unknown = await admin.put('/api/v2/admin/access/learner', {
        flags: ['incentives_shop', 'fly', 'site_manage'],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        message: 'Some fields are not valid.',
        messages: [{ path: 'flags[1]', text: 'Unknown access flag' }],
      });
      const wrongType = await admin.put('/api/v2/admin/access/learner', { flags: [{}] });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().messages[0].path).toBe('flags[0]');
      expect((await admin.put('/api/v2/admin/access/wizard', { flags: [] })).statusCode).toBe(404);
      const visitors = await admin.put('/api/v2/admin/access/anonymous', {
        flags: ['storefront_page', 'site_manage'],
      });
      expect(visitors.statusCode).toBe(400);
      expect(visitors.json().messages[0].path).toBe('flags[1]');

      const admins = await admin.put('/api/v2/admin/access/administrator', {
        flags: ['storefront_manage'],
      });
      expect(admins.statusCode).toBe(409);
      expect(admins.json().message).toMatch(/no administrator/);
      expect((await admin.get('/api/v2/settings/site')).statusCode).toBe(200);
    });
  });

  describe('masquerade', () => {
    it('acts as a learner, is judged by their flags, and switches back', async () => {
      const admin = await signedIn(server, 'admin');
      const adminUid = await uidOf(server, 'admin');
      const learnerUid = await uidOf(server, 'learner');
      const start = await admin.post(`/api/v2/admin/masquerade/${learnerUid}`);
      expect(start.statusCode, start.body).toBe(200);
      expect(start.json().data).toMatchObject({
        uid: learnerUid,
        name: 'learner',
        real_user: { uid: adminUid, name: 'admin' },
      });

      const me = (await admin.get('/api/v2/me')).json<{ data: Record<string, unknown> }>().data;
      expect(me).toMatchObject({
        uid: learnerUid,
        real_user: { uid: adminUid, name: 'admin', full_name: expect.any(String) },
      });
      const general = (await admin.get('/api/v2/settings?type=general')).json<{
        data: Record<string, unknown>;
      }>().data;
      expect(general).toMatchObject({
        site_manage: false,
        incentives_shop: true,
        real_user: { uid: adminUid },
      });
      expect((await admin.get('/api/v2/incentives/wallet')).json().data.points).toBe(1250);
      // Administration is judged by the learner's flags.
      expect((await admin.get('/api/v2/users')).statusCode).toBe(403);
      expect((await admin.get('/api/v2/admin/audit')).statusCode).toBe(403);
      expect((await admin.post(`/api/v2/admin/masquerade/${learnerUid}`)).statusCode).toBe(403);

      const stop = await admin.post('/api/v2/admin/masquerade/stop');
      expect(stop.statusCode, stop.body).toBe(200);
      expect(stop.json().data).toMatchObject({ uid: adminUid, name: 'admin' });
      expect(stop.json().data.real_user).toBeUndefined();
      const back = (await admin.get('/api/v2/me')).json<{ data: Record<string, unknown> }>().data;
      expect(back.uid).toBe(adminUid);
      expect(back).not.toHaveProperty('real_user');
      expect((await admin.get('/api/v2/users')).statusCode).toBe(200);
      expect((await admin.post('/api/v2/admin/masquerade/stop')).statusCode).toBe(409);

      // `masquerade.st` matches the start and the stop, not the requests made while acting.
      const audit = (
        await admin.get(`/api/v2/admin/audit?action=masquerade.st&actor=${adminUid}&limit=2`)
      ).json<AuditList>().data;
      expect(audit.map((e) => e.action)).toEqual(['masquerade.stop', 'masquerade.start']);
      expect(audit[0]).toMatchObject({
        actor: { uid: adminUid },
        as: { uid: learnerUid },
        target: `user:${learnerUid}`,
      });
      expect(audit[1]).toMatchObject({ actor: { uid: adminUid }, as: null });
    });

    it('changes made while masquerading name the real administrator', async () => {
      const admin = await signedIn(server, 'admin');
      const adminUid = await uidOf(server, 'admin');
      const learnerUid = await uidOf(server, 'learner');
      await admin.post(`/api/v2/admin/masquerade/${learnerUid}`);
      try {
        const res = await admin.patch(`/api/v2/users/${learnerUid}`, { bio: 'Edited by admin' });
        expect(res.statusCode).toBe(200);
      } finally {
        await admin.post('/api/v2/admin/masquerade/stop');
      }
      expect(await lastAudit(admin, 'user.update')).toMatchObject({
        actor: { uid: adminUid },
        as: { uid: learnerUid },
        target: `user:${learnerUid}`,
        details: { bio: { new: 'Edited by admin' } },
      });
    });

    it('refuses administrators, oneself, unknown and blocked users', async () => {
      const admin = await signedIn(server, 'admin');
      const other = await newUser(admin, ['administrator']);
      const refused = await admin.post(`/api/v2/admin/masquerade/${other.uid}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You cannot act as another administrator.' });
      expect(
        (await admin.post(`/api/v2/admin/masquerade/${await uidOf(server, 'admin')}`)).statusCode,
      ).toBe(409);
      expect((await admin.post('/api/v2/admin/masquerade/99999')).statusCode).toBe(404);
      const blocked = await newUser(admin);
      await admin.post(`/api/v2/users/${blocked.uid}/block`);
      expect((await admin.post(`/api/v2/admin/masquerade/${blocked.uid}`)).statusCode).toBe(404);
      expect((await admin.get('/api/v2/me')).json().data.name).toBe('admin');
    });

    it('blocking the user being acted as switches the administrator back', async () => {
      const admin = await signedIn(server, 'admin');
      const user = await newUser(admin);
      await admin.post(`/api/v2/admin/masquerade/${user.uid}`);
      await server().app.repos.users.setBlocked(user.uid, true);
      await server().app.repos.sessions.deleteForUser(user.uid);
      expect((await admin.get('/api/v2/me')).json().data.name).toBe('admin');
    });
  });

  describe('audit log', () => {
    it('records changes of the existing administration endpoints', async () => {
      const admin = await signedIn(server, 'admin');
      const adminUid = await uidOf(server, 'admin');

      await admin.post('/api/v2/settings/site', { site_name: 'Audited Atrium' });
      expect(await lastAudit(admin, 'settings.site')).toMatchObject({
        actor: { uid: adminUid, full_name: expect.any(String) },
        target: 'settings:site',
        details: { site_name: { new: 'Audited Atrium' } },
      });
      expect(Object.keys((await lastAudit(admin, 'settings.site'))!.details)).toEqual([
        'site_name',
      ]);

      await admin.post('/api/v2/settings/storefront/appearance', { roundness: { small: 3 } });
      expect(await lastAudit(admin, 'appearance.update')).toMatchObject({
        target: 'settings:appearance',
        details: { roundness: { new: expect.objectContaining({ small: 3 }) } },
      });

      const product = (
        await admin.post('/api/v2/incentives/products', {
          title: 'Audited mug',
          description: '<p>Mug</p>',
          price: 5,
          stock: null,
          per_user_limit: null,
          published: false,
          restrictions: [],
        })
      ).json<{ data: { id: number } }>().data;
      expect(await lastAudit(admin, 'incentives.product.create')).toMatchObject({
        target: `product:${product.id}`,
        details: { title: { old: null, new: 'Audited mug' }, price: { new: 5 } },
      });
      await admin.patch(`/api/v2/incentives/products/${product.id}`, {
        title: 'Audited cup',
        description: '<p>Mug</p>',
        price: 6,
        stock: null,
        per_user_limit: null,
        published: false,
        restrictions: [],
      });
      expect(await lastAudit(admin, 'incentives.product.update')).toMatchObject({
        details: { title: { old: 'Audited mug', new: 'Audited cup' }, price: { old: 5, new: 6 } },
      });
      await admin.delete(`/api/v2/incentives/products/${product.id}`);
      expect(await lastAudit(admin, 'incentives.product.delete')).toMatchObject({
        target: `product:${product.id}`,
        details: { title: { old: 'Audited cup', new: null } },
      });

      const schedule = (
        await admin.post('/api/v2/incentives/expiry_schedules', {
          name: 'Audited',
          type: 'rolling',
          months: 6,
        })
      ).json<{ data: { id: number } }>().data;
      expect(await lastAudit(admin, 'incentives.schedule.create')).toMatchObject({
        target: `expiry_schedule:${schedule.id}`,
        details: { months: { new: 6 } },
      });
      await admin.patch(`/api/v2/incentives/expiry_schedules/${schedule.id}`, { months: 9 });
      expect(await lastAudit(admin, 'incentives.schedule.update')).toMatchObject({
        details: { months: { old: 6, new: 9 } },
      });
      await admin.delete(`/api/v2/incentives/expiry_schedules/${schedule.id}`);
      expect((await lastAudit(admin, 'incentives.schedule.delete'))!.target).toBe(
        `expiry_schedule:${schedule.id}`,
      );

      const shop = (await admin.get('/api/v2/settings/incentives/shop')).json().data;
      await admin.post('/api/v2/settings/incentives/shop', { ...shop, title: 'Audited shop' });
      expect(await lastAudit(admin, 'incentives.shop_settings.update')).toMatchObject({
        details: { title: { old: shop.title, new: 'Audited shop' } },
      });

      const rules = (await admin.get('/api/v2/settings/incentives/rules')).json().data;
      const saved = await admin.post('/api/v2/settings/incentives/rules', rules);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await lastAudit(admin, 'incentives.rules.update'))!.target).toBe(
        'settings:incentive_rules',
      );

      const learnerUid = await uidOf(server, 'learner');
      await admin.post('/api/v2/incentives/adjustments', {
        uid: learnerUid,
        points: 7,
        note: 'Audited bonus',
      });
      expect(await lastAudit(admin, 'incentives.adjustment')).toMatchObject({
        target: `user:${learnerUid}`,
        details: { points: 7, note: 'Audited bonus' },
      });
      await admin.post('/api/v2/incentives/adjustments', {
        uid: learnerUid,
        points: -7,
        note: 'Undo',
      });

      const layout = (await admin.get('/api/v2/storefront/manage')).json<{
        data: {
          id: number;
          sections: { id: number; type: string; weight: number; data: unknown }[];
        };
      }>().data;
      const sections = layout.sections.map(({ id, type, weight, data }) => ({
        id,
        type,
        weight,
        data,
      }));
      const patched = await admin.patch(`/api/v2/storefront/manage/${layout.id}`, {
        sections: sections.slice(1),
      });
      expect(patched.statusCode, patched.body).toBe(200);
      try {
        expect(await lastAudit(admin, 'storefront.update')).toMatchObject({
          target: `storefront:${layout.id}`,
          details: {
            audience: 'registered',
            sections: {
              old: sections.map((s) => ({ id: s.id, type: s.type })),
              new: sections.slice(1).map((s) => ({ id: s.id, type: s.type })),
            },
          },
        });
      } finally {
        const restore = sections.map((s, i) => (i === 0 ? { ...s, id: null } : s));
        await admin.patch(`/api/v2/storefront/manage/${layout.id}`, { sections: restore });
      }
    });

    it('records refunds', async () => {
      const admin = await signedIn(server, 'admin');
      const learner = await signedIn(server, 'learner');
      const product = (
        await admin.post('/api/v2/incentives/products', {
          title: 'Refundable',
          description: '',
          price: 3,
          stock: null,
          per_user_limit: null,
          published: true,
          restrictions: [],
        })
      ).json<{ data: { id: number } }>().data;
      const order = await learner.post('/api/v2/incentives/shop_checkout', {
        products: [product.id],
      });
      expect(order.statusCode, order.body).toBe(200);
      const id = order.json<{ data: { id: number } }>().data.id;
      expect((await admin.post(`/api/v2/incentives/orders/${id}/refund`)).statusCode).toBe(200);
      expect(await lastAudit(admin, 'incentives.refund')).toMatchObject({
        target: `order:${id}`,
        details: { points: 3, status: { new: 'refunded' } },
      });
    });

    it('pages newest first and filters by actor, action prefix and dates', async () => {
      const admin = await signedIn(server, 'admin');
      const adminUid = await uidOf(server, 'admin');
      const res = await admin.get('/api/v2/admin/audit?limit=2');
      expect(res.statusCode).toBe(200);
      const list = res.json<AuditList>();
      expect(list.data).toHaveLength(2);
      expect(list.meta).toMatchObject({ page: 0, limit: 2 });
      expect(list.meta.total).toBeGreaterThan(2);
      expect(list.data[0]!.id).toBeGreaterThan(list.data[1]!.id);
      expect(Date.parse(list.data[0]!.created)).toBeGreaterThanOrEqual(
        Date.parse(list.data[1]!.created),
      );
      expect((await admin.get('/api/v2/admin/audit')).json<AuditList>().meta.limit).toBe(25);

      const users = (
        await admin.get('/api/v2/admin/audit?action=user.&limit=100')
      ).json<AuditList>();
      expect(users.data.length).toBeGreaterThan(0);
      expect(users.data.every((e) => e.action.startsWith('user.'))).toBe(true);

      const mine = (
        await admin.get(`/api/v2/admin/audit?actor=${adminUid}&limit=100`)
      ).json<AuditList>();
      expect(mine.data.every((e) => e.actor?.uid === adminUid)).toBe(true);

      // The actor filter's choices: exactly the people with a recorded change.
      const actors = (await admin.get('/api/v2/admin/audit/actors')).json<{
        data: { uid: number; full_name: string }[];
      }>().data;
      expect(actors.map((a) => a.uid)).toContain(adminUid);
      for (const actor of actors) {
        expect(actor.full_name).not.toBe('');
        const theirs = await admin.get(`/api/v2/admin/audit?actor=${actor.uid}&limit=1`);
        expect(theirs.json<AuditList>().meta.total).toBeGreaterThan(0);
      }
      expect(actors.map((a) => a.uid)).not.toContain(await uidOf(server, 'learner'));
      expect((await admin.get('/api/v2/admin/audit?actor=99999')).json<AuditList>().data).toEqual(
        [],
      );

      const today = new Date().toISOString().slice(0, 10);
      const inRange = await admin.get(`/api/v2/admin/audit?from=${today}&to=${today}`);
      expect(inRange.json<AuditList>().meta.total).toBe(list.meta.total);
      expect(
        (await admin.get('/api/v2/admin/audit?from=2000-01-01&to=2000-01-31')).json<AuditList>()
          .meta.total,
      ).toBe(0);
      const backwards = await admin.get('/api/v2/admin/audit?from=2000-02-01&to=2000-01-01');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().messages).toEqual([
        { path: 'to', text: 'Must not be before the start' },
      ]);
      const bad = await admin.get('/api/v2/admin/audit?from=yesterday&actor=x');
      expect(bad.statusCode).toBe(400);
      const paths = bad.json<{ messages: { path: string }[] }>().messages.map((m) => m.path);
      expect(paths).toEqual(expect.arrayContaining(['from', 'actor']));
    });
  });
});
