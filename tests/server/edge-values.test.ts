import { dateFormatMessages, dateSchema, dateTimeSchema } from '@schemas/entities/common.schema';
import type { Availability } from '@schemas/entities/availability.schema';
import { expect, it } from 'vitest';
import { hashPassword } from '../../src/server/lib/password';
import { agent, describeEachDb, PASSWORD, signedIn, type Agent } from './helpers';
import { operationsOf, refResolver, type OpenApiDocument } from './fuzz/openapi';
import { normalize, type Schema } from './fuzz/schema-arbitraries';

type ApiError = { message: string; messages?: { path: string; text: string }[] };

/** One request: `METHOD url` with `{uid}`, `{entry}`, `{product}`, `{schedule}` filled in. */
interface Case {
  request: string;
  body?: unknown;
  /** The field the 400 must name. */
  path: string;
}

/**
 * Dates `format: 'date-time'` and `format: 'date'` let through, which JavaScript or PostgreSQL
 * cannot read, or which lie outside the years 1900–2999 the product takes. Before the bounds,
 * 20 of these answered 500 on PostgreSQL (21 on PGlite); the others were taken (the year 9999,
 * a sale window PostgreSQL kept as 1 BC) or refused for their span only.
 */
const REFUSED_DATES: Case[] = [
  // A leap second: JavaScript's Date cannot read it.
  {
    request: 'GET /api/v2/availability?start=2026-01-01T23:59:60Z&end=2026-01-02T00:00:00Z',
    path: 'start',
  },
  {
    request: 'GET /api/v2/availability/{uid}?start=2026-01-01T00:00:00Z&end=2026-01-01T23:59:60Z',
    path: 'end',
  },
  {
    request:
      'GET /api/v2/availability/available?start=2016-12-31T23:59:60Z&end=2017-01-01T10:00:00Z',
    path: 'start',
  },
  {
    request: 'POST /api/v2/availability/{uid}/entries',
    body: { kind: 'time_off', start: '2026-01-01T23:59:60Z', end: '2026-01-02T10:00:00Z' },
    path: 'start',
  },
  {
    request: 'PATCH /api/v2/availability/{uid}/entries/{entry}',
    body: { end: '2027-01-01T05:29:60+05:30' },
    path: 'end',
  },
  // The years 0000 (no such year in PostgreSQL) and 9999 (a time zone shift takes it past).
  {
    request: 'GET /api/v2/availability?start=0000-01-01T00:00:00Z&end=0000-01-02T00:00:00Z',
    path: 'start',
  },
  {
    request: 'GET /api/v2/availability/{uid}?start=9999-12-30T00:00:00Z&end=9999-12-31T00:00:00Z',
    path: 'start',
  },
  {
    request: 'GET /api/v2/availability?start=0001-01-01T00:00:00Z&end=9999-12-31T23:59:59Z',
    path: 'start',
  },
  {
    request: 'POST /api/v2/availability/{uid}/entries',
    body: { kind: 'extra', start: '0000-01-01T00:00:00Z', end: '0000-01-01T10:00:00Z' },
    path: 'start',
  },
  {
    request: 'POST /api/v2/availability/{uid}/entries',
    body: { kind: 'extra', start: '9999-12-31T00:00:00Z', end: '9999-12-31T23:59:59-12:00' },
    path: 'end',
  },
  {
    request: 'PUT /api/v2/availability/{uid}/overrides/0000-01-01',
    body: { intervals: [] },
    path: 'date',
  },
  {
    request: 'PUT /api/v2/availability/{uid}/overrides/9999-12-31',
    body: { intervals: [] },
    path: 'date',
  },
  { request: 'DELETE /api/v2/availability/{uid}/overrides/0000-01-01', path: 'date' },
  { request: 'GET /api/v2/admin/audit?from=0000-01-01', path: 'from' },
  { request: 'GET /api/v2/admin/audit?to=0000-01-01', path: 'to' },
  { request: 'GET /api/v2/admin/audit?from=2026-01-01&to=9999-12-31', path: 'to' },
  { request: 'GET /api/v2/incentives/transactions?from=0000-01-01', path: 'from' },
  { request: 'GET /api/v2/incentives/transactions?to=0000-01-01', path: 'to' },
  { request: 'GET /api/v2/incentives/transactions?from=9999-12-31', path: 'from' },
  {
    request: 'POST /api/v2/incentives/products',
    body: { title: 'Edge', price: 1, available_from: '0000-01-01T00:00:00Z' },
    path: 'available_from',
  },
  {
    request: 'POST /api/v2/incentives/products',
    body: { title: 'Edge', price: 1, available_from: '0001-01-01T00:00:00+14:00' },
    path: 'available_from',
  },
  {
    request: 'PATCH /api/v2/incentives/products/{product}',
    body: { title: 'Edge', price: 1, available_until: '9999-12-31T23:59:59-12:00' },
    path: 'available_until',
  },
  // Time zone offsets beyond any real one (PostgreSQL refuses them), or without minutes
  // (JavaScript's Date cannot read them).
  {
    request: 'POST /api/v2/incentives/products',
    body: { title: 'Edge', price: 1, available_until: '2026-01-01T00:00:00+23:59' },
    path: 'available_until',
  },
  {
    request: 'GET /api/v2/availability/{uid}?start=2026-07-01T00:00:00+05&end=2026-07-02T00:00:00Z',
    path: 'start',
  },
  {
    request: 'POST /api/v2/incentives/expiry_schedules',
    body: { name: 'Edge', type: 'fixed', fixed_date: '0000-01-01' },
    path: 'fixed_date',
  },
  {
    request: 'PATCH /api/v2/incentives/expiry_schedules/{schedule}',
    body: { fixed_date: '0000-12-31' },
    path: 'fixed_date',
  },
];

