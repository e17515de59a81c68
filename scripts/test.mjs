#!/usr/bin/env node
// `npm test`: every check and every test, end-to-end included. Stops at the first failing step
// and names it. Extra arguments go to Vitest (e.g. `npm test -- --project unit`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const extra = process.argv.slice(2);

const steps = [
  ['validate config and schemas', bin('tsx'), ['engine/cli/validate.ts']],
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['format check', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['unused files and dependencies', bin('knip'), []],
  ['build the client', bin('vite'), ['build', '--logLevel', 'warn']],
  ['bundle budgets', process.execPath, ['scripts/check-bundle.mjs']],
  ['build the server', process.execPath, ['scripts/build-server.mjs']],
  ['tests (unit, server, end-to-end)', bin('vitest'), ['run', ...extra]],
];

for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(
      `\n✖ npm test failed at step "${name}" (exit ${result.status ?? result.signal}, ${seconds} s).`,
    );
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
