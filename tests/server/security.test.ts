import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type AtriumApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/db';
import { openPglite } from '../../src/server/db/pglite';
import { hashToken } from '../../src/server/repositories/sessions';
import { agent, describeEachDb, PASSWORD, signedIn, type Agent, type TestServer } from './helpers';

type Headers = Record<string, string | string[] | number | undefined>;

const XSRF_MESSAGE = 'Invalid or missing XSRF token. Reload the page and try again.';
const UNSAFE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
const TWELVE_HOURS_S = 12 * 60 * 60;
/** The client's page, as the build starts from it. */
const INDEX_HTML = fileURLToPath(new URL('../../index.html', import.meta.url));

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of (header as string).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What every answer of the portal must carry, whatever its status or content type. */
function expectSecurityHeaders(headers: Headers, o: { production: boolean }, what: string): void {
  const csp = parseCsp(headers['content-security-policy']);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc, `${what}: script-src`).toBeDefined();
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  // Scripts come from this origin only: no host, scheme, wildcard or data: source, no inline
  // script and no code made from strings.
  expect(scriptSrc, `${what}: script-src`).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('style-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.has('upgrade-insecure-requests'), what).toBe(o.production);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  if (o.production)
    expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  else expect(headers['strict-transport-security'], what).toBeUndefined();
}

async function uidOf(server: () => TestServer, name: string): Promise<number> {
  const { rows } = await server().db.query<{ uid: number }>(
    'SELECT uid FROM users WHERE name = $1',
    [name],
  );
  return rows[0]!.uid;
}

/**
 * A digest of every table's rows, to prove a batch of requests wrote nothing. The session's
 * `last_seen_at` is left out: reading with a session legitimately moves its idle timer.
 */