/** Numbers beyond what PostgreSQL stores, and long texts: refused with a field message. */
const REFUSED_NUMBERS_AND_TEXTS: Case[] = [
  { request: 'GET /api/v2/users?page=-1', path: 'page' },
  { request: 'GET /api/v2/users?page=1e308', path: 'page' },
  { request: `GET /api/v2/incentives/products?limit=${2 ** 53}`, path: 'limit' },
  { request: `GET /api/v2/incentives/products?page=${2 ** 53}`, path: 'page' },
  { request: 'GET /api/v2/incentives/transactions/2147483648', path: 'id' },
  { request: 'GET /api/v2/incentives/transactions/9223372036854775808', path: 'id' },
  { request: 'GET /api/v2/admin/audit?actor=-2147483649', path: 'actor' },
  { request: 'DELETE /api/v2/availability/{uid}/entries/-1', path: 'id' },
  { request: `GET /api/v2/users?search=${'x'.repeat(100_000)}`, path: 'search' },
  { request: `GET /api/v2/admin/audit?action=${'x'.repeat(100_000)}`, path: 'action' },
  {
    request: 'POST /api/v2/incentives/adjustments',
    body: { uid: 2 ** 53, points: 5, note: 'Edge' },
    path: 'uid',
  },
  {
    request: 'POST /api/v2/incentives/adjustments',
    body: { uid: 1, points: 5, note: 'x'.repeat(100_000) },
    path: 'note',
  },
];

