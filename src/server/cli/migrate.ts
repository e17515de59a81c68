import { mkdir } from 'node:fs/promises';
import { readConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';

const config = readConfig();
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrate(db);
  process.stdout.write(
    applied.length ? `Applied ${applied.join(', ')}\n` : 'The database is up to date.\n',
  );
} finally {
  await db.close();
}
