import { expect, it } from 'vitest';
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
