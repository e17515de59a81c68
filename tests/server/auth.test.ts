import { expect, it } from 'vitest';
import { hashToken } from '../../src/server/repositories/sessions';
import { agent, describeEachDb, signedIn } from './helpers';

describeEachDb('auth and sessions', (server) => {
  it('signs in with the demo password and answers the current user', async () => {
    const a = agent(server);
    const res = await a.login('learner');
    expect(res.statusCode).toBe(200);
    const user = res.json<{
      data: { uid: number; name: string; full_name: string; roles: string[] };
    }>().data;
    expect(user).toMatchObject({ name: 'learner', full_name: 'Liam Chen' });
    expect(user.roles).toEqual(['authenticated', 'learner']);
    const cookie = res.cookies.find((c) => c.name === 'atrium_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await a.get('/api/v2/me?attributes[]=profile');
    expect(me.json().data).toMatchObject({
      uid: user.uid,
      profile: { first_name: 'Liam', country: 'DE' },
    });
  });

  it('stores only a hash of the session token', async () => {
    const a = await signedIn(server, 'trainer');
    const token = a.jar.get('atrium_session')!;
    const { rows } = await server().db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(rows).toHaveLength(1);
    const raw = await server().db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(raw.rows).toHaveLength(0);
  });

  it('refuses a wrong password or an unknown account with one message', async () => {
    const a = agent(server);
    for (const [name, password] of [
      ['learner', 'wrong-password'],
      ['nobody', 'atrium-demo'],
    ] as const) {
      const res = await a.login(name, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Unrecognized username or password.' });
      expect(a.jar.has('atrium_session')).toBe(false);
    }
  });

  it('answers 400 with field paths when the login body is incomplete', async () => {
    const res = await agent(server).post('/api/v2/auth/login', { name: 'learner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([{ path: 'password', text: 'Required' }]);
  });

  it('rotates the session on login: a new token, the old one dead', async () => {
    const a = await signedIn(server, 'learner');
    const first = a.jar.get('atrium_session')!;
    const again = await a.login('courseadmin');
    expect(again.statusCode).toBe(200);
    const second = a.jar.get('atrium_session')!;
    expect(second).not.toBe(first);
    const stale = agent(server);
    stale.jar.set('atrium_session', first);
    expect((await stale.get('/api/v2/me')).json()).toEqual({ data: { uid: 0 } });
    expect((await a.get('/api/v2/me')).json().data.name).toBe('courseadmin');
  });

  it('logout ends the session on the server', async () => {
    const a = await signedIn(server, 'learner');
    const token = a.jar.get('atrium_session')!;
    const res = await a.post('/api/v2/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { uid: 0 } });
    expect(a.jar.has('atrium_session')).toBe(false);
    const replay = agent(server);
    replay.jar.set('atrium_session', token);
    expect((await replay.get('/api/v2/me')).json()).toEqual({ data: { uid: 0 } });
    expect((await replay.get('/api/v2/incentives/wallet')).statusCode).toBe(401);
  });

  it('logout needs a session', async () => {
    expect((await agent(server).post('/api/v2/auth/logout')).statusCode).toBe(401);
  });

  it('expires sessions after 30 idle minutes', async () => {
    const a = await signedIn(server, 'trainer');
    await server().db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`,
      [hashToken(a.jar.get('atrium_session')!)],
    );
    expect((await a.get('/api/v2/me')).json()).toEqual({ data: { uid: 0 } });
  });

  it('expires sessions 12 hours after login even when active', async () => {
    const a = await signedIn(server, 'trainer');
    await server().db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(a.jar.get('atrium_session')!)],
    );
    expect((await a.get('/api/v2/me')).json()).toEqual({ data: { uid: 0 } });
  });

  it('refuses a blocked account and ends its sessions', async () => {
    const db = server().db;
    const { rows } = await db.query<{ uid: number }>(
      `INSERT INTO users (name, pass) SELECT 'blocked_user', pass FROM users WHERE name = 'learner' RETURNING uid`,
    );
    const a = await signedIn(server, 'blocked_user');
    await db.query('UPDATE users SET blocked = true WHERE uid = $1', [rows[0]!.uid]);
    expect((await a.get('/api/v2/me')).json()).toEqual({ data: { uid: 0 } });
    const res = await agent(server).login('blocked_user');
    expect(res.statusCode).toBe(403);
  });
});

describeEachDb('XSRF protection', (server) => {
  it('sets a readable XSRF cookie on a GET when absent', async () => {
    const res = await agent(server).get('/api/v2/settings/branding');
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
  });

  it('keeps the XSRF cookie once set', async () => {
    const a = agent(server);
    await a.get('/api/v2/health');
    const res = await a.get('/api/v2/health');
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('rejects unsafe requests without the header, and writes nothing', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.post(
      '/api/v2/settings/site',
      { site_name: 'Hijacked' },
      { noXsrf: true },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Invalid or missing XSRF token. Reload the page and try again.',
    });
    expect((await admin.get('/api/v2/settings/site')).json().data.site_name).toBe('Atrium Academy');
  });

  it('rejects a header that does not match the cookie', async () => {
    const admin = await signedIn(server, 'admin');
    const res = await admin.post(
      '/api/v2/settings/site',
      { site_name: 'Hijacked' },
      { noXsrf: true, headers: { 'x-xsrf-token': 'forged' } },
    );
    expect(res.statusCode).toBe(403);
    expect((await admin.get('/api/v2/settings/site')).json().data.site_name).toBe('Atrium Academy');
  });

  it('rejects a login without the header', async () => {
    const a = agent(server);
    const res = await a.post(
      '/api/v2/auth/login',
      { name: 'learner', password: 'atrium-demo' },
      { noXsrf: true },
    );
    expect(res.statusCode).toBe(403);
    expect(a.jar.has('atrium_session')).toBe(false);
  });

  it('protects /system/ajax endpoints too', async () => {
    const res = await agent(server).post('/system/ajax/cookies-disclaimer/agree', 'ajax=true', {
      form: true,
      noXsrf: true,
    });
    expect(res.statusCode).toBe(403);
  });
});
