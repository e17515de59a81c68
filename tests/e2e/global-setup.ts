import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt, serverCommand } from '../../scripts/builds.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForReady(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode}.`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server was not ready at ${url} within ${timeoutMs} ms.`);
}

/** Starts the real server (built client, demo seed, fresh PGlite directory) for the end-to-end tests. */
export default async function setup(project: TestProject) {
  // A portal built earlier in the run (npm test builds it) is kept; the server is quick to build
  // and always what the sources say.
  if (!ensureBuilt(root, 'portal', { log: console.log, keepStale: true }))
    throw new Error('The client build failed.');
  if (!ensureBuilt(root, 'server', { log: console.log }))
    throw new Error('The server build failed.');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  const command = serverCommand(root);
  const server = spawn(process.execPath, command.args, {
    cwd: root,
    env: {
      ...process.env,
      ...command.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(`${baseURL}/api/v2/ready`, server, 60_000);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\nServer output:\n${output}`);
  }
  project.provide('baseURL', baseURL);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
