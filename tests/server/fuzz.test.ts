import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agent, describeOneDb, signedIn, type Agent } from './helpers';
import {
  operationsOf,
  refResolver,
  requestArbitrary,
  RequestChecker,
  ResponseChecker,
  type OpenApiDocument,
  type Operation,
  type ParamHints,
} from './fuzz/openapi';
import { FuzzFigures, fuzzOnce, type Caller, type Checkers } from './fuzz/runner';

/**
 * The seed of every generated request; a failure names it, and `FUZZ_SEED=<seed>` replays the
 * same requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Generated requests per operation. */
const RUNS = 200;
/** Of those, sent as a learner and as a visitor each (access checks, one's own data)… */
const SUBSET_RUNS = 15;
/** …and the rest as an administrator, the caller who reaches the most handlers. */
const ADMIN_RUNS = RUNS - 2 * SUBSET_RUNS;

const LOGIN = 'POST /api/v2/auth/login';
const LOGOUT = 'POST /api/v2/auth/logout';
const MASQUERADE = 'POST /api/v2/admin/masquerade/{uid}';

/**
 * Operations that change who is signed in or what roles may do. They run after every other
 * operation, so that the site settings, the access matrix and the sessions the fuzzing relies on
 * stay as seeded until then; the access matrix, which can take flags from the administrator
 * role, goes very last.
 */
const LAST = [
  'POST /api/v2/settings/site',
  'PUT /api/v2/users/{uid}/roles',
  'POST /api/v2/users/{uid}/block',
  'POST /api/v2/users/{uid}/password',
  MASQUERADE,
  'POST /api/v2/admin/masquerade/stop',
  LOGOUT,
  'PUT /api/v2/admin/access/{role}',
];

/**
 * Operations that would end the sessions of the accounts the fuzzing signs in with (roles,
 * blocking, passwords): they never name those accounts.
 */
const SPARE_SIGNED_IN = new Set([
  'PUT /api/v2/users/{uid}/roles',
  'POST /api/v2/users/{uid}/block',
  'POST /api/v2/users/{uid}/password',
]);

