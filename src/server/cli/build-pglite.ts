// The process startNewPglite (src/server/db/new-pglite.ts) starts: builds a new embedded database
// in the directory it is given and sends what it did to its parent. Usage:
// build-pglite <dir> <demo|none>
import { buildPglite } from '../db/build-pglite';

const [dir, mode] = process.argv.slice(2);
if (!process.send || !dir || (mode !== 'demo' && mode !== 'none')) {
  process.stderr.write('Usage (from startNewPglite only): build-pglite <dir> <demo|none>\n');
  process.exit(2);
}
// The server that wanted the database has ended (or was killed): stop, and leave the directory
// as it was (what was written beside it is removed by the next start). It may have ended while
// this process was loading, before anyone listened.
process.once('disconnect', () => process.exit(1));
if (!process.connected) process.exit(1);
const result = await buildPglite(dir, mode);
process.send(result, () => process.exit(0));