/** The edges the product does handle: answered like any other date. */
const ACCEPTED: { request: string; body?: unknown; status: number }[] = [
  {
    request:
      'GET /api/v2/availability/{uid}?start=1900-01-01T00:00:00+14:00&end=1900-01-08T00:00:00Z',
    status: 200,
  },
  {
    request:
      'GET /api/v2/availability/{uid}?start=2999-12-25T00:00:00-12:00&end=2999-12-31T23:59:59.999-12:00',
    status: 200,
  },
  {
    request:
      'GET /api/v2/availability?start=2028-02-29T00:00:00+14:00&end=2028-03-01T00:00:00-12:00',
    status: 200,
  },
  {
    request: 'PUT /api/v2/availability/{uid}/overrides/1900-01-01',
    body: { intervals: [] },
    status: 200,
  },
  {
    request: 'PUT /api/v2/availability/{uid}/overrides/2999-12-31',
    body: { intervals: [{ start: '09:00', end: '24:00' }] },
    status: 200,
  },
  { request: 'DELETE /api/v2/availability/{uid}/overrides/2999-12-31', status: 204 },
  {
    request: 'POST /api/v2/availability/{uid}/entries',
    body: { kind: 'extra', start: '2999-12-31T00:00:00-12:00', end: '2999-12-31T23:59:59-12:00' },
    status: 201,
  },
  { request: 'GET /api/v2/admin/audit?from=1900-01-01&to=2999-12-31', status: 200 },
  { request: 'GET /api/v2/incentives/transactions?from=1900-01-01&to=2999-12-31', status: 200 },
  {
    request: 'POST /api/v2/incentives/products',
    body: {
      title: 'Edge',
      price: 1,
      available_from: '1900-01-01T00:00:00+14:00',
      available_until: '2999-12-31T23:59:59-12:00',
    },
    status: 200,
  },
  { request: 'GET /api/v2/incentives/products?page=-0', status: 200 },
  {
    request: 'POST /api/v2/incentives/expiry_schedules',
    body: { name: 'Leap day', type: 'fixed', fixed_date: '2028-02-29' },
    status: 200,
  },
];

/** Rows a refused write could have left behind. */
const TABLES = [
  'availability_entries',
  'availability_overrides',
  'incentive_products',
  'incentive_expiry_schedules',
  'points_ledger',
];