async function databaseDigest(db: Db): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digest = new Map<string, string>();
  for (const { name } of tables) {
    const source =
      name === 'sessions'
        ? '(SELECT token_hash, uid, real_uid, created_at, expires_at FROM sessions)'
        : `"${name}"`;
    const { rows } = await db.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${source} t`,
    );
    digest.set(name, `${rows[0]!.n}:${rows[0]!.h ?? ''}`);
  }
  return digest;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: {
    enum?: unknown[];
    format?: string;
    type?: string | string[];
    minimum?: number;
    items?: { enum?: unknown[] };
    default?: unknown;
  };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}

/** One documented operation. */
interface Operation {
  method: string;
  path: string;
  /** The query parameters it requires. */
  query: OpenApiParameter[];
  /** The query parameters it takes besides. */
  optional: OpenApiParameter[];
}

/** Every documented operation. */
async function operations(a: Agent): Promise<Operation[]> {
  const res = await a.get('/api/v2/openapi.json');
  expect(res.statusCode).toBe(200);
  const doc = res.json<OpenApiDocument>();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toLowerCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query' && p.required),
      optional: (op.parameters ?? []).filter((p) => p.in === 'query' && !p.required),
    })),
  );
}

/** A value a required query parameter accepts, from its schema. */
function queryValue({ name, schema = {} }: OpenApiParameter): string {
  const first = schema.enum?.[0];
  if (typeof first === 'string' || typeof first === 'number') return String(first);
  if (schema.format === 'date') return '2026-01-05';
  if (schema.format === 'date-time')
    return name === 'end' ? '2026-01-12T00:00:00Z' : '2026-01-05T00:00:00Z';
  if ([schema.type].flat().some((t) => t === 'integer' || t === 'number'))
    return String(schema.minimum ?? 1);
  if (name === 'language' || name === 'langcode') return 'ar';
  return 'a';
}

/** A query parameter that names a language. */
const isLanguageParameter = ({ name }: OpenApiParameter) =>
  name === 'langcode' || /(^|_)language$/.test(name);

/**
 * The values of a query parameter that choose what a read is about, and so what a read that
 * wrongly writes could create: every value of an enum (or of an array of enum values), both
 * booleans, and every language the site speaks. Undefined for the other parameters.
 */
function choosingValues(
  p: OpenApiParameter,
  languages: readonly string[],
): [string, string][][] | undefined {
  const schema = p.schema ?? {};
  if (isLanguageParameter(p)) return languages.map((l) => [[p.name, l]]);
  if (schema.enum) return schema.enum.map((v) => [[p.name, String(v)]]);
  if (schema.items?.enum) return schema.items.enum.map((v) => [[`${p.name}[]`, String(v)]]);
  if ([schema.type].flat().includes('boolean')) return [[[p.name, 'true']], [[p.name, 'false']]];
  return undefined;
}

/** Variants of one operation's query string beyond this many are tried one parameter at a time. */
const MAX_QUERY_VARIANTS = 100;

/**
 * The query strings to read an operation with: every combination of the values of its choosing
 * parameters (each optional one without a default also left out), the other required ones at a value they
 * accept. Too many combinations: the required values, then each choosing value on its own.
 */
function queryVariants(op: Operation, languages: readonly string[]): string[] {
  const fixed: [string, string][] = [];
  const choices: [string, string][][][] = [];
  for (const p of op.query) {
    const values = choosingValues(p, languages);
    if (values) choices.push(values);
    else fixed.push([p.name, queryValue(p)]);
  }
  for (const p of op.optional) {
    const values = choosingValues(p, languages);
    // Left out, a parameter with a default takes it: one of the values already.
    if (values) choices.push(p.schema?.default === undefined ? [[], ...values] : values);
  }
  const count = choices.reduce((n, c) => n * c.length, 1);
  let combinations: [string, string][][];
  if (count <= MAX_QUERY_VARIANTS)
    combinations = choices.reduce<[string, string][][]>(
      (all, values) => all.flatMap((pairs) => values.map((v) => [...pairs, ...v])),
      [[]],
    );
  else {
    const base = choices.map((values) => values[0]!);
    combinations = [
      base.flat(),
      ...choices.flatMap((values, i) =>
        values.slice(1).map((v) => base.flatMap((b, j) => (j === i ? v : b))),
      ),
    ];
  }
  return combinations.map((pairs) => new URLSearchParams([...fixed, ...pairs]).toString());
}

/** The Fastify route pattern of an OpenAPI path template. */
const routePattern = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

// One server per database for all three parts: starting one (a seeded PostgreSQL) is the slow part.
describeEachDb('security', (server) => {
  describe('V7 session management', () => {
    const session = (a: Agent) => a.jar.get('atrium_session')!;
    const whoAmI = async (a: Agent) =>
      (await a.get('/api/v2/me')).json<{ data: { uid: number } }>();

    it('V7.2.3 session tokens are unique, from a CSPRNG, with at least 128 bits of entropy', async ({
      annotate,
    }) => {
      const logins = 16;
      const tokens: Buffer[] = [];
      for (let i = 0; i < logins; i++) {
        const a = await signedIn(server, 'learner');
        const value = session(a);
        // base64url without padding: 43 characters are 32 bytes, 256 bits.
        expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const bytes = Buffer.from(value, 'base64url');
        expect(bytes.length * 8).toBeGreaterThanOrEqual(128);
        tokens.push(bytes);
      }
      expect(new Set(tokens.map((t) => t.toString('hex'))).size).toBe(logins);
      // A counter or a clock would keep some bytes fixed from one login to the next.
      for (let i = 0; i < 32; i++)
        expect(new Set(tokens.map((t) => t[i])).size, `byte ${i}`).toBeGreaterThan(1);
      await annotate(
        `${logins} sign-ins, ${new Set(tokens.map((t) => t.toString('hex'))).size} distinct tokens of ${tokens[0]!.length * 8} bits`,
      );
    });

    it('V3.3.4 and V3.3.2 the session cookie is HttpOnly, SameSite=Lax, Path=/, 12 h at most', async () => {
      const res = await agent(server).login('learner');
      const cookie = res.cookies.find((c) => c.name === 'atrium_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.domain).toBeUndefined();
      expect(cookie.maxAge).toBe(TWELVE_HOURS_S);
    });

    it('V7.2.4 a session id planted before sign-in is never the signed-in one (fixation)', async () => {
      // The attacker's own live session, and a made-up value, each planted in a victim's browser.
      const attacker = await signedIn(server, 'learner');
      const planted = [session(attacker), 'attacker-chosen-session-id-0000000000000000'];
      for (const value of planted) {
        const victim = agent(server);
        victim.jar.set('atrium_session', value);
        expect((await victim.login('layla')).statusCode).toBe(200);
        expect(session(victim)).not.toBe(value);
        expect((await whoAmI(victim)).data).toMatchObject({ name: 'layla' });
        const replay = agent(server);
        replay.jar.set('atrium_session', value);
        expect(await whoAmI(replay)).toEqual({ data: { uid: 0 } });
        expect(await server().app.repos.sessions.exists(value)).toBe(false);
      }
    });

    it('V7.4.1 after logout the old session id is refused everywhere', async () => {
      const a = await signedIn(server, 'ingrid');
      const old = session(a);
      expect((await a.post('/api/v2/auth/logout')).statusCode).toBe(200);
      const replay = agent(server);
      replay.jar.set('atrium_session', old);
      expect(await whoAmI(replay)).toEqual({ data: { uid: 0 } });
      expect((await replay.get('/api/v2/incentives/wallet')).statusCode).toBe(401);
      expect((await replay.post('/api/v2/auth/logout')).statusCode).toBe(401);
    });

    it('V7.3.1 a session ends after 30 idle minutes; activity keeps it alive', async () => {
      const a = await signedIn(server, 'trainer');
      const hash = hashToken(session(a));
      const idleFor = (minutes: number) =>
        server().db.query(
          `UPDATE sessions SET last_seen_at = now() - ($2::int * interval '1 minute') WHERE token_hash = $1`,
          [hash, minutes],
        );
      const trainer = await uidOf(server, 'trainer');
      // Two idle spells of 29 minutes, each ended by a request: 58 minutes in all, still signed in.
      for (let spell = 0; spell < 2; spell++) {
        await idleFor(29);
        expect((await whoAmI(a)).data.uid).toBe(trainer);
      }
      await idleFor(31);
      expect(await whoAmI(a)).toEqual({ data: { uid: 0 } });
      expect((await a.get('/api/v2/incentives/wallet')).statusCode).toBe(401);
    });

    it('V7.3.2 a session ends 12 hours after sign-in however active it is', async () => {
      const a = await signedIn(server, 'trainer');
      const hash = hashToken(session(a));
      const lifetime = async () => {
        const { rows } = await server().db.query<{ s: number }>(
          'SELECT extract(epoch FROM expires_at - created_at)::int AS s FROM sessions WHERE token_hash = $1',
          [hash],
        );
        return rows[0]?.s;
      };
      expect(await lifetime()).toBe(TWELVE_HOURS_S);
      // Activity that moves the idle timer leaves the absolute limit where it was.
      await server().db.query(
        `UPDATE sessions SET last_seen_at = now() - interval '5 minutes' WHERE token_hash = $1`,
        [hash],
      );
      expect((await whoAmI(a)).data.uid).toBe(await uidOf(server, 'trainer'));
      expect(await lifetime()).toBe(TWELVE_HOURS_S);
      // Signed in 11 h 59 min ago and active a moment ago: still signed in.
      const signedInAgo = (ago: string) =>
        server().db.query(
          `UPDATE sessions SET created_at = now() - $2::interval,
                expires_at = now() - $2::interval + interval '12 hours', last_seen_at = now()
          WHERE token_hash = $1`,
          [hash, ago],
        );
      await signedInAgo('11 hours 59 minutes');
      expect((await whoAmI(a)).data.uid).toBe(await uidOf(server, 'trainer'));
      await signedInAgo('12 hours 1 second');
      expect(await whoAmI(a)).toEqual({ data: { uid: 0 } });
    });

    it("V7.4.3 an administrator's password reset ends every session of that user", async () => {
      const admin = await signedIn(server, 'admin');
      const marcus = await uidOf(server, 'marcus');
      const phone = await signedIn(server, 'marcus');
      const laptop = await signedIn(server, 'marcus');
      const other = await signedIn(server, 'layla');
      const res = await admin.post(`/api/v2/users/${marcus}/password`, {
        password: 'a new password 1',
      });
      expect(res.statusCode).toBe(200);
      for (const a of [phone, laptop]) {
        expect(await whoAmI(a)).toEqual({ data: { uid: 0 } });
        expect((await a.get('/api/v2/incentives/wallet')).statusCode).toBe(401);
      }
      // Other users and the administrator stay signed in.
      expect((await whoAmI(other)).data.uid).toBe(await uidOf(server, 'layla'));
      expect((await whoAmI(admin)).data.uid).toBe(await uidOf(server, 'admin'));
      expect((await agent(server).login('marcus')).statusCode).toBe(400);
      expect((await agent(server).login('marcus', 'a new password 1')).statusCode).toBe(200);
    });

    it('V7.4.3 changing your own password keeps this session and ends the others', async () => {
      const here = await signedIn(server, 'admin');
      const elsewhere = await signedIn(server, 'admin');
      const uid = await uidOf(server, 'admin');
      try {
        const res = await here.post(`/api/v2/users/${uid}/password`, { password: 'another one 2' });
        expect(res.statusCode).toBe(200);
        expect((await whoAmI(here)).data.uid).toBe(uid);
        expect(await whoAmI(elsewhere)).toEqual({ data: { uid: 0 } });
      } finally {
        // The demo password again, for the tests that follow.
        expect(
          (await here.post(`/api/v2/users/${uid}/password`, { password: PASSWORD })).statusCode,
        ).toBe(200);
      }
    });
  });

  describe('V3.5 browser origin separation', () => {
    it('V3.5.1 every unsafe operation without the XSRF header is refused 403 and writes nothing', async ({
      annotate,
    }) => {
      const admin = await signedIn(server, 'admin');
      const learner = await uidOf(server, 'learner');
      const ops = (await operations(admin))
        .filter((op) => (UNSAFE_METHODS as readonly string[]).includes(op.method))
        .map((op): [string, string] => [op.method, op.path]);
      // The document lists the sign-in and the session-changing endpoints among them.
      expect(ops).toContainEqual(['post', '/api/v2/auth/login']);
      expect(ops).toContainEqual(['post', '/system/ajax/cookies-disclaimer/agree']);
      expect(ops.length).toBeGreaterThan(20);
      const before = await databaseDigest(server().db);
      const seen = new Map<number, number>();
      let sent = 0;
      for (const [method, template] of ops) {
        expect(
          server().app.hasRoute({
            method: method.toUpperCase(),
            url: routePattern(template),
          }),
          `${method} ${template} is a route`,
        ).toBe(true);
        const url = template.replace(/\{\w+\}/g, String(learner));
        const variants: { noXsrf: true; headers?: Record<string, string> }[] = [
          { noXsrf: true },
          { noXsrf: true, headers: { 'x-xsrf-token': 'forged-by-another-site' } },
        ];
        for (const variant of variants) {
          const res =
            method === 'delete'
              ? await admin.delete(url, variant)
              : await admin[method as 'post' | 'put' | 'patch'](url, {}, variant);
          sent++;
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json(), `${method} ${url}`).toEqual({ message: XSRF_MESSAGE });
        }
      }
      expect(sent).toBe(ops.length * 2);
      expect([...seen.keys()]).toEqual([403]);
      expect(await databaseDigest(server().db)).toEqual(before);
      // The control: the same session with the token writes, and the digest sees it.
      const footer = await admin.post('/api/v2/settings/footer', { footer_text: 'Changed' });
      expect(footer.statusCode).toBe(200);
      expect(await databaseDigest(server().db)).not.toEqual(before);
      await annotate(
        `${ops.length} unsafe operations, ${sent} requests without a valid token: ` +
          `${[...seen].map(([status, n]) => `${n} × ${status}`).join(', ')}; ${before.size} tables unchanged`,
      );
    });

    it('V3.5.3 no GET operation changes what is stored, whatever its query asks for', async ({
      annotate,
    }) => {
      const admin = await signedIn(server, 'admin');
      const learner = String(await uidOf(server, 'learner'));
      const gets = (await operations(admin)).filter((op) => op.method === 'get');
      expect(gets.length).toBeGreaterThan(30);
      // A language the site speaks with nothing made for it yet: a read that creates what it
      // does not find (a storefront layout, say) shows itself there.
      expect(
        (
          await admin.post('/api/v2/languages', {
            langcode: 'fr',
            name: 'French',
            native_name: 'Français',
            direction: 0,
            weight: 9,
          })
        ).statusCode,
      ).toBe(201);
      const languages = (await admin.get('/api/v2/languages'))
        .json<{ data: { langcode: string }[] }>()
        .data.map((l) => l.langcode);
      expect(languages).toContain('fr');

      /** A real value for a path parameter: the learner, or the first item of the parent list. */
      async function sample(template: string, param: string): Promise<string> {
        if (param === 'uid') return learner;
        if (param === 'langcode') return 'fr';
        const parent = template.slice(0, template.indexOf(`/{${param}}`));
        const res = await admin.get(parent.replace(/\{\w+\}/g, learner));
        const data = res.statusCode === 200 ? (res.json<{ data?: unknown }>().data ?? []) : [];
        const first = Array.isArray(data)
          ? (data[0] as Record<string, unknown> | undefined)
          : undefined;
        const value = first?.[param] ?? first?.id;
        return typeof value === 'number' || typeof value === 'string' ? String(value) : '1';
      }
      const urls: string[] = [];
      for (const op of gets) {
        let url = op.path;
        for (const [, param] of op.path.matchAll(/\{(\w+)\}/g))
          url = url.replace(`{${param}}`, encodeURIComponent(await sample(op.path, param!)));
        for (const search of queryVariants(op, languages))
          urls.push(search ? `${url}?${search}` : url);
      }
      // The storefront editor's read of a new language is among them.
      expect(urls).toContain(
        '/api/v2/storefront/manage?type=unregistered&language=fr&preview=false',
      );

      const before = await databaseDigest(server().db);
      const statuses = new Map<number, number>();
      for (const url of urls) {
        const res = await admin.get(url);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, url).toBeLessThan(500);
      }
      expect(await databaseDigest(server().db)).toEqual(before);
      // Most answers were real reads, not refusals.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(urls.length / 2);
      await annotate(
        `${gets.length} GET operations as an administrator, ${urls.length} requests with every ` +
          `enum value, both booleans and each of ${languages.length} languages (one without ` +
          `content): ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}; ` +
          `${before.size} tables unchanged`,
      );
    });
  });

  describe('V3.4 security headers of the API', () => {
    it('V3.4.3 to V3.4.6 headers come with success, refusal and error answers alike', async () => {
      const a = agent(server);
      const answers = {
        'GET health': await a.get('/api/v2/health'),
        'GET settings': await a.get('/api/v2/settings/branding'),
        'GET missing': await a.get('/api/v2/nothing-here'),
        'GET signed-in only': await a.get('/api/v2/incentives/wallet'),
        'POST without XSRF': await a.post('/api/v2/auth/login', {}, { noXsrf: true }),
        'POST invalid body': await a.post('/api/v2/auth/login', { name: 'x' }),
        'GET missing avatar': await a.get('/files/avatars/0123456789abcdef0123456789abcdef.png'),
      };
      expect(Object.values(answers).map((r) => r.statusCode)).toEqual([
        200, 200, 404, 401, 403, 400, 404,
      ]);
      for (const [what, res] of Object.entries(answers))
        expectSecurityHeaders(res.headers, { production: false }, what);
    });
  });
});

describe('V3.4 security headers of the built client, and cookies in production', () => {
  let dir: string;
  let dataDir: string;
  let db: Db | undefined;
  let built: AtriumApp | undefined;
  const AVATAR = '0123456789abcdef0123456789abcdef.png';
  const app = () => {
    if (!built) throw new Error('The server did not start.');
    return built;
  };
  const server = (): TestServer => ({ app: app(), db: db!, kind: 'pglite', dataDir });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atrium-client-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-data-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), await readFile(INDEX_HTML));
    await writeFile(path.join(dir, 'assets', 'index-3f2a9c1b.js'), 'export {};');
    await mkdir(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'avatars', AVATAR), Buffer.from('\x89PNG\r\n'));
    db = await openPglite({ snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    built = await buildApp({ db, seed: 'none', dataDir, clientDir: dir, production: true });
  });
  afterAll(async () => {
    await built?.close();
    await db?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the page has no inline script or event handler, so script-src needs no unsafe-inline', async () => {
    const html = await readFile(INDEX_HTML, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('V3.4.1 and V3.4.3 to V3.4.8 the page, a client route, an asset and the API carry them, with HSTS', async () => {
    const answers = {
      page: await app().inject({ method: 'GET', url: '/' }),
      'client route': await app().inject({ method: 'GET', url: '/incentives/shop' }),
      asset: await app().inject({ method: 'GET', url: '/assets/index-3f2a9c1b.js' }),
      api: await app().inject({ method: 'GET', url: '/api/v2/health' }),
    };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.page.headers['content-type']).toMatch(/^text\/html/);
    for (const [what, res] of Object.entries(answers))
      expectSecurityHeaders(res.headers, { production: true }, what);
  });

  it('uploaded files keep their own stricter policy: nothing in them runs', async () => {
    const res = await app().inject({ method: 'GET', url: `/files/avatars/${AVATAR}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('V3.3.1 and V3.3.3 session and XSRF cookies are Secure, and the session one __Host- prefixed', async () => {
    const a = agent(server);
    const res = await a.login('learner');
    expect(res.statusCode).toBe(200);
    const cookies = res.cookies as { name: string; secure?: boolean; domain?: string }[];
    expect(cookies.find((c) => c.name === 'atrium_session')).toBeUndefined();
    expect(cookies.find((c) => c.name === '__Host-atrium_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: TWELVE_HOURS_S,
    });
    // `__Host-` cookies must not name a domain, or browsers drop them.
    expect(cookies.find((c) => c.name === '__Host-atrium_session')!.domain).toBeUndefined();
    const visitor = await app().inject({ method: 'GET', url: '/api/v2/health' });
    expect(visitor.cookies.find((c) => c.name === 'XSRF-TOKEN')).toMatchObject({
      secure: true,
      path: '/',
    });
    expect((await a.get('/api/v2/me')).json().data.name).toBe('learner');
  });
});
