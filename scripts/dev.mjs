#!/usr/bin/env node
// `npm run dev`: the API on :3000 (restarted on change) and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      'src/server/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SERVE_CLIENT: '0' },
    },
  ),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--host', process.env.HOST ?? '127.0.0.1'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
];
console.log('Atrium dev: open http://127.0.0.1:5173 (API on http://127.0.0.1:3000/api/v2)');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
