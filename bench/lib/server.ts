import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverCommand } from '../../scripts/builds.mjs';
import type { BenchDb, BenchServer } from './types';

/** How often start-up polls `GET /api/v2/health`. */
const HEALTH_POLL_MS = 20;
/** A server that has not answered by then is taken as failed to start. */
const START_TIMEOUT_MS = 120_000;
/** After SIGTERM, a server gets this long to close before SIGKILL. */
const STOP_GRACE_MS = 10_000;
/** Environment variables of the server's configuration that the bench sets itself. */
const SERVER_ENV_KEYS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'SEED',
  'CLIENT_DIR',
  'TRUST_PROXY',
  'BENCH_ROUTES',
];

/** A free TCP port on 127.0.0.1, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The resident memory of a process in MB (VmRSS of /proc/<pid>/status); null when gone. */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** The status code of one GET, or 0 when the connection failed or timed out. */
function statusOf(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', () => resolve(0));
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(0));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process being started: spawned, not yet known to answer. */
export interface SpawnedProcess extends BenchServer {
  child: ChildProcess;
  /** `performance.now()` just before the spawn. */
  spawnedAt: number;
  /**
   * Polls `GET <path>` every 20 ms until it answers 200 and returns the milliseconds from the
   * spawn to that answer; rejects when the process exits first or after 120 s.
   */
  untilHealthy(healthPath?: string): Promise<number>;
  /** The end of the process's output (its log file), for error messages. */
  output(): string;
}

/** Options of {@link spawnProcess}. */
export interface SpawnOptions {
  root: string;
  /** Arguments to `node`. */
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  /** Where stdout and stderr go: a file, so that a busy server never waits on a pipe. */
  logFile: string;
}

/** Spawns a Node process that serves HTTP on `port` and keeps it from outliving the bench. */
export function spawnProcess(o: SpawnOptions): SpawnedProcess {
  const fd = openSync(o.logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, o.args, {
    cwd: o.root,
    env: o.env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphanGuard);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${o.port}`;
  const output = () => {
    try {
      return readFileSync(o.logFile, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    pid: child.pid ?? 0,
    child,
    spawnedAt,
    output,
    async untilHealthy(healthPath = '/api/v2/health') {
      const deadline = spawnedAt + START_TIMEOUT_MS;
      while (running()) {
        const polled = performance.now();
        if ((await statusOf(`${url}${healthPath}`, 1000)) === 200)
          return performance.now() - spawnedAt;
        if (polled > deadline) break;
        await sleep(Math.max(0, HEALTH_POLL_MS - (performance.now() - polled)));
      }
      const why = running() ? 'did not answer within 120 s' : `exited (${child.exitCode})`;
      child.kill('SIGKILL');
      throw new Error(`The server at ${url} ${why}:\n${output()}`);
    },
    async stop() {
      if (!running()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A PostgreSQL database made for one bench run. */
export interface BenchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Creates the empty database `name` (by default `atrium_bench_<pid>`) through `adminUrl`;
 * resolves to null (with the reason logged) when PostgreSQL cannot be reached.
 */
export async function createBenchDatabase(
  adminUrl: string,
  log: (line: string) => void,
  name = `atrium_bench_${process.pid}`,
): Promise<BenchDatabase | null> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
  } catch (error) {
    log(`PostgreSQL is not reachable at ${adminUrl}: ${(error as Error).message}`);
    return null;
  }
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Options of {@link ServerLauncher}. */
export interface LauncherOptions {
  root: string;
  /** The run's PostgreSQL database, or null when PostgreSQL is not reachable. */
  database: BenchDatabase | null;
  /** Leaves the database in place at cleanup (to look into it afterwards). */
  keepDatabase?: boolean;
  log(line: string): void;
}

/**
 * Starts the built server (`dist/server/main.mjs`) processes the way `npm start` does (NODE_ENV unset, SEED=demo,
 * serving `dist/client`), each on its own free port and data directory under the system's
 * temporary directory, with `BENCH_ROUTES=1`. Keeps one migrated, seeded PGlite data directory
 * as a template, so that later PGlite servers start from a copy instead of seeding again.
 * Everything it started or made is removed by {@link ServerLauncher.cleanup}.
 */
export class ServerLauncher {
  private readonly started = new Set<SpawnedProcess>();
  private readonly dirs: string[] = [];
  private template: string | undefined;

  constructor(private readonly o: LauncherOptions) {}

  /** Whether PostgreSQL servers can be started. */
  get hasPostgres(): boolean {
    return this.o.database !== null;
  }

  /** A new empty directory under the system's temporary directory, removed at cleanup. */
  async tempDir(prefix = 'atrium-bench-'): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    this.dirs.push(dir);
    return dir;
  }

  /**
   * Spawns a server without waiting for it. `dataDir` holds its uploads and, without PostgreSQL,
   * its PGlite database (`<dataDir>/db`, migrated and seeded when empty).
   */
  async spawn(o: { db: BenchDb; dataDir: string }): Promise<SpawnedProcess> {
    if (o.db === 'postgres' && !this.o.database) throw new Error('No PostgreSQL for this run.');
    const port = await freePort();
    const command = serverCommand(this.o.root);
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of SERVER_ENV_KEYS) delete env[key];
    Object.assign(env, command.env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      SEED: 'demo',
      BENCH_ROUTES: '1',
      ...(o.db === 'postgres' ? { DATABASE_URL: this.o.database!.url } : {}),
    });
    const server = spawnProcess({
      root: this.o.root,
      args: command.args,
      env,
      port,
      logFile: path.join(o.dataDir, `server-${port}.log`),
    });
    this.started.add(server);
    const stop = server.stop.bind(server);
    server.stop = async () => {
      await stop();
      this.started.delete(server);
    };
    return server;
  }

  /** Takes a migrated, seeded PGlite data directory whose server has stopped as the template. */
  adoptTemplate(dataDir: string): void {
    this.template ??= dataDir;
  }

  /** A fresh data directory holding a copy of the migrated, seeded PGlite template. */
  async pgliteDataDir(): Promise<string> {
    if (!this.template) {
      const dir = await this.tempDir();
      this.o.log('Preparing a migrated, seeded PGlite data directory…');
      const server = await this.spawn({ db: 'pglite', dataDir: dir });
      await server.untilHealthy();
      await server.stop();
      this.template = dir;
    }
    const dir = await this.tempDir();
    await cp(path.join(this.template, 'db'), path.join(dir, 'db'), { recursive: true });
    return dir;
  }

  /** Starts a server and waits until it answers (the runner's `BenchContext.startServer`). */
  async start(o: { db: BenchDb }): Promise<SpawnedProcess> {
    const dataDir = o.db === 'pglite' ? await this.pgliteDataDir() : await this.tempDir();
    const server = await this.spawn({ db: o.db, dataDir });
    await server.untilHealthy();
    return server;
  }

  /**
   * Stops every server still running, drops the run's database (unless it is to be kept) and
   * removes the directories.
   */
  async cleanup(): Promise<void> {
    await Promise.all([...this.started].map((s) => s.stop()));
    if (this.o.database && !this.o.keepDatabase) {
      await this.o.database
        .drop()
        .catch((error: Error) => this.o.log(`Could not drop the bench database: ${error.message}`));
    }
    await Promise.all(this.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
