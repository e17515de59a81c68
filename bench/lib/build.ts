import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the client build is made from (as `npm start` judges staleness). */
const CLIENT_SOURCES = [
  'src',
  'engine',
  'schemas',
  'public',
  'index.html',
  'routes.config.json',
  'vite.config.ts',
  'package.json',
];
/** Folders that never end up in the client build. */
const NOT_CLIENT = new Set(['node_modules', '__tests__', 'server']);

function newestMtime(full: string): number {
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true }))
    if (!NOT_CLIENT.has(entry.name))
      newest = Math.max(newest, newestMtime(path.join(full, entry.name)));
  return newest;
}

/**
 * Builds the client into dist/client when the build is missing or older than its sources, so
 * the browser figures measure the code as it is. Throws when the build fails.
 */
export function ensureClientBuild(root: string, log: (line: string) => void): void {
  const index = path.join(root, 'dist/client/index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...CLIENT_SOURCES.map((p) => newestMtime(path.join(root, p))));
  if (builtAt >= sourcesAt) {
    log('The client build is up to date.');
    return;
  }
  log(builtAt ? 'Sources changed since the last build: building…' : 'Building the client…');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('The client build failed; see the messages above.');
}
