import type { ListMeta } from '@schemas/entities/common.schema';
import type { UserListItem } from '@schemas/entities/user.schema';
import { expect, it } from 'vitest';
import { describeEachDb, signedIn } from './helpers';

type UserList = { data: UserListItem[]; meta: ListMeta };

describeEachDb('users', (server) => {
  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;

  it('a user changes their own profile', async () => {
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const res = await learner.patch(`/api/v2/users/${uid}`, {
      last_name: 'Chen',
      language: 'ar',
      timezone: 'Asia/Dubai',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uid,
      language: 'ar',
      timezone: 'Asia/Dubai',
      profile: { last_name: 'Chen', title: 'Logistics planner', country: 'DE' },
    });
    const general = (await learner.get('/api/v2/settings?type=general')).json().data;
    expect(general).toMatchObject({ current_language: 'ar', current_timezone: 'Asia/Dubai' });
  });

  it('accepts form-encoded bodies', async () => {
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const res = await learner.patch(`/api/v2/users/${uid}`, 'first_name=Liam&last_name=Chen-Park', {
      form: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ full_name: 'Liam Chen-Park' });
  });

  it("a user cannot change someone else's profile", async () => {
    const learner = await signedIn(server, 'learner');
    const res = await learner.patch(`/api/v2/users/${await uidOf('trainer')}`, { title: 'Hacked' });
    expect(res.statusCode).toBe(403);
    const profile = (
      await server().db.query<{ profile: { title: string } }>(
        `SELECT profile FROM users WHERE name = 'trainer'`,
      )
    ).rows[0]!.profile;
    expect(profile.title).toBe('Senior trainer');
  });

  it("reads one's own profile, any profile as administrator, and no one else's", async () => {
    const learner = await signedIn(server, 'learner');
    const own = await learner.get(`/api/v2/users/${await uidOf('learner')}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.name).toBe('learner');
    expect((await learner.get(`/api/v2/users/${await uidOf('trainer')}`)).statusCode).toBe(403);

    const admin = await signedIn(server, 'admin');
    const other = await admin.get(`/api/v2/users/${await uidOf('trainer')}`);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({
      name: 'trainer',
      profile: { title: 'Senior trainer' },
    });
    expect((await admin.get('/api/v2/users/99999')).statusCode).toBe(404);
    expect(
      (await server().app.inject({ url: `/api/v2/users/${await uidOf('learner')}` })).statusCode,
    ).toBe(401);
  });

  it('an administrator changes any profile', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.patch(`/api/v2/users/${await uidOf('trainer')}`, {
      title: 'Lead trainer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile.title).toBe('Lead trainer');
    expect((await admin.patch('/api/v2/users/99999', { title: 'x' })).statusCode).toBe(404);
  });

  it('bad bodies answer 400 with bracket paths and change nothing', async () => {
    const learner = await signedIn(server, 'learner');
    const uid = await uidOf('learner');
    const before = (await learner.get('/api/v2/me?attributes[]=profile')).json().data;
    const res = await learner.patch(`/api/v2/users/${uid}`, {
      first_name: '',
      country: 'nl',
      bio: 5,
      extra: { deep: [1] },
      title: 'Changed',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; messages: { path: string; text: string }[] }>();
    expect(body.message).toBeTypeOf('string');
    expect(body.messages).toEqual(
      expect.arrayContaining([
        { path: 'first_name', text: 'Required' },
        { path: 'country', text: 'Invalid format' },
        { path: 'extra', text: 'Unrecognized field' },
      ]),
    );
    const unknown = await learner.patch(`/api/v2/users/${uid}`, {
      language: 'xx',
      timezone: 'Mars/Base',
      title: 'Changed',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual([
      { path: 'language', text: 'Unknown language' },
      { path: 'timezone', text: 'Unknown time zone' },
      // Set by administrators only (userAttributes).
      { path: 'title', text: 'Only an administrator can change this.' },
    ]);
    expect((await learner.get('/api/v2/me?attributes[]=profile')).json().data).toEqual(before);
  });

  it('reports type errors with the expected and received types', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.get('/api/v2/users?page=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([
      { path: 'page', text: 'Expected integer, received string' },
    ]);
    const nested = await admin.post('/api/v2/settings/storefront/appearance', {
      fonts: { body: { name: 'X', family: 'Y', files: [{ style: 'normal' }] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().messages).toEqual(
      expect.arrayContaining([
        { path: 'fonts[body][files][0][weight]', text: 'Required' },
        { path: 'fonts[body][files][0][url]', text: 'Required' },
      ]),
    );
  });

  it('lists users, paged and filtered, for administrators', async () => {
    const admin = await signedIn(server, 'admin');
    const all = (await admin.get('/api/v2/users?limit=3')).json();
    expect(all.meta).toMatchObject({ page: 0, limit: 3 });
    expect(all.meta.total).toBeGreaterThanOrEqual(4);
    expect(all.meta.totalPages).toBe(Math.ceil(all.meta.total / 3));
    expect(all.data).toHaveLength(3);
    const trainers = (await admin.get('/api/v2/users?role=trainer')).json<UserList>();
    // The demo has four trainers (three more so the availability overview has people).
    expect(trainers.data.map((u) => u.name)).toEqual(['trainer', 'layla', 'marcus', 'ingrid']);
    expect(trainers.data[0]).toMatchObject({ roles: ['trainer'], blocked: false });
    const search = (await admin.get('/api/v2/users?search=chen')).json<UserList>();
    expect(search.data.map((u) => u.name)).toEqual(['learner']);
    const org = search.data[0]!.organizations[0]!;
    const byOrg = (await admin.get(`/api/v2/users?organization=${org}`)).json<UserList>();
    expect(byOrg.data.map((u) => u.name)).toContain('learner');
  });
});
