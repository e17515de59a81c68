import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/db';
import { openPglite } from '../../src/server/db/pglite';
import { securityHeaders } from '../../src/server/plugins/security-headers';

/** The status and headers of the first answer on a connection (names in lower case). */
interface Answer {
  status: number;
  headers: Map<string, string>;
}

/**
 * Sends bytes as they are on a new connection to the server and reads the answer's head: the
 * requests below are ones no HTTP client library would send.
 */
function raw(port: number, request: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = Buffer.alloc(0);
    const done = (error?: Error) => {
      socket.destroy();
      if (error) reject(error);
    };
    socket.setTimeout(20_000, () => done(new Error('No answer within 20 s')));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers });
      done();
    });
    // A server that closes early (after refusing a body, say) has answered already.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') done(error);
    });
    socket.on('close', () => reject(new Error(`Closed without an answer: ${received.toString()}`)));
    socket.write(request);
  });
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
const XSRF = ['Cookie: XSRF-TOKEN=same-token', 'X-XSRF-TOKEN: same-token'];

/** A login POST with a valid XSRF token and the given body. */
const post = (type: string, body: string) =>
  `${head([
    'POST /api/v2/auth/login HTTP/1.1',
    'Host: localhost',
    `Content-Type: ${type}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...XSRF,
    'Connection: close',
  ])}${body}`;

/**
 * Requests that go wrong at every layer of the server, with the status each gets: the HTTP
 * parser (Node), Node's own checks, the router (Fastify's URL and parameter checks), the XSRF
 * check, body parsing, and routing to nothing. Whatever the status, each answer must carry the
 * security headers.
 */
const MALFORMED: Record<string, [status: number, request: string | Buffer]> = {
  'a malformed percent-encoding in the path': [
    400,
    head(['GET /api/v2/%E0%A4%A HTTP/1.1', 'Host: localhost', 'Connection: close']),
  ],
  'a path parameter longer than the router allows': [
    414,
    head([`GET /api/v2/users/${'1'.repeat(500)} HTTP/1.1`, 'Host: localhost', 'Connection: close']),
  ],
  'a URL longer than the header size limit': [
    431,
    head([`GET /api/v2/health?q=${'a'.repeat(70_000)} HTTP/1.1`, 'Host: localhost']),
  ],
  'a header longer than the header size limit': [
    431,
    head(['GET /api/v2/health HTTP/1.1', 'Host: localhost', `X-Long: ${'a'.repeat(70_000)}`]),
  ],
  'a malformed request line': [400, head(['GET/api/v2/health', 'Host: localhost'])],
  'an unknown method': [400, head(['BREW /api/v2/health HTTP/1.1', 'Host: localhost'])],
  'a method no route answers': [
    404,
    head(['PROPFIND /api/v2/health HTTP/1.1', 'Host: localhost', ...XSRF, 'Connection: close']),
  ],
  'an HTTP version the server does not speak': [
    400,
    head(['GET /api/v2/health HTTP/7.1', 'Host: localhost']),
  ],
  'a header name with a space': [
    400,
    head(['GET /api/v2/health HTTP/1.1', 'Host: localhost', 'Bad Header: x']),
  ],
  'both Content-Length and Transfer-Encoding': [
    400,
    head([
      'POST /api/v2/auth/login HTTP/1.1',
      'Host: localhost',
      'Content-Length: 2',
      'Transfer-Encoding: chunked',
    ]),
  ],
  'no Host header in HTTP/1.1': [400, head(['GET /api/v2/health HTTP/1.1', 'Connection: close'])],
  'an expectation the server cannot meet': [
    417,
    head([
      'GET /api/v2/health HTTP/1.1',
      'Host: localhost',
      'Expect: the-impossible',
      'Connection: close',
    ]),
  ],
  'a bad JSON body': [400, post('application/json', '{"name":')],
  'an unknown content type': [415, post('application/x-unheard-of', '{}')],
  'a body larger than the limit': [
    413,
    Buffer.concat([
      Buffer.from(
        head([
          'POST /api/v2/auth/login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/json',
          `Content-Length: ${3 * 1024 * 1024}`,
          ...XSRF,
          'Connection: close',
        ]),
      ),
      Buffer.alloc(3 * 1024 * 1024, 0x20),
    ]),
  ],
  'an unsafe request without the XSRF token': [
    403,
    head([
      'POST /api/v2/auth/logout HTTP/1.1',
      'Host: localhost',
      'Content-Length: 0',
      'Connection: close',
    ]),
  ],
  'a route that does not exist': [
    404,
    head(['GET /api/v2/nothing-here HTTP/1.1', 'Host: localhost', 'Connection: close']),
  ],
};

for (const production of [false, true]) {
  describe(`every answer of a listening server carries the security headers (production: ${production})`, () => {
    let db: Db;
    let app: AtriumApp;
    let dataDir: string;
    let port: number;

    beforeAll(async () => {
      db = await openPglite({ snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]) });
      dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-data-'));
      app = await buildApp({ db, seed: 'none', dataDir, production });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const expected = Object.entries(securityHeaders({ production }));

    it('declares CSP and nosniff among the headers', () => {
      const names = expected.map(([name]) => name.toLowerCase());
      expect(names).toEqual(
        expect.arrayContaining(['content-security-policy', 'x-content-type-options']),
      );
      expect(names.includes('strict-transport-security')).toBe(production);
    });

    for (const [what, [status, request]] of Object.entries(MALFORMED)) {
      it(`${what}: ${status}`, async () => {
        const answer = await raw(port, request);
        expect(answer.status, what).toBe(status);
        for (const [name, value] of expected)
          expect(
            answer.headers.get(name.toLowerCase()),
            `${what} (${answer.status}): ${name}`,
          ).toBe(value);
      });
    }
  });
}
