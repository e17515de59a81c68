import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../src/server/db/pglite';
import {
  Browser,
  PROCESS_TEST_TIMEOUT_MS,
  pointsOf,
  serverEnv,
  sleep,
  startServer,
  type ServerProcess,
  type Store,
} from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEMO_ACCOUNTS = ['admin', 'courseadmin', 'trainer', 'learner'];

/** An empty DATA_DIR: the server's first start makes its PGlite database. */
async function emptyStore(): Promise<Store> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-first-start-'));
  return {
    kind: 'pglite',
    dataDir,
    databaseUrl: undefined,
    open: () => openPglite({ dataDir: path.join(dataDir, 'db') }),
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** The processes whose command line names `dir` (a server or the process building its database). */
function processesNaming(dir: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .filter((line) => line.includes(dir) && !line.includes('ps -eo'))
    .map((line) => line.trim());
}

describe('first start on an empty data directory [pglite]', () => {
  const stores: Store[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    for (const store of stores) await store.remove();
  });

  it(
    'migrates and seeds before it answers: its first health 200 comes with demo accounts that sign in, and a restart keeps the site',
    async () => {
      const store = await emptyStore();
      stores.push(store);
      const first = await startServer(store);
      servers.push(first);
      const health = await new Browser().send(first.origin, 'GET', '/api/v2/health');
      expect(health.status).toBe(200);
      for (const name of DEMO_ACCOUNTS) await new Browser().login(first.origin, name);
      const learner = new Browser();
      await learner.login(first.origin, 'learner');
      const points = await pointsOf(first.origin, learner);
      expect(first.output()).toContain('database migrated');
      expect(first.output()).toContain('demo site seeded');
      // The database was written whole into place: nothing is left beside it.
      expect((await readdir(store.dataDir)).filter((n) => n.startsWith('db'))).toEqual(['db']);

      expect(await first.stop('SIGTERM'), first.output()).toEqual({ code: 0, signal: null });
      const second = await startServer(store);
      servers.push(second);
      expect(second.output()).not.toContain('demo site seeded');
      await learner.login(second.origin, 'learner');
      expect(await pointsOf(second.origin, learner)).toBe(points);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a first start killed while its database is being built stops building it, and the next start builds it',
    async () => {
      const store = await emptyStore();
      stores.push(store);
      const killed = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: serverEnv(store),
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => killed.once('exit', resolve));
      // Until the process building the database runs (it names the directory), then a kill.
      let building: string[] = [];
      for (let waited = 0; waited < 60_000 && !building.length; waited += 50) {
        await sleep(50);
        building = processesNaming(store.dataDir).filter((p) => p.includes('build-pglite'));
      }
      expect(building.length, 'the database is built by a process of its own').toBe(1);
      killed.kill('SIGKILL');
      await exited;

      let left = processesNaming(store.dataDir);
      for (let waited = 0; waited < 30_000 && left.length; waited += 100) {
        await sleep(100);
        left = processesNaming(store.dataDir);
      }
      expect(left, 'nothing builds a database for a server that is gone').toEqual([]);
      // It stopped rather than finished: seconds of work were left when the server was killed.
      expect(existsSync(path.join(store.dataDir, 'db'))).toBe(false);

      const next = await startServer(store);
      servers.push(next);
      for (const name of DEMO_ACCOUNTS) await new Browser().login(next.origin, name);
      expect((await readdir(store.dataDir)).filter((n) => n.startsWith('db'))).toEqual(['db']);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
