import { mkdir } from 'node:fs/promises';
import { readConfig } from './config';
import { pgliteDir, startNewPglite } from './db/new-pglite';

const config = readConfig();
await mkdir(config.dataDir, { recursive: true });
// A new embedded database takes seconds to build: it is built in a process of its own while this
// one loads the server's code (imported only now, for that reason) and assembles the app.
const newPglite = config.databaseUrl
  ? undefined
  : startNewPglite(pgliteDir(config.dataDir), config.seed);
const [{ buildApp }, { demoAccounts }] = await Promise.all([
  import('./app'),
  import('./seed/seed'),
]);

const app = await buildApp({
  logger: true,
  production: config.production,
  seed: config.seed,
  clientDir: config.clientDir,
  rendererFile: config.rendererFile,
  trustProxy: config.trustProxy,
  benchRoutes: config.benchRoutes,
  dataDir: config.dataDir,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  ...(newPglite ? { newPglite } : {}),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const host = config.host.includes(':') ? `[${config.host}]` : config.host;
const lines = [
  '',
  `  Atrium is running at http://${host}:${port}/`,
  `  API: http://${host}:${port}/api/v2 (OpenAPI at /api/v2/openapi.json)`,
  `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db`}`,
  `  Uploads: ${config.dataDir}/uploads`,
];
if ((await app.repos.users.count()) > 0 && config.seed === 'demo') {
  lines.push('  Demo accounts (password atrium-demo):');
  for (const account of demoAccounts) lines.push(`    ${account.name.padEnd(12)} ${account.role}`);
}
process.stdout.write(`${lines.join('\n')}\n\n`);
