#!/usr/bin/env node
// Builds the server into dist/server: src/server/main.ts bundled into main.mjs with the project's
// own modules (TypeScript and the @/, @engine/, @schemas/ paths), and every entity schema module
// beside it for the server to register when it starts; and, bundled on its own, the process that
// builds a new embedded database (build-pglite.mjs), with the template of a new database (a
// cluster with every migration applied) it starts from. Packages stay in node_modules. Running
// the build instead of the TypeScript sources spares the server a TypeScript loader: it starts
// sooner and holds less memory. `npm run build` and `npm start` run it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/server');
const schemasDir = path.join(root, 'schemas/entities');

/** Our own modules, bundled; everything else (packages, node: built-ins) is imported at run time. */
const OWN = /^(\.|@\/|@engine\/|@schemas\/)/;

const schemaEntries = fs
  .readdirSync(schemasDir)
  .filter((name) => name.endsWith('.schema.ts'))
  .map((name) => [`schemas/entities/${name.replace(/\.ts$/, '')}`, path.join(schemasDir, name)]);

/** Options of one build into dist/server. */
const common = {
  cwd: root,
  platform: 'node',
  tsconfig: path.join(root, 'tsconfig.json'),
  external: (id) => !OWN.test(id) && !path.isAbsolute(id),
  // A package is imported only for what a bundled module uses of it: the engine's core modules
  // import ky and date-fns for the browser, and loading them took a quarter of a second of every
  // start. (A package wanted for its side effects alone would be dropped: return true for it.)
  treeshake: { moduleSideEffects: (_id, external) => !external },
  logLevel: 'warn',
  output: {
    dir: out,
    format: 'esm',
    // Shared chunks sit beside main.mjs: src/server/paths.ts finds the project two folders up.
    entryFileNames: '[name].mjs',
    chunkFileNames: '[name]-[hash].mjs',
    sourcemap: true,
  },
};

fs.rmSync(out, { recursive: true, force: true });
try {
  await build({
    ...common,
    input: { main: path.join(root, 'src/server/main.ts'), ...Object.fromEntries(schemaEntries) },
  });
  // The process that builds a new embedded database (src/server/db/new-pglite.ts), on its own:
  // sharing chunks with the server would make it load the packages of every module in them.
  await build({
    ...common,
    input: {
      'build-pglite': path.join(root, 'src/server/cli/build-pglite.ts'),
      // Its thread writing the database's files.
      'data-file-writer': path.join(root, 'src/server/db/data-file-writer.ts'),
      'write-cluster-template': path.join(root, 'src/server/cli/write-cluster-template.ts'),
    },
  });
} catch (error) {
  console.error(`The server build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// The template of a new database, which a first start on an empty data directory unpacks instead
// of running PGlite's initdb and the migrations (src/server/db/cluster-template.ts). Run once, the
// WebAssembly is not worth optimising (`--liftoff-only`).
const template = spawnSync(
  process.execPath,
  ['--liftoff-only', path.join(out, 'write-cluster-template.mjs')],
  { cwd: root, stdio: 'inherit' },
);
if (template.status !== 0) {
  console.error('The server build failed: the template of a new database could not be written.');
  process.exit(1);
}
