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
  trustProxy: boolean;
  /** BENCH_ROUTES=1: the routes `npm run bench` compares with. */
  benchRoutes: boolean;
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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    benchRoutes: env.BENCH_ROUTES === '1',
  };
}
