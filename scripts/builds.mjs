// The builds in dist: the portal (dist/client) and the server (dist/server), whether each is
// older than its sources, and building them. Used by `npm start`, the end-to-end setup and
// `npm run bench`.
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

/** What the server build is made from, and the folders under them that never end up in it. */
const SERVER_SOURCES = [
  'src',
  'engine',
  'schemas',
  'package.json',
  'tsconfig.json',
  'scripts/build-server.mjs',
];
const NOT_SERVER = new Set(['node_modules', '__tests__']);

/** The newest modification time of a file or, deep, of a folder, leaving out `skip`. */
function newestMtime(full, skip) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true }))
    if (!skip.has(entry.name))
      newest = Math.max(newest, newestMtime(path.join(full, entry.name), skip));
  return newest;
}

/** The built server, from the project root. */
const SERVER_MAIN = 'dist/server/main.mjs';
/** The largest semi-space of the server's young generation, in MB (see {@link serverCommand}). */
const SEMI_SPACE_MB = 8;

/**
 * How to run the built server: `node <args>` with these variables added to the environment.
 *
 * glibc's malloc raises its mmap threshold up to 32 MB after the first large block is freed,
 * and each thread keeps its own arena: every scrypt password check (16 MB, on the libuv thread
 * pool) then stays resident after it is done, 70 MB after 50 logins. A fixed 1 MB threshold
 * hands such blocks back to the system when freed. A value the environment sets already wins.
 *
 * V8 lets each of the young generation's semi-spaces grow to 16 MB under load; the server's
 * short-lived objects (a request, its rows, its answer) die young at 8 MB as well, and the
 * process then stays about 30 MB smaller after a burst of requests, at the same throughput
 * (`npm run bench`). A `--max-semi-space-size` in NODE_OPTIONS wins here too.
 * @param {string} root
 * @returns {{ args: string[], env: Record<string, string> }}
 */
export function serverCommand(root) {
  const semiSpace = /--max-semi-space-size\b/.test(process.env.NODE_OPTIONS ?? '')
    ? []
    : [`--max-semi-space-size=${SEMI_SPACE_MB}`];
  return {
    args: [...semiSpace, path.join(root, SERVER_MAIN)],
    env: { MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576' },
  };
}

/** Each build: the file that says it is there, what it is made from, and how it is made. */
const BUILDS = {
  portal: {
    output: 'dist/client/index.html',
    sources: SOURCES,
    skip: NOT_CLIENT,
    script: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  },
  server: {
    output: SERVER_MAIN,
    sources: SERVER_SOURCES,
    skip: NOT_SERVER,
    script: ['scripts/build-server.mjs'],
  },
};

/** `missing`, `stale` (a source is newer than the build) or `current`. */
function buildState(root, { output, sources, skip }) {
  const built = path.join(root, output);
  if (!fs.existsSync(built)) return 'missing';
  const builtAt = fs.statSync(built).mtimeMs;
  const sourcesAt = Math.max(...sources.map((p) => newestMtime(path.join(root, p), skip)));
  return builtAt < sourcesAt ? 'stale' : 'current';
}

/**
 * Builds the portal (`portal`, into dist/client, with `vite build`) or the server (`server`,
 * into dist/server, with scripts/build-server.mjs) when its build is missing or, unless
 * `keepStale`, older than its sources, saying so through `log` and showing the build's output.
 * Returns whether the build is there.
 * @param {string} root
 * @param {'portal' | 'server'} name
 * @param {{ log: (line: string) => void, keepStale?: boolean }} options
 * @returns {boolean}
 */
export function ensureBuilt(root, name, { log, keepStale = false }) {
  const build = BUILDS[name];
  const state = buildState(root, build);
  if (state === 'current' || (keepStale && state === 'stale')) return true;
  log(
    state === 'stale'
      ? `Sources changed since the last build: building the ${name}…`
      : `Building the ${name}…`,
  );
  const [script, ...args] = build.script;
  return (
    spawnSync(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit' })
      .status === 0
  );
}
