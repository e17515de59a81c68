import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { API_PREFIX } from '../../src/server/app';
import { describeOneDb, signedIn } from './helpers';

/** What the portal's error answers stay under, whatever the input. */
const ANSWER_BUDGET = 64 * 1024;
/** The most field messages one answer lists. */
const MESSAGE_BUDGET = 20;
const TOKEN = 'size-xsrf-token';
const run = promisify(execFile);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A JSON object of `fields` unknown fields, as the attack sent it (just under 1 MB for 110,000). */
const unknownFields = (fields: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: fields }, (_, i) => [i.toString(36), 1])));

const ATTACK = unknownFields(110_000);

/** What the attacking process saw of one request. */
interface Seen {
  status: number;
  size: number;
  /** The connection was closed while the body was being sent (the server read none of it). */
  closed?: boolean;
}

/**
 * Sends the attack body from a process of its own (so that making the requests costs the server
 * under test nothing), `atOnce` requests at a time for `rounds` rounds, spread over `targets`.
 */
async function attackFromAnotherProcess(
  origin: string,
  targets: { method: string; url: string }[],
  o: { rounds: number; atOnce: number },
): Promise<Seen[]> {
  const script = `
    const [origin, targets, rounds, atOnce, token] = JSON.parse(process.argv[1]);
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 110000 }, (_, i) => [i.toString(36), 1])));
    const headers = { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: 'XSRF-TOKEN=' + token };
    const seen = [];
    for (let round = 0; round < rounds; round++) {
      seen.push(...(await Promise.all(Array.from({ length: atOnce }, async (_, i) => {
        const target = targets[i % targets.length];
        try {
          const res = await fetch(origin + target.url, { method: target.method, headers, body });
          return { status: res.status, size: (await res.arrayBuffer()).byteLength };
        } catch (error) {
          // The server may answer 413 and close the connection while the body is still being
          // sent: the client then sees the closed connection before the answer.
          const code = error.cause?.code;
          if (code === 'EPIPE' || code === 'ECONNRESET') return { status: 0, size: 0, closed: true };
          throw error;
        }
      }))));
    }
    process.stdout.write(JSON.stringify(seen));
  `;
  const args = JSON.stringify([origin, targets, o.rounds, o.atOnce, TOKEN]);
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, args]);
  return JSON.parse(stdout) as Seen[];
}

type ErrorAnswer = { message: string; messages?: { path: string; text: string }[] };

