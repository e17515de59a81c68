#!/usr/bin/env node
// `npm start`: build the portal and the server where a build is missing or older than its
// sources, then serve portal and API (dist/server/main.mjs) in one process. SKIP_BUILD=1 serves
// the builds there are, as they are.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, SERVER_MAIN } from './builds.mjs';

const root = path.resolve(import.meta.dirname, '..');
const keepStale = process.env.SKIP_BUILD === '1';
for (const name of ['portal', 'server']) {
  if (!ensureBuilt(root, name, { log: console.log, keepStale })) {
    console.error(`The ${name} build failed; see the messages above.`);
    process.exit(1);
  }
}

const server = spawn(process.execPath, [path.join(root, SERVER_MAIN)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
