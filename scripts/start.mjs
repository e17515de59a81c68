#!/usr/bin/env node
// `npm start`: build the portal and the server where a build is missing or older than its
// sources, then serve portal and API (dist/server/main.mjs) in one process. `--no-build` (what
// `npm run serve` runs, after `npm run build`) or SKIP_BUILD=1 serves the builds there are, as
// they are.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, serverCommand } from './builds.mjs';

const root = path.resolve(import.meta.dirname, '..');
const keepStale = process.argv.includes('--no-build') || process.env.SKIP_BUILD === '1';
for (const name of ['portal', 'server']) {
  if (!ensureBuilt(root, name, { log: console.log, keepStale })) {
    console.error(`The ${name} build failed; see the messages above.`);
    process.exit(1);
  }
}

const command = serverCommand(root);
const server = spawn(process.execPath, command.args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...command.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