/** A stable 32-bit seed per operation, so adding an operation leaves the others' requests alone. */
function seedOf(key: string): number {
  let h = SEED | 0;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

function order(ops: Operation[]): Operation[] {
  const rank = (op: Operation) => {
    const last = LAST.indexOf(op.key);
    if (last >= 0) return 2 + last;
    return op.method === 'GET' ? 0 : 1;
  };
  return [...ops].sort((a, b) => rank(a) - rank(b));
}

describeOneDb('API fuzzing from the OpenAPI document', (server) => {
  let doc: OpenApiDocument;
  let checkers: Checkers;
  let figures: FuzzFigures;
  let hints: ParamHints;
  let spared: string[];
  const callers = new Map<Caller, Agent>();

  beforeAll(async () => {
    const res = await agent(server).get('/api/v2/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
    checkers = { responses: new ResponseChecker(doc), requests: new RequestChecker(doc) };
    figures = new FuzzFigures();
    const { db } = server();
    const users = await db.query<{ uid: number; name: string }>('SELECT uid, name FROM users');
    const roles = await db.query<{ name: string }>('SELECT name FROM roles');
    const languages = await db.query<{ langcode: string }>('SELECT langcode FROM languages');
    hints = {
      uid: users.rows.map((u) => String(u.uid)),
      role: roles.rows.map((r) => r.name),
      langcode: languages.rows.map((l) => l.langcode),
    };
    spared = users.rows
      .filter((u) => u.name === 'admin' || u.name === 'learner')
      .map((u) => String(u.uid));
    callers.set('admin', await signedIn(server, 'admin'));
    callers.set('learner', await signedIn(server, 'learner'));
    callers.set('visitor', agent(server));
  });

  afterAll(() => {
    if (!figures) return;
    console.log(figures.summary(`${server().kind} seed=${SEED}`));
  });

  /** Agents for the operations that sign in or out: their own, at their own address. */
  async function ownCallers(remoteAddress: string): Promise<Map<Caller, Agent>> {
    return new Map<Caller, Agent>([
      ['learner', await signedIn(server, 'learner', { remoteAddress })],
      ['visitor', agent(server, { remoteAddress })],
      ['admin', await signedIn(server, 'admin', { remoteAddress })],
    ]);
  }

  async function fuzzOperation(op: Operation): Promise<void> {
    const arb = requestArbitrary(op, refResolver(doc), {
      hints,
      ...(SPARE_SIGNED_IN.has(op.key) ? { avoid: { uid: spared } } : {}),
    });
    const requests = fc.sample(arb, { numRuns: RUNS, seed: seedOf(op.key) });
    // Failed sign-ins are throttled per address: each of these gets an address of its own.
    const own =
      op.key === LOGIN
        ? await ownCallers('198.51.100.23')
        : op.key === LOGOUT
          ? await ownCallers('198.51.100.24')
          : callers;
    // Learners and visitors first: the administrator's requests may change what they can do.
    const plan: [Caller, number][] = [
      ['learner', SUBSET_RUNS],
      ['visitor', SUBSET_RUNS],
      ['admin', ADMIN_RUNS],
    ];
    let next = 0;
    for (const [caller, count] of plan) {
      const a = own.get(caller)!;
      for (const r of requests.slice(next, next + count)) {
        const status = await fuzzOnce(figures, checkers, op, caller, a, r);
        // Acting as another user lasts until stopped; stop it so the next request is the
        // administrator's again.
        if (op.key === MASQUERADE && status === 200) {
          const stop = await a.post('/api/v2/admin/masquerade/stop');
          expect(stop.statusCode, stop.body).toBe(200);
        }
      }
      next += count;
    }
  }

  async function fuzzAll(select: (op: Operation) => boolean): Promise<void> {
    const ops = order(operationsOf(doc)).filter(select);
    expect(ops.length).toBeGreaterThan(0);
    const before = figures.failures.length;
    for (const op of ops) await fuzzOperation(op);
    const failures = figures.failures.slice(before);
    expect(
      failures
        .slice(0, 20)
        .map(
          (f) =>
            `${f.operation} as ${f.caller} → ${f.status}: ${f.problems.join('; ')}\n    ${f.request}`,
        ),
      `${failures.length} failures with seed ${SEED}`,
    ).toEqual([]);
  }

  it('the document declares every operation with its answers', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThanOrEqual(80);
    for (const op of ops) {
      const statuses = Object.keys(op.object.responses ?? {});
      // A success, or a redirect for the links a page follows (the language switch).
      expect(
        statuses.some((s) => s.startsWith('2') || s.startsWith('3')),
        op.key,
      ).toBe(true);
      expect(statuses, op.key).toContain('4XX');
    }
  });

  const phases: [string, (op: Operation) => boolean][] = [
    ['reads (GET)', (op) => op.method === 'GET'],
    ['writes (POST, PUT, PATCH, DELETE)', (op) => op.method !== 'GET' && !LAST.includes(op.key)],
    [
      'site settings, roles, blocking, passwords, masquerade, sign-out, access matrix',
      (op) => LAST.includes(op.key),
    ],
  ];
  for (const [name, select] of phases) {
    it(
      `ASVS V2.2.1 input validation, ${name}: ${RUNS} generated requests per operation (${ADMIN_RUNS} as administrator, ${SUBSET_RUNS} as learner, ${SUBSET_RUNS} as visitor) get no 5xx, a 4xx when the document refuses them, and only answers the document declares (seed ${SEED})`,
      { timeout: 600_000 },
      () => fuzzAll(select),
    );
  }

  it('afterwards the administrator still signs in and administers the site', async () => {
    const admin = await signedIn(server, 'admin');
    const me = await admin.get('/api/v2/me');
    expect(me.statusCode).toBe(200);
    expect((await admin.get('/api/v2/users')).statusCode).toBe(200);
    expect(figures.serverErrors).toBe(0);
    expect(figures.schemaMismatches).toBe(0);
    expect(figures.acceptedAnyway).toBe(0);
  });
});
