import path from 'node:path';
import { freePort, spawnProcess } from '../lib/server';

/**
 * The smallest server that answers like the portal's liveness probe: Node starting, Fastify
 * loading and listening. The floor any server start-up is compared with.
 */
const BARE_SERVER = `
const app = require('fastify')();
app.get('/api/v2/health', async () => ({ data: { status: 'ok' } }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Milliseconds from spawning `node -e <bare Fastify server>` to its first 200, the median of
 * `times` starts.
 */
export async function bareStartupMs(root: string, logDir: string, times = 3): Promise<number> {
  const results: number[] = [];
  for (let i = 0; i < times; i++) {
    const port = await freePort();
    const server = spawnProcess({
      root,
      args: ['-e', BARE_SERVER],
      env: { ...process.env, PORT: String(port) },
      port,
      logFile: path.join(logDir, 'bare-server.log'),
    });
    try {
      results.push(await server.untilHealthy());
    } finally {
      await server.stop();
    }
  }
  return median(results);
}
