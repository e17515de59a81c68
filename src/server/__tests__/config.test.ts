import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { proxyTrust, readConfig } from '../config';

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front of the server; unset trusts none, and "true" means one', () => {
    const hops = (value: string | undefined) => readConfig({ TRUST_PROXY: value }).trustProxy;
    expect(hops(undefined)).toBe(0);
    expect(hops('')).toBe(0);
    expect(hops('0')).toBe(0);
    expect(hops('false')).toBe(0);
    expect(hops('1')).toBe(1);
    expect(hops('true')).toBe(1);
    expect(hops('2')).toBe(2);
  });

  it('refuses anything else at start-up, saying what it should be', () => {
    for (const value of ['yes', '-1', '1.5', '1,2', '10.0.0.1', ' 1x'])
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(
        `TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2…), not "${value}".`,
      );
  });

  it('the client is the address the last trusted proxy saw, whatever the client put in front of it', async () => {
    const seen = async (hops: number, headers: Record<string, string>) => {
      const app = Fastify({ trustProxy: proxyTrust(hops) });
      app.get('/', async (request) => ({ ip: request.ip, protocol: request.protocol }));
      const res = await app.inject({ url: '/', remoteAddress: '10.0.0.2', headers });
      await app.close();
      return res.json<{ ip: string; protocol: string }>();
    };
    // The client (203.0.113.9) sent a made-up address; a CDN (198.51.100.7) appended the one it
    // saw, and the load balancer (10.0.0.2, the peer) appended the CDN's.
    const forwarded = {
      'x-forwarded-for': '6.6.6.6, 203.0.113.9, 198.51.100.7',
      'x-forwarded-proto': 'https',
    };
    expect(await seen(0, forwarded)).toEqual({ ip: '10.0.0.2', protocol: 'http' });
    expect(await seen(1, forwarded)).toEqual({ ip: '198.51.100.7', protocol: 'https' });
    expect(await seen(2, forwarded)).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    // More hops than the header names: the leftmost address, the one the first proxy saw.
    expect(await seen(5, { 'x-forwarded-for': '203.0.113.9' })).toEqual({
      ip: '203.0.113.9',
      protocol: 'http',
    });
  });
});
