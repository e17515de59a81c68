// `npm run bench:scale-db`: builds the scale benchmark's organisation on its own and keeps it,
// to look at the server's queries on it (EXPLAIN) or to start the server on it.
//
//   BENCH_SCALE_SIZE        large (default) or medium
//   BENCH_SCALE_DB          the PostgreSQL database to (re)create: atrium_scale_<size> by default
//   BENCH_DATABASE_URL      where PostgreSQL is: postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_SCALE_PGLITE_DIR  build a PGlite DATA_DIR there instead (it must be empty or missing)
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ensureBuilds } from '../lib/build';
import { createBenchDatabase, ServerLauncher } from '../lib/server';
import { growPglite, growPostgres, migrateAndSeed, type Grown } from './databases';
import { SIZES } from './sizes';

const root = path.resolve(import.meta.dirname, '../..');
const sizeName = process.env.BENCH_SCALE_SIZE ?? 'large';
if (sizeName !== 'large' && sizeName !== 'medium')
  throw new Error(`BENCH_SCALE_SIZE must be large or medium, not "${sizeName}".`);
const size = SIZES[sizeName];
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const pgliteDir = process.env.BENCH_SCALE_PGLITE_DIR;
const log = (line: string) => console.log(line);

function report(grown: Grown): void {
  log(`Built in ${grown.seconds.toFixed(0)} s:`);
  for (const [table, n] of Object.entries(grown.counts))
    log(`  ${table}: ${n.toLocaleString('en-US')}`);
  log(
    grown.problems.length
      ? `Inconsistent:\n${grown.problems.map((p) => `  ${p}`).join('\n')}`
      : 'Consistent: balances, lots, orders, stock, completions and references.',
  );
}

ensureBuilds(root, ['server'], log);
if (pgliteDir) {
  const dir = path.resolve(pgliteDir);
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length) throw new Error(`${dir} is not empty.`);
  const launcher = new ServerLauncher({ root, database: null, log });
  try {
    log(`Migrating and seeding the demo site into ${dir}…`);
    await migrateAndSeed(launcher, 'pglite', dir);
    log(`Growing it to the ${size.name} organisation…`);
    report(await growPglite(dir, size, log));
  } finally {
    await launcher.cleanup();
  }
  log(`Start the server on it with DATA_DIR=${dir}`);
} else {
  const name = process.env.BENCH_SCALE_DB ?? `atrium_scale_${size.name}`;
  const database = await createBenchDatabase(adminUrl, log, name);
  if (!database) throw new Error(`No PostgreSQL at ${adminUrl}.`);
  let built = false;
  const launcher = new ServerLauncher({ root, database, keepDatabase: true, log });
  try {
    log(`Migrating and seeding the demo site into ${name}…`);
    await migrateAndSeed(launcher, 'postgres', await launcher.tempDir());
    log(`Growing it to the ${size.name} organisation…`);
    report(await growPostgres(database.url, size, log));
    built = true;
  } finally {
    await launcher.cleanup();
    // A half-built database is no use to anyone.
    if (!built) await database.drop();
  }
  log(`Kept: DATABASE_URL=${database.url}`);
}