describeEachDb('dates, numbers and texts at the edges', (server) => {
  let admin: Agent;
  const ids: Record<string, string> = {};

  async function setUp(): Promise<void> {
    if (admin) return;
    admin = await signedIn(server, 'admin');
    const uid = await server().app.repos.users.create({
      name: `edge-trainer-${Math.random().toString(36).slice(2, 8)}`,
      pass: await hashPassword(PASSWORD),
      first_name: 'Edge',
      last_name: 'Trainer',
      timezone: 'Pacific/Kiritimati',
      roles: ['trainer'],
      organizations: [],
    });
    ids.uid = String(uid);
    const weekly = await admin.put(`/api/v2/availability/${uid}/weekly`, {
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    const entry = await admin.post(`/api/v2/availability/${uid}/entries`, {
      kind: 'time_off',
      start: '2026-05-01T08:00:00Z',
      end: '2026-05-01T12:00:00Z',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    ids.entry = String(entry.json<{ data: { id: number } }>().data.id);
    const product = await admin.post('/api/v2/incentives/products', { title: 'Edge', price: 1 });
    expect(product.statusCode, product.body).toBe(200);
    ids.product = String(product.json<{ data: { id: number } }>().data.id);
    const schedule = await admin.post('/api/v2/incentives/expiry_schedules', {
      name: 'Edge',
      type: 'fixed',
      fixed_date: '2026-12-31',
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    ids.schedule = String(schedule.json<{ data: { id: number } }>().data.id);
  }

  function send(c: { request: string; body?: unknown }) {
    const [method, url] = c.request.split(' ') as [string, string];
    // A `+` in an address is a space: time zone offsets are sent encoded.
    const filled = url.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!).replace(/\+/g, '%2B');
    switch (method) {
      case 'GET':
        return admin.get(filled);
      case 'DELETE':
        return admin.delete(filled);
      case 'PUT':
        return admin.put(filled, c.body);
      case 'PATCH':
        return admin.patch(filled, c.body);
      default:
        return admin.post(filled, c.body);
    }
  }

  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of TABLES)
      counts[table] = (
        await server().db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
      ).rows[0]!.n;
    return counts;
  }

  /**
   * Each case's answer, as `request → status [path]`, to compare in one go: a 400 with a message
   * at the case's field (one of `texts`, when given).
   */
  async function answers(
    cases: Case[],
    texts?: readonly string[],
  ): Promise<{ got: string[]; expected: string[] }> {
    const got: string[] = [];
    const expected: string[] = [];
    for (const c of cases) {
      const res = await send(c);
      const body = res.json<ApiError>();
      const named = body.messages?.find(
        (m) => m.path === c.path && (texts ? texts.includes(m.text) : m.text.trim() !== ''),
      );
      got.push(
        `${c.request} → ${res.statusCode} ${named ? `[${named.path}]` : res.body.slice(0, 200)}`,
      );
      expected.push(`${c.request} → 400 [${c.path}]`);
    }
    return { got, expected };
  }

  it('refuses dates JavaScript or PostgreSQL cannot handle (leap seconds, years 0000 and 9999, impossible offsets) with 400 and a field message, and writes nothing', async () => {
    await setUp();
    const before = await rowCounts();
    const { got, expected } = await answers(REFUSED_DATES, Object.values(dateFormatMessages));
    expect(got).toEqual(expected);
    expect(await rowCounts()).toEqual(before);
    // A product with such a date once stored made the whole product list answer 500.
    expect((await admin.get('/api/v2/incentives/products')).statusCode).toBe(200);
  });

  it('refuses numbers beyond the database and 100,000-character texts with 400 and a field message', async () => {
    await setUp();
    const before = await rowCounts();
    const { got, expected } = await answers(REFUSED_NUMBERS_AND_TEXTS);
    expect(got).toEqual(expected);
    expect(await rowCounts()).toEqual(before);
  });

  it('handles the dates at the edges of the range it accepts, and reads them back', async () => {
    await setUp();
    const got: string[] = [];
    for (const c of ACCEPTED) {
      const res = await send(c);
      got.push(`${c.request} → ${res.statusCode}${res.statusCode >= 300 ? ` ${res.body}` : ''}`);
    }
    expect(got).toEqual(ACCEPTED.map((c) => `${c.request} → ${c.status}`));
    // What was stored at the edges reads back, and the weekly hours unfold at both ends (in
    // 1900 the trainer's zone, Pacific/Kiritimati, was at -10:29:20 local mean time).
    expect((await admin.get('/api/v2/incentives/products')).statusCode).toBe(200);
    for (const range of [
      'start=1900-01-01T00:00:00+14:00&end=1900-01-03T00:00:00Z',
      'start=2999-12-30T00:00:00Z&end=2999-12-31T23:59:59-12:00',
    ]) {
      const calendar = await send({ request: `GET /api/v2/availability/{uid}?${range}` });
      expect(calendar.statusCode, calendar.body).toBe(200);
      const { intervals, entries } = calendar.json<{ data: Availability }>().data;
      expect(intervals.length, range).toBeGreaterThan(0);
      if (range.startsWith('start=2999')) expect(entries, range).toHaveLength(1);
    }
  });

  it('every date and date-time the API takes in is the bounded one of common.schema.ts', async () => {
    const res = await agent(server).get('/api/v2/openapi.json');
    const doc = res.json<OpenApiDocument>();
    const resolve = refResolver(doc);
    const unbounded: string[] = [];
    let dates = 0;
    const walk = (schema: Schema, where: string, depth = 0): void => {
      const s = normalize(schema, resolve);
      if (typeof s !== 'object' || depth > 12) return;
      if (s.format === 'date' || s.format === 'date-time') {
        dates += 1;
        const bounded = s.format === 'date' ? dateSchema : dateTimeSchema;
        if (s.pattern === undefined || s.pattern !== bounded?.pattern)
          unbounded.push(`${where} (${String(s.format)})`);
      }
      for (const [key, value] of Object.entries(s)) {
        if (key === 'properties' && value && typeof value === 'object')
          for (const [name, sub] of Object.entries(value as Record<string, Schema>))
            walk(sub, `${where}[${name}]`, depth + 1);
        else if (key === 'items' || key === 'additionalProperties' || key === 'not')
          walk(value as Schema, `${where}[]`, depth + 1);
        else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value))
          for (const alt of value as Schema[]) walk(alt, where, depth + 1);
      }
    };
    for (const op of operationsOf(doc)) {
      for (const p of op.object.parameters ?? []) walk(p.schema ?? {}, `${op.key} ${p.name}`);
      for (const [type, media] of Object.entries(op.object.requestBody?.content ?? {}))
        walk(media.schema ?? {}, `${op.key} body ${type}`);
    }
    expect(dates).toBeGreaterThan(0);
    expect(unbounded).toEqual([]);
  });
});
