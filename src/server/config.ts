import path from 'node:path';
import type { SeedMode } from './seed/seed';

/** Server settings read from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seed: SeedMode;
  production: boolean;
  clientDir: string;
  /** The page renderer built beside the client (`dist/ssr/server-render.js`). */
  rendererFile: string;
  /**
   * TRUST_PROXY: how many reverse proxies stand in front of the server (0: none). The client's
   * address is the one the outermost of them saw, see {@link proxyTrust}.
   */
  trustProxy: number;
  /** BENCH_ROUTES=1: the routes `npm run bench` compares with. */
  benchRoutes: boolean;
}

/** TRUST_PROXY as a number of proxies; `true`, its old spelling for one, still means one. */
function proxyHops(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(hops))
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2…), not "${value}".`,
    );
  return hops;
}

/**
 * Fastify's `trustProxy` for `hops` proxies in front of the server: the connecting peer and the
 * addresses the proxies after the first appended to `X-Forwarded-For` are trusted, so the
 * client's address is the one the first proxy saw, and anything the client itself put in front
 * of it is ignored. `X-Forwarded-Proto` is believed as soon as one proxy is. (Fastify's own
 * numeric setting trusts nothing since 5.12, and `true` takes the leftmost, client-made entry.)
 *
 * @example
 * Fastify({ trustProxy: proxyTrust(1) }); // request.ip: the rightmost X-Forwarded-For entry
 */
export function proxyTrust(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 && ((_address: string, hop: number) => hop < hops);
}

/** Reads PORT, HOST, DATA_DIR, DATABASE_URL, SEED, NODE_ENV, CLIENT_DIR, TRUST_PROXY and BENCH_ROUTES. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const seed = env.SEED ?? (production ? 'none' : 'demo');
  if (seed !== 'demo' && seed !== 'none')
    throw new Error(`SEED must be "demo" or "none", not "${seed}".`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  const clientDir = path.resolve(env.CLIENT_DIR || './dist/client');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    production,
    clientDir,
    rendererFile: path.join(clientDir, '..', 'ssr', 'server-render.js'),
    trustProxy: proxyHops(env.TRUST_PROXY),
    benchRoutes: env.BENCH_ROUTES === '1',
  };
}