describeOneDb(
  'request size: an oversized or hostile body costs little and gets a short answer',
  (server) => {
    /** Routes anyone may call (no access check) that take a body, read from the route table. */
    const publicBodyRoutes = () =>
      server().app.routeTable.filter((r) => r.guards.length === 0 && UNSAFE.has(r.method));

    const send = (
      method: string,
      url: string,
      payload: string,
      cookies: Record<string, string> = {},
    ) =>
      server().app.inject({
        method: method as 'POST',
        url,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': TOKEN },
        cookies: { ...cookies, 'XSRF-TOKEN': TOKEN },
        payload,
      });

    it('the attack body is just under 1 MB, which the server took before, with 110,000 unknown fields', () => {
      expect(ATTACK.length).toBeGreaterThan(900_000);
      expect(ATTACK.length).toBeLessThan(1024 * 1024);
    });

    it('every route anyone may call refuses a 1 MB body with 413 before reading it, with a short answer', async () => {
      const routes = publicBodyRoutes();
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        expect(route.bodyLimit, `${route.method} ${route.url}`).toBeLessThanOrEqual(16 * 1024);
        const url = route.url.replace(/:(\w+)/g, '1');
        const started = performance.now();
        const res = await send(route.method, url, ATTACK);
        const ms = performance.now() - started;
        console.info(
          `[figures] ${route.method} ${route.url}, 1 MB with 110,000 unknown fields: ` +
            `${res.statusCode} in ${ms.toFixed(0)} ms, answer ${res.body.length} bytes`,
        );
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(413);
        expect(res.body.length).toBeLessThan(ANSWER_BUDGET);
        expect(res.json<ErrorAnswer>().message).toBeTypeOf('string');
      }
    });

    it('the limit comes before the parser: a body over it is 413 even when it is not JSON at all', async () => {
      for (const route of publicBodyRoutes()) {
        const res = await send(
          route.method,
          route.url.replace(/:(\w+)/g, '1'),
          'x'.repeat(route.bodyLimit + 1),
        );
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(413);
      }
      // A path no route takes reads no more of a body either.
      expect((await send('POST', `${API_PREFIX}/no-such-route`, ATTACK)).statusCode).toBe(413);
    });

    it('a body just under the limit, all unknown fields: 400 with at most 20 field messages', async () => {
      const body = unknownFields(1_200);
      for (const route of publicBodyRoutes()) {
        expect(body.length).toBeLessThan(route.bodyLimit);
        const res = await send(route.method, route.url.replace(/:(\w+)/g, '1'), body);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
        const answer = res.json<ErrorAnswer>();
        expect(answer.messages!.length).toBeGreaterThan(0);
        expect(answer.messages!.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
        expect(res.body.length).toBeLessThan(ANSWER_BUDGET);
      }
    });

    it('a signed-in caller: 1 MB with 110,000 unknown fields is read (the access check let them in), and answered 400 with at most 20 messages', async () => {
      const learner = await signedIn(server, 'learner', { remoteAddress: '10.77.0.1' });
      const me = (await learner.get('/api/v2/me')).json<{ data: { uid: number } }>().data;
      const started = performance.now();
      const res = await send(
        'PATCH',
        `/api/v2/users/${me.uid}`,
        ATTACK,
        Object.fromEntries(learner.jar),
      );
      const ms = performance.now() - started;
      const answer = res.json<ErrorAnswer>();
      console.info(
        `[figures] PATCH /api/v2/users/{uid} signed in, 1 MB with 110,000 unknown fields: ` +
          `${res.statusCode} in ${ms.toFixed(0)} ms, ${answer.messages?.length} messages, answer ${res.body.length} bytes`,
      );
      expect(res.statusCode).toBe(400);
      expect(answer.messages!.length).toBeGreaterThan(0);
      expect(answer.messages!.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
      expect(answer.messages![0]).toEqual({ path: '0', text: 'Unrecognized field' });
      expect(res.body.length).toBeLessThan(ANSWER_BUDGET);
    });

    it('a signed-in caller: a field name or value of 200 KB is not repeated at length', async () => {
      const learner = await signedIn(server, 'learner', { remoteAddress: '10.77.0.2' });
      const me = (await learner.get('/api/v2/me')).json<{ data: { uid: number } }>().data;
      const long = 'k'.repeat(200_000);
      for (const body of [{ [long]: 1 }, { language: long, timezone: long, [long]: long }]) {
        const res = await send(
          'PATCH',
          `/api/v2/users/${me.uid}`,
          JSON.stringify(body),
          Object.fromEntries(learner.jar),
        );
        expect(res.statusCode).toBe(400);
        expect(res.body.length).toBeLessThan(ANSWER_BUDGET);
      }
    });

    it(
      '20 attack bodies at a time from another process: each 413 with a short answer; the health check keeps answering',
      { timeout: 120_000 },
      async () => {
        const app = server().app;
        await app.listen({ port: 0, host: '127.0.0.1' });
        const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
        const targets = publicBodyRoutes().map((r) => ({
          method: r.method,
          url: r.url.replace(/:(\w+)/g, '1'),
        }));
        const timeHealth = async () => {
          const started = performance.now();
          const res = await fetch(`${origin}/api/v2/health`);
          await res.arrayBuffer();
          expect(res.status).toBe(200);
          return performance.now() - started;
        };
        for (let i = 0; i < 5; i++) await timeHealth();
        const quiet: number[] = [];
        const quietLoop = monitorEventLoopDelay({ resolution: 10 });
        quietLoop.enable();
        for (let i = 0; i < 50; i++) quiet.push(await timeHealth());
        quietLoop.disable();
        const health: number[] = [];
        let running = true;
        const probe = (async () => {
          while (running) {
            health.push(await timeHealth());
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })();
        // How long the server's event loop was held up, apart from what the probes cost the client.
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        const started = performance.now();
        const answers = await attackFromAnotherProcess(origin, targets, { rounds: 5, atOnce: 20 });
        const ms = performance.now() - started;
        loop.disable();
        running = false;
        await probe;
        const p99 = (times: number[]) => {
          const sorted = [...times].sort((a, b) => a - b);
          return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!.toFixed(
            1,
          );
        };
        console.info(
          `[figures] ${answers.length} x 1 MB bodies with 110,000 unknown fields, 20 at a time, to ${targets.length} public routes: ` +
            `statuses ${[...new Set(answers.map((a) => a.status))].join(', ')}, largest answer ` +
            `${Math.max(...answers.map((a) => a.size))} bytes, all answered in ${ms.toFixed(0)} ms; ` +
            `health during them: ${health.length} answers, p99 ${p99(health)} ms, slowest ` +
            `${Math.max(...health).toFixed(1)} ms (before them: p99 ${p99(quiet)} ms); event loop delay ` +
            `p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, longest ${(loop.max / 1e6).toFixed(1)} ms ` +
            `(before them: p99 ${(quietLoop.percentile(99) / 1e6).toFixed(1)} ms, longest ${(quietLoop.max / 1e6).toFixed(1)} ms)`,
        );
        expect(answers).toHaveLength(100);
        // Each body is refused unread: a short 413, or the connection closed before it was sent.
        expect(answers.filter((a) => a.status === 413).length).toBeGreaterThan(0);
        for (const a of answers) {
          if (a.closed) continue;
          expect(a.status).toBe(413);
          expect(a.size).toBeLessThan(ANSWER_BUDGET);
        }
      },
    );
  },
);
