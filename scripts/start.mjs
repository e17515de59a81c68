#!/usr/bin/env node
// `npm start`: build the client if the build is missing or older than its sources, then serve
// portal and API (src/server/main.ts) in one process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClient, clientBuildState } from './client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const state = clientBuildState(root);
if (process.env.SKIP_BUILD !== '1' && state !== 'current') {
  console.log(
    state === 'stale'
      ? 'Sources changed since the last build: building the portal…'
      : 'Building the portal (first start)…',
  );
  if (!buildClient(root)) {
    console.error('The client build failed; see the messages above.');
    process.exit(1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
