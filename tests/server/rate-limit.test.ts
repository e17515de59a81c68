import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { openPglite } from '../../src/server/db/pglite';
import { forgetStaleSignIns } from '../../src/server/routes/auth';
import { agent, describeEachDb, PASSWORD, sampleLockWaits, type TestServer } from './helpers';

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

  it('forgets failures past the window of keys that never come back, and ended sessions', async () => {
    const db = server().db;
    for (let i = 0; i < 3; i++)
      await agent(server, { remoteAddress: `10.7.0.${i + 1}` }).login(`drifter${i}`, 'wrong');
    await db.query(
      `UPDATE login_failures SET created_at = now() - interval '16 minutes' WHERE key LIKE '%drifter%' OR key LIKE 'ip:10.7.0.%'`,
    );
    await agent(server, { remoteAddress: '10.7.1.1' }).login('drifter-now', 'wrong');
    const ended = agent(server, { remoteAddress: '10.7.2.1' });
    expect((await ended.login('learner')).statusCode).toBe(200);
    const count = async (sql: string) =>
      Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) q`)).rows[0]!.n);
    const learnerSessions = `SELECT 1 FROM sessions WHERE uid = (SELECT uid FROM users WHERE name = 'learner')`;
    await db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE uid = (SELECT uid FROM users WHERE name = 'learner')`,
    );
    const live = await count('SELECT 1 FROM sessions WHERE expires_at > now()');
    expect(await count(learnerSessions)).toBeGreaterThan(0);

    await forgetStaleSignIns(server().app.repos);

    const { rows } = await db.query<{ key: string }>(
      `SELECT key FROM login_failures WHERE key LIKE '%drifter%' OR key LIKE 'ip:10.7.%' ORDER BY key`,
    );
    expect(rows.map((r) => r.key)).toEqual(['account:drifter-now', 'ip:10.7.1.1']);
    expect(await count(learnerSessions)).toBe(0);
    expect(await count('SELECT 1 FROM sessions')).toBe(live);
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

/** One login attempt of a burst: the account, the password and the caller's address. */
interface Attempt {
  name: string;
  password: string;
  address: string;
}

const TOKEN = 'burst-xsrf-token';

/** Sends every attempt at once, as parallel requests, and returns their statuses in order. */
async function burst(server: () => TestServer, attempts: readonly Attempt[]): Promise<number[]> {
  const answers = await Promise.all(
    attempts.map((a) =>
      server().app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'x-xsrf-token': TOKEN },
        cookies: { 'XSRF-TOKEN': TOKEN },
        payload: { name: a.name, password: a.password },
        remoteAddress: a.address,
      }),
    ),
  );
  return answers.map((r) => r.statusCode);
}

const tally = (statuses: readonly number[]) => {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};

/** A distinct address for the i-th attempt of a test, so that only the account key counts. */
const addressOf = (test: number, i: number) => `10.${100 + test}.${i >> 8}.${i & 255}`;

describeEachDb('login rate limit under concurrent attempts', (server) => {
  for (const [test, size] of [
    [1, 100],
    [2, 300],
  ] as const) {
    it(`${size} wrong passwords at once for one account: exactly 10 are checked, the rest get 429`, async () => {
      const name = `ghost-burst-${size}`;
      const statuses = await burst(
        server,
        Array.from({ length: size }, (_, i) => ({
          name,
          password: `wrong-${i}`,
          address: addressOf(test, i),
        })),
      );
      const counts = tally(statuses);
      console.info(
        `[figures] login burst [${server().kind}]: ${size} concurrent wrong passwords for one account: ` +
          `${counts[400] ?? 0} checked, ${counts[429] ?? 0} x 429`,
      );
      expect(counts).toEqual({ 400: 10, 429: size - 10 });
    });
  }

  it('a burst on one account waits for its turn outside the database: everyone else keeps the connections', async () => {
    // While 300 attempts on one account are in flight, count the database sessions waiting for
    // that account's lock: each holds a connection of the pool, which everyone else needs.
    const waits = sampleLockWaits(server().db, 'advisory');
    const statuses = await burst(
      server,
      Array.from({ length: 300 }, (_, i) => ({
        name: 'ghost-pool',
        password: `wrong-${i}`,
        address: addressOf(4, i),
      })),
    );
    const { most, samples } = await waits.stop();
    expect(tally(statuses)).toEqual({ 400: 10, 429: 290 });
    expect(samples).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(1);
    // A learner signs in meanwhile as ever.
    expect((await agent(server, { remoteAddress: '10.97.0.1' }).login('learner')).statusCode).toBe(
      200,
    );
  });

  it('100 wrong passwords at once from one address over many accounts: exactly 10 are checked', async () => {
    const statuses = await burst(
      server,
      Array.from({ length: 100 }, (_, i) => ({
        name: `ghost-address-${i}`,
        password: 'wrong',
        address: '10.99.0.1',
      })),
    );
    expect(tally(statuses)).toEqual({ 400: 10, 429: 90 });
  });

  it('once the limit is reached, a burst that includes the right password never signs in', async () => {
    const fill = await burst(
      server,
      Array.from({ length: 30 }, (_, i) => ({
        name: 'marcus',
        password: `wrong-${i}`,
        address: addressOf(3, i),
      })),
    );
    expect(tally(fill)).toEqual({ 400: 10, 429: 20 });
    const attempts = Array.from({ length: 50 }, (_, i) => ({
      name: 'marcus',
      password: i % 10 === 0 ? PASSWORD : `wrong-again-${i}`,
      address: addressOf(3, 100 + i),
    }));
    expect(tally(await burst(server, attempts))).toEqual({ 429: 50 });
  });

  it('signing in releases the attempt, so an address with many sign-ins is not blocked', async () => {
    const statuses = await burst(
      server,
      Array.from({ length: 5 }, () => ({
        name: 'layla',
        password: PASSWORD,
        address: '10.98.0.1',
      })),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    for (let i = 0; i < 12; i++)
      expect((await agent(server, { remoteAddress: '10.98.0.1' }).login('layla')).statusCode).toBe(
        200,
      );
  });
});

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
