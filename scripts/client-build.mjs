// The built portal in dist/client: whether it is older than its sources, and building it. Used by
// `npm start`, the end-to-end setup and `npm run bench`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the client build is made from. */
const SOURCES = [
  'src',
  'engine',
  'schemas',
  'public',
  'index.html',
  'routes.config.json',
  'vite.config.ts',
  'package.json',
];
/** Folders under the sources that never end up in the client build. */
const NOT_CLIENT = new Set(['node_modules', '__tests__', 'server']);

function newestMtime(full) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true }))
    if (!NOT_CLIENT.has(entry.name))
      newest = Math.max(newest, newestMtime(path.join(full, entry.name)));
  return newest;
}

/**
 * The state of the build under `root`: `missing`, `stale` (a source is newer than it) or
 * `current`.
 * @param {string} root
 * @returns {'missing' | 'stale' | 'current'}
 */
export function clientBuildState(root) {
  const index = path.join(root, 'dist/client/index.html');
  if (!fs.existsSync(index)) return 'missing';
  const builtAt = fs.statSync(index).mtimeMs;
  const sourcesAt = Math.max(...SOURCES.map((p) => newestMtime(path.join(root, p))));
  return builtAt < sourcesAt ? 'stale' : 'current';
}

/**
 * Runs `vite build` in `root` with its output shown; returns whether it succeeded.
 * @param {string} root
 * @returns {boolean}
 */
export function buildClient(root) {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  return build.status === 0;
}
