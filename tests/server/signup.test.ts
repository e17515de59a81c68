import { beforeAll, expect, it } from 'vitest';
import { SIGNUP_ATTEMPT_LIMIT } from '../../src/server/routes/auth';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

const GOOD_PASSWORD = 'violet-harbour-42';

describeEachDb('sign-up', (server) => {
  let admin: Agent;
  let address = 0;
  /** A visitor from an address of their own, so that the attempt limit is theirs alone. */
  const visitor = () => agent(server, { remoteAddress: `10.9.0.${++address}` });
  const setOpen = async (open: boolean) => {
    const res = await admin.post('/api/v2/settings/site', { self_registration: open });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    admin = await signedIn(server, 'admin');
  });

  it('is open on the demo site, as its branding says', async () => {
    const branding = await agent(server).get('/api/v2/settings/branding');
    expect(branding.json<{ data: { self_registration: boolean } }>().data.self_registration).toBe(
      true,
    );
  });

  it('creates a learner, signs them in with the e-mail address, in their language', async () => {
    const a = visitor();
    const res = await a.post(
      '/api/v2/auth/register',
      {
        name: ' Samira  El Idrissi ',
        mail: 'Samira@Example.org',
        password: GOOD_PASSWORD,
        consent: true,
      },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const me = (await a.get('/api/v2/me?attributes[]=profile')).json<{
      data: { uid: number; first_name: string; last_name: string; language: string };
    }>().data;
    expect(me.uid).toBeGreaterThan(0);
    expect(me).toMatchObject({ first_name: 'Samira', last_name: 'El Idrissi', language: 'ar' });
    const general = (await a.get('/api/v2/settings?type=general')).json<{
      data: { incentives_shop: boolean; site_manage: boolean };
    }>().data;
    // A learner's access: the shop, not the administration.
    expect(general).toMatchObject({ incentives_shop: true, site_manage: false });
    // The audit log says who signed up on their own.
    const log = await admin.get('/api/v2/admin/audit?action=user.register');
    expect(log.statusCode, log.body).toBe(200);
    const entries = log
      .json<{ data: { action: string; target: string; details: unknown }[] }>()
      .data.filter((e) => e.target === `user:${me.uid}`);
    expect(entries.map((e) => e.action)).toEqual(['user.register']);
    expect(JSON.stringify(entries[0]!.details)).toContain('samira@example.org');
    // They log in again with their e-mail address.
    const again = visitor();
    expect((await again.login('samira@example.org', GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an e-mail address an account has, as a field message', async () => {
    const res = await visitor().post('/api/v2/auth/register', {
      name: 'Someone',
      mail: 'SAMIRA@example.org',
      password: GOOD_PASSWORD,
      consent: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ messages: { path: string }[] }>().messages.map((m) => m.path)).toEqual([
      'mail',
    ]);
  });

  it('refuses a weak password with what is wrong with it, and creates nothing', async () => {
    const count = async () =>
      (await server().db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
    const before = await count();
    for (const password of ['short1', 'onlyletterslong', 'password123', 'kim.tanaka-1']) {
      const res = await visitor().post('/api/v2/auth/register', {
        name: 'Kim Tanaka',
        mail: 'kim.tanaka@example.org',
        password,
        consent: true,
      });
      expect(res.statusCode, password).toBe(400);
      const paths = res.json<{ messages: { path: string }[] }>().messages.map((m) => m.path);
      expect(paths.length, password).toBeGreaterThan(0);
      expect(new Set(paths), password).toEqual(new Set(['password']));
    }
    expect(await count()).toBe(before);
  });

  it('needs consent, a name and an e-mail address', async () => {
    const res = await visitor().post('/api/v2/auth/register', {
      name: ' ',
      mail: 'not-an-address',
      password: GOOD_PASSWORD,
      consent: false,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ messages: { path: string }[] }>().messages.map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'mail', 'consent']));
  });

  it('refuses a request without the XSRF token', async () => {
    const res = await visitor().post(
      '/api/v2/auth/register',
      { name: 'No Token', mail: 'no.token@example.org', password: GOOD_PASSWORD, consent: true },
      { noXsrf: true },
    );
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 while the site does not allow it', async () => {
    await setOpen(false);
    try {
      const res = await visitor().post('/api/v2/auth/register', {
        name: 'Closed Door',
        mail: 'closed@example.org',
        password: GOOD_PASSWORD,
        consent: true,
      });
      expect(res.statusCode).toBe(404);
      const branding = await agent(server).get('/api/v2/settings/branding');
      expect(branding.json<{ data: { self_registration: boolean } }>().data.self_registration).toBe(
        false,
      );
    } finally {
      await setOpen(true);
    }
  });

  it('lets one address try a limited number of times, then answers 429', async () => {
    const a = visitor();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGNUP_ATTEMPT_LIMIT; i++) {
      const res = await a.post('/api/v2/auth/register', {
        name: 'Burst',
        mail: `burst${i}@example.org`,
        password: 'weak',
        consent: true,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, SIGNUP_ATTEMPT_LIMIT).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    const other = await visitor().post('/api/v2/auth/register', {
      name: 'Other',
      mail: 'other.address@example.org',
      password: GOOD_PASSWORD,
      consent: true,
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('lets a burst at once through no further than the limit', async () => {
    const ip = '10.9.9.9';
    const results = await Promise.all(
      Array.from({ length: SIGNUP_ATTEMPT_LIMIT + 5 }, (_, i) =>
        agent(server, { remoteAddress: ip }).post('/api/v2/auth/register', {
          name: 'Rush',
          mail: `rush${i}@example.org`,
          password: GOOD_PASSWORD,
          consent: true,
        }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201).length;
    expect(created).toBe(SIGNUP_ATTEMPT_LIMIT);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(5);
  });
});
