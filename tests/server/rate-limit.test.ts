import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { openPglite } from '../../src/server/db/pglite';
import { agent, describeEachDb } from './helpers';

describeEachDb('login rate limit', (server) => {
  it('blocks an account after 10 failures in 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await agent(server, { remoteAddress: `10.0.0.${i + 1}` }).login(
        'trainer',
        'wrong',
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await agent(server, { remoteAddress: '10.0.1.1' }).login('trainer');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.json().message).toBeTypeOf('string');
    // Another account from another address is unaffected.
    expect((await agent(server, { remoteAddress: '10.0.1.2' }).login('learner')).statusCode).toBe(
      200,
    );
  });

  it('blocks an address after 10 failures across accounts', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++)
      expect((await agent(server, { remoteAddress: ip }).login(`ghost${i}`, 'x')).statusCode).toBe(
        400,
      );
    expect((await agent(server, { remoteAddress: ip }).login('courseadmin')).statusCode).toBe(429);
    expect(
      (await agent(server, { remoteAddress: '10.9.9.10' }).login('courseadmin')).statusCode,
    ).toBe(200);
  });

  it('lets the account in again once the failures are older than the window', async () => {
    await server().db.query(
      `UPDATE login_failures SET created_at = now() - interval '16 minutes' WHERE key = 'account:trainer'`,
    );
    expect((await agent(server, { remoteAddress: '10.0.2.1' }).login('trainer')).statusCode).toBe(
      200,
    );
  });

  it('a successful login clears the account failures', async () => {
    const a = agent(server, { remoteAddress: '10.0.3.1' });
    for (let i = 0; i < 9; i++) await a.login('admin', 'wrong');
    expect((await a.login('admin')).statusCode).toBe(200);
    const b = agent(server, { remoteAddress: '10.0.3.2' });
    for (let i = 0; i < 9; i++) expect((await b.login('admin', 'wrong')).statusCode).toBe(400);
    expect((await b.login('admin')).statusCode).toBe(200);
  });
});

const TOKEN = 'proxied-xsrf-token';

describe('login rate limit behind a load balancer (TRUST_PROXY=1) [pglite]', () => {
  let app: AtriumApp | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    db = await openPglite({ snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    app = await buildApp({
      db,
      seed: 'none',
      trustProxy: readConfig({ TRUST_PROXY: '1' }).trustProxy,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  /** A login through the balancer at 10.0.0.2, with the X-Forwarded-For it passes on. */
  const login = (name: string, forwardedFor: string) =>
    app!.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { 'x-xsrf-token': TOKEN, 'x-forwarded-for': forwardedFor },
      cookies: { 'XSRF-TOKEN': TOKEN },
      payload: { name, password: 'wrong' },
      remoteAddress: '10.0.0.2',
    });

  it('counts the address the balancer saw, however the client varies what it sends in front of it', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login(`ghost-proxied-${i}`, `192.0.2.${i}, 203.0.113.9`)).statusCode).toBe(400);
    const next = await login('ghost-proxied-10', '192.0.2.200, 203.0.113.9');
    expect(next.statusCode).toBe(429);
    // Another client behind the same balancer is not affected.
    expect((await login('ghost-proxied-11', '203.0.113.10')).statusCode).toBe(400);
  });
});
