import { mkdir } from 'node:fs/promises';
import { readConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import { seed, type SeedMode } from '../seed/seed';

const config = readConfig();
// `npm run db:seed` means the demo unless SEED says otherwise.
const mode: SeedMode = process.env.SEED === 'none' ? 'none' : 'demo';
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const result = await seed(db, mode);
  process.stdout.write(
    result.demo
      ? 'Seeded the demo site.\n'
      : result.base
        ? 'Seeded roles and languages.\n'
        : 'The database is not empty; nothing seeded.\n',
  );
} finally {
  await db.close();
}
