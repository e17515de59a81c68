import { accessMessages } from '@engine/server';
import { accessFlagNames } from '@schemas/entities/access-flags.schema';
import qs from 'qs';
import { beforeAll, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/plugins/route-table';
import {
  CUSTOM_GUARDS,
  PUBLIC_ROUTES,
  ROLES,
  expectedOutcome,
  isOwnerChecked,
  protectionOf,
  routeKey,
  type CallerAccess,
  type Outcome,
  type Ownership,
  type Protection,
  type Role,
} from './access-matrix/expected';
import { malformedObject, wrongValueOf, type Malformed } from './access-matrix/malformed';
import { sampleOf } from './access-matrix/sample';
import { agent, describeEachDb, signedIn, type Agent } from './helpers';

/*
 * The access matrix (ASVS 5.0 V8 Authorization: every function and every object checks the
 * caller's rights on the server). The routes come from the server's own route table, so a route
 * added later is checked without anyone listing it here: it must carry an access check the
 * matrix can read, or be on the public list with a reason.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An id no row has. Writes aimed at it pass the access check and then find nothing, so a role
 * that may write proves it gets past the check without changing the demo data.
 */
const MISSING_ID = 99_999_999;

interface Caller extends CallerAccess {
  agent: Agent;
  address: string;
}

interface CheckedRoute {
  route: RouteEntry;
  protection: Protection;
}

interface Figures {
  routes: number;
  ownerChecked: number;
  cases: number;
  refused: number;
  passed: number;
  statuses: Record<number, number>;
  serverErrors: number;
  signInsAgain: number;
}

const isRead = (route: RouteEntry) => route.method === 'GET';

/** Reads first, so that a write allowed to one role cannot change what a later read sees. */
const byReadsFirst = (a: CheckedRoute, b: CheckedRoute) =>
  Number(!isRead(a.route)) - Number(!isRead(b.route));

function paramSchemaOf(route: RouteEntry, name: string): unknown {
  const params = route.schema?.params as { properties?: Record<string, unknown> } | undefined;
  return params?.properties?.[name] ?? { type: 'string' };
}

describeEachDb('access matrix', (server) => {
  const callers = new Map<Role, Caller>();
  const flagsAtStart = new Map<Role, Record<string, boolean>>();
  /** Real values for the path params of reads, found in the list the param's path starts with. */
  const realParams = new Map<string, unknown>();
  let checked: CheckedRoute[] = [];
  let foreignUid: (caller: Caller) => number;
  const figures: Figures = {
    routes: 0,
    ownerChecked: 0,
    cases: 0,
    refused: 0,
    passed: 0,
    statuses: {},
    serverErrors: 0,
    signInsAgain: 0,
  };

  const refs = (id: string) => server().app.getSchema(id);

  async function accessOf(a: Agent): Promise<Omit<CallerAccess, 'role'>> {
    const uid = (await a.get('/api/v2/me')).json<{ data: { uid: number } }>().data.uid;
    const general = (await a.get('/api/v2/settings?type=general')).json<{
      data: Record<string, unknown>;
    }>().data;
    const flags = Object.fromEntries(accessFlagNames.map((f) => [f, general[f] === true]));
    return { uid, signedIn: uid !== 0, flags };
  }

  async function uidOf(name: string): Promise<number> {
    const { rows } = await server().db.query<{ uid: number }>(
      'SELECT uid FROM users WHERE name = $1',
      [name],
    );
    return rows[0]!.uid;
  }

  async function lookUpRealParams(admin: Agent, routes: readonly RouteEntry[]): Promise<void> {
    const lists = new Set(
      routes.filter((r) => isRead(r) && !r.url.includes(':')).map((r) => r.url),
    );
    for (const route of routes.filter((r) => isRead(r) && r.url.includes(':'))) {
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        const list = route.url.slice(0, route.url.indexOf(`:${name}`)).replace(/\/$/, '');
        if (!lists.has(list)) continue;
        const res = await admin.get(list);
        if (res.statusCode !== 200) continue;
        const rows = res.json<{ data: unknown }>().data;
        const first = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : {};
        const value = first?.[name!] ?? first?.id;
        if (value !== undefined) realParams.set(`${route.url} ${name}`, value);
      }
    }
  }

  beforeAll(async () => {
    for (const [i, role] of ROLES.entries()) {
      // One address per role, so that the login failures the public-route checks cause stay
      // far below the per-address limit.
      const address = `10.20.0.${i + 1}`;
      const a =
        role === 'visitor'
          ? agent(server, { remoteAddress: address })
          : await signedIn(server, role, { remoteAddress: address });
      const caller: Caller = { role, agent: a, address, ...(await accessOf(a)) };
      callers.set(role, caller);
      flagsAtStart.set(role, { ...caller.flags });
    }
    const [trainerUid, marcusUid] = [await uidOf('trainer'), await uidOf('marcus')];
    // Someone else's object, a trainer's so that the availability routes have one to act on.
    foreignUid = (caller) => (caller.uid === trainerUid ? marcusUid : trainerUid);

    const table = server().app.routeTable;
    checked = table
      .filter((r) => r.method !== 'HEAD')
      .map((route) => ({ route, protection: protectionOf(route) }));
    await lookUpRealParams(callers.get('admin')!.agent, table);
  });

  function urlOf(route: RouteEntry, caller: Caller, ownership: Ownership, owner: boolean): string {
    const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
      let value: unknown;
      if (owner && name === 'uid') value = ownership === 'own' ? caller.uid : foreignUid(caller);
      else if (isRead(route))
        value =
          realParams.get(`${route.url} ${name}`) ?? sampleOf(paramSchemaOf(route, name), refs);
      else {
        const sample = sampleOf(paramSchemaOf(route, name), refs);
        value = typeof sample === 'number' ? MISSING_ID : sample;
      }
      return encodeURIComponent(String(value));
    });
    const query = route.schema?.querystring
      ? qs.stringify(sampleOf(route.schema.querystring, refs))
      : '';
    return query ? `${path}?${query}` : path;
  }

  async function send(
    caller: Caller,
    route: RouteEntry,
    url: string,
    body = route.schema?.body !== undefined ? sampleOf(route.schema.body, refs) : undefined,
  ) {
    // Signing up signs the new account in: it is done from a browser of its own, so that the
    // caller stays who they are for the routes after it.
    const a = route.url.endsWith('/auth/register')
      ? agent(server, { remoteAddress: caller.address })
      : caller.agent;
    switch (route.method as Method) {
      case 'GET':
        return a.get(url);
      case 'DELETE':
        return a.delete(url, body === undefined ? {} : { body });
      case 'POST':
        return a.post(url, body);
      case 'PUT':
        return a.put(url, body);
      case 'PATCH':
        return a.patch(url, body);
    }
  }

  /**
   * A request the route's schemas refuse: every path param, query value and body property of the
   * wrong type, plus an unknown property. `sure` when the schemas surely refuse it, so that a
   * caller who passes the access check gets 400.
   */
  function malformedRequest(route: RouteEntry): { url: string; body: unknown; sure: boolean } {
    let sure = false;
    const take = (m: Malformed) => {
      sure ||= m.sure;
      return m.value;
    };
    const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(take(wrongValueOf(paramSchemaOf(route, name), 'params', refs)))),
    );
    const { querystring, body } = route.schema ?? {};
    const query = querystring ? take(malformedObject(querystring, 'query', refs)) : { __bad: 1 };
    const sent = body && !isRead(route) ? take(malformedObject(body, 'body', refs)) : { __bad: 1 };
    return { url: `${path}?${qs.stringify(query)}`, body: sent, sure };
  }

  /** Calls every route as one role; returns every answer that differs from the expected one. */
  async function runAs(role: Role): Promise<string[]> {
    const caller = callers.get(role)!;
    const mismatches: string[] = [];
    for (const { route, protection } of [...checked].sort(byReadsFirst)) {
      if (protection.kind === 'unknown') {
        mismatches.push(`${routeKey(route)}: ${protection.problem}`);
        continue;
      }
      const owner = isOwnerChecked(protection);
      if (owner && !route.url.includes(':uid')) {
        mismatches.push(`${routeKey(route)}: an owner check needs a :uid param to aim at`);
        continue;
      }
      const ownerships: Ownership[] = !owner || !caller.signedIn ? ['foreign'] : ['own', 'foreign'];
      for (const ownership of ownerships) {
        const expected: Outcome = expectedOutcome(protection, caller, ownership);
        const url = urlOf(route, caller, ownership, owner);
        const res = await send(caller, route, url);
        const status = res.statusCode;
        const label = `${role} ${route.method} ${url}${owner ? ` (${ownership})` : ''}`;
        figures.cases += 1;
        figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
        if (status >= 500) {
          figures.serverErrors += 1;
          mismatches.push(`${label}: ${status} ${res.body.slice(0, 200)}`);
        } else if (expected === 'pass') {
          figures.passed += 1;
          if (status === 401 || status === 403)
            mismatches.push(`${label}: refused with ${status}, expected to pass the check`);
        } else {
          figures.refused += 1;
          const message = expected === 401 ? accessMessages.unauthorized : accessMessages.forbidden;
          const seen = status === expected ? res.json<{ message?: string }>().message : undefined;
          if (status !== expected || seen !== message)
            mismatches.push(
              `${label}: expected ${expected}, got ${status} ${res.body.slice(0, 200)}`,
            );
        }
        // A route that ends the session (signing out) must not turn the rest into visitor calls.
        if (caller.signedIn && !caller.agent.jar.has('atrium_session')) {
          caller.agent = await signedIn(server, role, { remoteAddress: caller.address });
          figures.signInsAgain += 1;
        }
      }
    }
    return mismatches;
  }

  it('V8.1.1 every route documents its access rule: a readable check, or public with a reason', () => {
    const table = server().app.routeTable;
    const problems = checked
      .filter(({ protection }) => protection.kind === 'unknown')
      .map(
        ({ route, protection }) =>
          `${routeKey(route)}: ${(protection as { problem: string }).problem}`,
      );
    expect(problems).toEqual([]);

    const keys = new Set(table.map(routeKey));
    expect(Object.keys(PUBLIC_ROUTES).filter((k) => !keys.has(k))).toEqual([]);
    const customUsed = new Set(
      checked.flatMap(({ protection }) => (protection.kind === 'custom' ? [protection.name] : [])),
    );
    expect(Object.keys(CUSTOM_GUARDS).filter((name) => !customUsed.has(name))).toEqual([]);

    // Every documented operation is in the table the matrix reads: it cannot miss a route.
    const documented = Object.entries(
      (server().app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> })
        .paths,
    ).flatMap(([path, operations]) =>
      Object.keys(operations).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((k) => !keys.has(k))).toEqual([]);

    // A HEAD route Fastify derives from a GET runs the GET's checks; the GET stands for both.
    for (const head of table.filter((r) => r.method === 'HEAD')) {
      const get = table.find((r) => r.method === 'GET' && r.url === head.url);
      expect(get, head.url).toBeDefined();
      expect(head.guards).toEqual(get!.guards);
      expect(head.preHandlers).toEqual(get!.preHandlers);
    }
    figures.routes = checked.length;
    figures.ownerChecked = checked.filter(({ protection }) => isOwnerChecked(protection)).length;
  });

  it('the demo roles hold the flags the matrix is meant to exercise', () => {
    // Without these differences the matrix would prove little: check they are there.
    expect(callers.get('visitor')!.signedIn).toBe(false);
    expect(callers.get('learner')!.flags).toMatchObject({
      incentives_shop: true,
      site_manage: false,
    });
    expect(callers.get('trainer')!.flags).toMatchObject({
      availability_feature_manage_own: true,
      availability_feature_manage: false,
    });
    expect(callers.get('courseadmin')!.flags).toMatchObject({
      availability_feature_manage: true,
      site_manage: false,
    });
    expect(Object.values(callers.get('admin')!.flags).every(Boolean)).toBe(true);
  });

  for (const role of ROLES) {
    it(`V8.2.1/V8.2.2 as ${role}: every route refuses without its flag and is not refused with it, on own and foreign objects`, async () => {
      expect(await runAs(role)).toEqual([]);
    });
  }

  it('V8.2.1 a caller without access gets 401/403, not 400, for malformed input', async () => {
    // Validation must not run before the access check: its field messages would describe the
    // route's input to anyone, and the answer would depend on the input rather than the caller.
    const probeFigures = {
      routes: 0,
      surelyMalformed: 0,
      probes: 0,
      statuses: {} as Record<number, number>,
      refused: 0,
      validationAnswers: 0,
      controlStatuses: {} as Record<number, number>,
    };
    const mismatches: string[] = [];
    const admin = callers.get('admin')!;
    for (const { route, protection } of checked) {
      if (protection.kind !== 'engine' && protection.kind !== 'custom') continue;
      const request = malformedRequest(route);
      probeFigures.routes += 1;
      if (request.sure) probeFigures.surelyMalformed += 1;
      for (const role of ['visitor', 'learner'] as const) {
        const caller = callers.get(role)!;
        // A path param that is no uid names nobody's object: refused as someone else's.
        const expected = expectedOutcome(protection, caller, 'foreign');
        if (expected === 'pass') continue;
        const res = await send(caller, route, request.url, request.body);
        const status = res.statusCode;
        probeFigures.probes += 1;
        probeFigures.statuses[status] = (probeFigures.statuses[status] ?? 0) + 1;
        if (status === 400) probeFigures.validationAnswers += 1;
        if (status === 401 || status === 403) probeFigures.refused += 1;
        const message = expected === 401 ? accessMessages.unauthorized : accessMessages.forbidden;
        const answer = status === expected ? res.json<Record<string, unknown>>() : undefined;
        if (status !== expected || answer?.message !== message || 'messages' in answer)
          mismatches.push(
            `${role} ${route.method} ${request.url}: expected ${expected}, got ${status} ${res.body.slice(0, 200)}`,
          );
      }
      // The same request from a caller with access must meet the validator, or the probe above
      // proved nothing about validation.
      if (request.sure) {
        const res = await send(admin, route, request.url, request.body);
        probeFigures.controlStatuses[res.statusCode] =
          (probeFigures.controlStatuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode !== 400)
          mismatches.push(
            `admin ${route.method} ${request.url}: the probe is not refused by validation (${res.statusCode})`,
          );
        if (!admin.agent.jar.has('atrium_session'))
          admin.agent = await signedIn(server, 'admin', { remoteAddress: admin.address });
      }
    }
    console.info(`access before validation [${server().kind}] ${JSON.stringify(probeFigures)}`);
    expect(probeFigures.probes).toBeGreaterThan(0);
    expect(probeFigures.surelyMalformed).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });

  it('V8.2.1 a caller without access gets 401/403 for a body that is not JSON or of an unknown type', async () => {
    // Bodies are parsed after the access check: a broken body must not be answered 400 or 415
    // before the caller is known to be allowed to send one.
    const bodies = {
      'broken JSON': { payload: Buffer.from('{"name": '), contentType: 'application/json' },
      'unknown type': { payload: Buffer.from('<name/>'), contentType: 'application/xml' },
    };
    const figures = { probes: 0, refused: 0, controls: {} as Record<string, number> };
    const mismatches: string[] = [];
    const admin = callers.get('admin')!;
    const sendRaw = (
      caller: Caller,
      route: RouteEntry,
      url: string,
      raw: (typeof bodies)[keyof typeof bodies],
    ) =>
      route.method === 'DELETE'
        ? caller.agent.delete(url, { raw })
        : caller.agent[route.method.toLowerCase() as 'post' | 'put' | 'patch'](url, undefined, {
            raw,
          });
    for (const { route, protection } of checked) {
      if (isRead(route) || (protection.kind !== 'engine' && protection.kind !== 'custom')) continue;
      for (const [kind, raw] of Object.entries(bodies)) {
        for (const role of ['visitor', 'learner'] as const) {
          const caller = callers.get(role)!;
          const expected = expectedOutcome(protection, caller, 'foreign');
          if (expected === 'pass') continue;
          const url = urlOf(route, caller, 'foreign', isOwnerChecked(protection));
          const res = await sendRaw(caller, route, url, raw);
          figures.probes += 1;
          if (res.statusCode === expected) figures.refused += 1;
          else
            mismatches.push(
              `${role} ${route.method} ${url} (${kind}): expected ${expected}, got ${res.statusCode}`,
            );
        }
        // The same body from the admin reaches the parser and is refused there.
        if (route.schema?.body !== undefined) {
          const url = urlOf(route, admin, 'foreign', isOwnerChecked(protection));
          const res = await sendRaw(admin, route, url, raw);
          const key = `${kind} ${res.statusCode}`;
          figures.controls[key] = (figures.controls[key] ?? 0) + 1;
          const refusedBy = kind === 'broken JSON' ? 400 : 415;
          if (res.statusCode !== refusedBy)
            mismatches.push(
              `admin ${route.method} ${url} (${kind}): expected ${refusedBy}, got ${res.statusCode}`,
            );
        }
      }
    }
    console.info(`access before body parsing [${server().kind}] ${JSON.stringify(figures)}`);
    expect(figures.probes).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });

  it('the matrix leaves every role with the flags it started with', async () => {
    for (const role of ROLES) {
      const caller = callers.get(role)!;
      expect((await accessOf(caller.agent)).flags, role).toEqual(flagsAtStart.get(role));
    }
    console.info(`access matrix [${server().kind}] ${JSON.stringify(figures)}`);
  });
});
