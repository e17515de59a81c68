import type {
  Availability,
  Entry,
  Override,
  OverviewRow,
  Trainer,
  WeeklyHours,
} from '@schemas/entities/availability.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import { expect, it } from 'vitest';
import { hashPassword } from '../../src/server/lib/password';
import { LOCKED_MESSAGE } from '../../src/server/routes/availability';
import { agent, describeEachDb, PASSWORD, signedIn, type Agent } from './helpers';

type Data<T> = { data: T };
type List<T> = { data: T[]; meta: ListMeta };
type ApiError = { message: string; messages?: { path: string; text: string }[] };

const AMS = 'Europe/Amsterdam';
/** Weeks around the EU change to winter time on Sunday 2026-10-25. */
const AUTUMN = 'start=2026-10-19T00:00:00Z&end=2026-11-02T00:00:00Z';

describeEachDb('trainer availability', (server) => {
  let counter = 0;
  let passHash: string | undefined;

  /** A new trainer account of its own (so tests never share a calendar), signed in. */
  async function freshTrainer(
    o: { timezone?: string | null; organization?: number; role?: string } = {},
  ): Promise<{ uid: number; name: string; agent: Agent }> {
    passHash ??= await hashPassword(PASSWORD);
    const name = `avail-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
    const uid = await server().app.repos.users.create({
      name,
      pass: passHash,
      first_name: 'Test',
      last_name: name,
      timezone: o.timezone === undefined ? AMS : o.timezone,
      roles: [o.role ?? 'trainer'],
      organizations: o.organization ? [o.organization] : [],
    });
    return { uid, name, agent: await signedIn(server, name) };
  }

  const uidOf = async (name: string) =>
    (await server().db.query<{ uid: number }>('SELECT uid FROM users WHERE name = $1', [name]))
      .rows[0]!.uid;

  const entryCount = async (uid: number) =>
    (
      await server().db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM availability_entries WHERE uid = $1',
        [uid],
      )
    ).rows[0]!.n;

  async function availabilityOf(a: Agent, uid: number, range: string): Promise<Availability> {
    const res = await a.get(`/api/v2/availability/${uid}?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Data<Availability>>().data;
  }

  async function setWeekly(a: Agent, uid: number, hours: WeeklyHours[]): Promise<void> {
    const res = await a.put(`/api/v2/availability/${uid}/weekly`, { hours });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('keeps weekly hours on the wall clock across the daylight-saving change', async () => {
    const t = await freshTrainer();
    await setWeekly(t.agent, t.uid, [{ weekday: 1, start: '09:00', end: '12:00' }]);
    const data = await availabilityOf(t.agent, t.uid, AUTUMN);
    expect(data.timezone).toBe(AMS);
    expect(data.editable).toBe(true);
    expect(data.lock).toBeNull();
    expect(data.weekly).toEqual([{ weekday: 1, start: '09:00', end: '12:00' }]);
    expect(data.intervals).toEqual([
      { start: '2026-10-19T07:00:00.000Z', end: '2026-10-19T10:00:00.000Z', source: 'weekly' },
      { start: '2026-10-26T08:00:00.000Z', end: '2026-10-26T11:00:00.000Z', source: 'weekly' },
    ]);
    expect(data.trainer).toMatchObject({
      uid: t.uid,
      name: t.name,
      display_name: `Test ${t.name}`,
    });
  });

  it('gives a trainer without a time zone of their own the site’s, and follows a change of zone', async () => {
    const t = await freshTrainer({ timezone: null });
    expect((await availabilityOf(t.agent, t.uid, AUTUMN)).timezone).toBe('Europe/Amsterdam');
    const bad = await t.agent.patch(`/api/v2/availability/${t.uid}`, { timezone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().messages).toEqual([
      { path: 'timezone', text: 'Unknown time zone' },
    ]);
    const res = await t.agent.patch(`/api/v2/availability/${t.uid}`, {
      timezone: 'America/New_York',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Data<Availability>>().data.timezone).toBe('America/New_York');
    await setWeekly(t.agent, t.uid, [{ weekday: 1, start: '09:00', end: '10:00' }]);
    // New York leaves summer time on 2026-11-01: 13:00Z before, 14:00Z after.
    const data = await availabilityOf(
      t.agent,
      t.uid,
      'start=2026-10-26T00:00:00Z&end=2026-11-03T00:00:00Z',
    );
    expect(data.intervals.map((i) => i.start)).toEqual([
      '2026-10-26T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('lets an override replace weekly hours, an empty one clear the day, and removes it again', async () => {
    const t = await freshTrainer();
    await setWeekly(t.agent, t.uid, [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 2, start: '09:00', end: '12:00' },
    ]);
    const put = await t.agent.put(`/api/v2/availability/${t.uid}/overrides/2026-11-02`, {
      intervals: [{ start: '14:00', end: '16:00' }],
      reason: 'Afternoon instead',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Data<Override>>().data).toEqual({
      date: '2026-11-02',
      intervals: [{ start: '14:00', end: '16:00' }],
      reason: 'Afternoon instead',
    });
    const off = await t.agent.put(`/api/v2/availability/${t.uid}/overrides/2026-11-03`, {
      intervals: [],
    });
    expect(off.statusCode, off.body).toBe(200);

    const range = 'start=2026-11-02T00:00:00Z&end=2026-11-04T00:00:00Z';
    let data = await availabilityOf(t.agent, t.uid, range);
    expect(data.intervals).toEqual([
      { start: '2026-11-02T13:00:00.000Z', end: '2026-11-02T15:00:00.000Z', source: 'override' },
    ]);
    expect(data.overrides.map((o) => o.date)).toEqual(['2026-11-02', '2026-11-03']);

    expect(
      (await t.agent.delete(`/api/v2/availability/${t.uid}/overrides/2026-11-03`)).statusCode,
    ).toBe(204);
    expect(
      (await t.agent.delete(`/api/v2/availability/${t.uid}/overrides/2026-11-03`)).statusCode,
    ).toBe(404);
    data = await availabilityOf(t.agent, t.uid, range);
    expect(data.intervals.map((i) => [i.start, i.source])).toEqual([
      ['2026-11-02T13:00:00.000Z', 'override'],
      ['2026-11-03T08:00:00.000Z', 'weekly'],
    ]);

    const overlap = await t.agent.put(`/api/v2/availability/${t.uid}/overrides/2026-11-05`, {
      intervals: [
        { start: '09:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<ApiError>().messages).toEqual([
      { path: 'intervals[1][start]', text: 'Overlaps 09:00–12:00 on the same day' },
    ]);
    const badDate = await t.agent.put(`/api/v2/availability/${t.uid}/overrides/2026-02-30`, {
      intervals: [],
    });
    expect(badDate.statusCode).toBe(400);
  });

  it('adds extra hours and takes time off away', async () => {
    const t = await freshTrainer();
    await setWeekly(t.agent, t.uid, [{ weekday: 1, start: '09:00', end: '17:00' }]);
    const extra = await t.agent.post(`/api/v2/availability/${t.uid}/entries`, {
      kind: 'extra',
      start: '2026-11-07T09:00:00Z',
      end: '2026-11-07T12:00:00Z',
      reason: 'Saturday workshop',
    });
    expect(extra.statusCode, extra.body).toBe(201);
    expect(extra.json<Data<Entry>>().data).toMatchObject({
      kind: 'extra',
      start: '2026-11-07T09:00:00.000Z',
      end: '2026-11-07T12:00:00.000Z',
      reason: 'Saturday workshop',
    });
    const off = await t.agent.post(`/api/v2/availability/${t.uid}/entries`, {
      kind: 'time_off',
      start: '2026-11-09T11:00:00Z',
      end: '2026-11-09T13:00:00Z',
      reason: 'Dentist',
    });
    expect(off.statusCode, off.body).toBe(201);

    const data = await availabilityOf(
      t.agent,
      t.uid,
      'start=2026-11-07T00:00:00Z&end=2026-11-10T00:00:00Z',
    );
    expect(data.entries.map((e) => e.kind)).toEqual(['extra', 'time_off']);
    expect(data.intervals).toEqual([
      { start: '2026-11-07T09:00:00.000Z', end: '2026-11-07T12:00:00.000Z', source: 'extra' },
      { start: '2026-11-09T08:00:00.000Z', end: '2026-11-09T11:00:00.000Z', source: 'weekly' },
      { start: '2026-11-09T13:00:00.000Z', end: '2026-11-09T16:00:00.000Z', source: 'weekly' },
    ]);

    const id = off.json<Data<Entry>>().data.id;
    const moved = await t.agent.patch(`/api/v2/availability/${t.uid}/entries/${id}`, {
      end: '2026-11-09T14:00:00Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Data<Entry>>().data).toMatchObject({
      id,
      end: '2026-11-09T14:00:00.000Z',
      reason: 'Dentist',
    });
    expect((await t.agent.delete(`/api/v2/availability/${t.uid}/entries/${id}`)).statusCode).toBe(
      204,
    );
    expect((await t.agent.delete(`/api/v2/availability/${t.uid}/entries/${id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await t.agent.patch(`/api/v2/availability/${t.uid}/entries/${id}`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad entry times with field messages', async () => {
    const t = await freshTrainer();
    const url = `/api/v2/availability/${t.uid}/entries`;
    const backwards = await t.agent.post(url, {
      kind: 'time_off',
      start: '2026-11-09T11:00:00Z',
      end: '2026-11-09T11:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ApiError>().messages).toEqual([
      { path: 'end', text: 'Must be after the start' },
    ]);
    const long = await t.agent.post(url, {
      kind: 'time_off',
      start: '2026-01-01T00:00:00Z',
      end: '2027-01-03T00:00:00Z',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<ApiError>().messages?.[0]?.path).toBe('end');
    const missing = await t.agent.post(url, { kind: 'holiday', start: 'tomorrow' });
    expect(missing.statusCode).toBe(400);
    expect(await entryCount(t.uid)).toBe(0);
  });

  it('refuses overlapping weekly hours with the bracket path of the later one', async () => {
    const t = await freshTrainer();
    const url = `/api/v2/availability/${t.uid}/weekly`;
    const overlap = await t.agent.put(url, {
      hours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
        { weekday: 2, start: '11:00', end: '13:00' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<ApiError>()).toEqual({
      message: 'Some fields are not valid.',
      messages: [{ path: 'hours[1][start]', text: 'Overlaps 09:00–12:00 on the same day' }],
    });
    const backwards = await t.agent.put(url, {
      hours: [{ weekday: 3, start: '12:00', end: '09:00' }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ApiError>().messages).toEqual([
      { path: 'hours[0][end]', text: 'Must be after the start time' },
    ]);
    const badClock = await t.agent.put(url, {
      hours: [{ weekday: 3, start: '24:00', end: '24:00' }],
    });
    expect(badClock.statusCode).toBe(400);
    expect(badClock.json<ApiError>().messages?.[0]?.path).toBe('hours[0][start]');

    // Touching intervals are fine and come back sorted.
    const ok = await t.agent.put(url, {
      hours: [
        { weekday: 1, start: '13:00', end: '24:00' },
        { weekday: 1, start: '09:00', end: '13:00' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Data<{ weekly: WeeklyHours[] }>>().data.weekly).toEqual([
      { weekday: 1, start: '09:00', end: '13:00' },
      { weekday: 1, start: '13:00', end: '24:00' },
    ]);
    const data = await availabilityOf(
      t.agent,
      t.uid,
      'start=2026-11-02T00:00:00Z&end=2026-11-03T00:00:00Z',
    );
    expect(data.intervals).toEqual([
      { start: '2026-11-02T08:00:00.000Z', end: '2026-11-02T23:00:00.000Z', source: 'weekly' },
    ]);
  });

  it('refuses an entry overlapping another of the same kind with 409 and writes nothing', async () => {
    const t = await freshTrainer();
    const url = `/api/v2/availability/${t.uid}/entries`;
    const first = await t.agent.post(url, {
      kind: 'time_off',
      start: '2026-11-23T08:00:00Z',
      end: '2026-11-23T11:00:00Z',
    });
    expect(first.statusCode).toBe(201);
    const clash = await t.agent.post(url, {
      kind: 'time_off',
      start: '2026-11-23T10:00:00Z',
      end: '2026-11-23T12:00:00Z',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<ApiError>().message).toBe(
      'Overlaps other time off: 2026-11-23 09:00–12:00 (Europe/Amsterdam).',
    );
    expect(await entryCount(t.uid)).toBe(1);

    // Another kind, or only touching, is fine.
    for (const body of [
      { kind: 'extra', start: '2026-11-23T10:00:00Z', end: '2026-11-23T12:00:00Z' },
      { kind: 'time_off', start: '2026-11-23T11:00:00Z', end: '2026-11-23T12:00:00Z' },
    ])
      expect((await t.agent.post(url, body)).statusCode).toBe(201);

    // A change that would overlap is refused too, and leaves the entry as it was.
    const second = (
      await t.agent.get(
        `/api/v2/availability/${t.uid}?start=2026-11-23T00:00:00Z&end=2026-11-24T00:00:00Z`,
      )
    )
      .json<Data<Availability>>()
      .data.entries.find((e) => e.kind === 'time_off' && e.start === '2026-11-23T11:00:00.000Z')!;
    const moved = await t.agent.patch(`/api/v2/availability/${t.uid}/entries/${second.id}`, {
      start: '2026-11-23T10:30:00Z',
    });
    expect(moved.statusCode).toBe(409);
    const after = await availabilityOf(
      t.agent,
      t.uid,
      'start=2026-11-23T00:00:00Z&end=2026-11-24T00:00:00Z',
    );
    expect(after.entries.find((e) => e.id === second.id)?.start).toBe('2026-11-23T11:00:00.000Z');
    expect(await entryCount(t.uid)).toBe(3);
  });

  it('lets exactly one of many concurrent overlapping entries in', async () => {
    const t = await freshTrainer();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.agent.post(`/api/v2/availability/${t.uid}/entries`, {
          kind: 'time_off',
          start: `2026-12-01T${String(8 + (i % 3)).padStart(2, '0')}:00:00Z`,
          end: '2026-12-01T12:00:00Z',
          reason: `Attempt ${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await entryCount(t.uid)).toBe(1);
  });

  it('keeps trainers to their own availability and learners out of all of it', async () => {
    const t = await freshTrainer();
    const other = await freshTrainer();
    const learner = await signedIn(server, 'learner');
    const range = 'start=2026-11-02T00:00:00Z&end=2026-11-09T00:00:00Z';
    const calls = (uid: number) =>
      [
        ['get', `/api/v2/availability/${uid}?${range}`],
        ['patch', `/api/v2/availability/${uid}`, { timezone: 'UTC' }],
        ['put', `/api/v2/availability/${uid}/weekly`, { hours: [] }],
        ['put', `/api/v2/availability/${uid}/overrides/2026-11-02`, { intervals: [] }],
        ['delete', `/api/v2/availability/${uid}/overrides/2026-11-02`],
        [
          'post',
          `/api/v2/availability/${uid}/entries`,
          { kind: 'extra', start: '2026-11-02T08:00:00Z', end: '2026-11-02T09:00:00Z' },
        ],
        ['patch', `/api/v2/availability/${uid}/entries/1`, { reason: 'x' }],
        ['delete', `/api/v2/availability/${uid}/entries/1`],
      ] as const;
    const call = (a: Agent, [method, url, body]: readonly [string, string, unknown?]) =>
      method === 'get' || method === 'delete'
        ? a[method](url)
        : a[method as 'post' | 'put' | 'patch'](url, body);

    for (const c of calls(other.uid)) {
      expect((await call(t.agent, c)).statusCode, `trainer: ${c[0]} ${c[1]}`).toBe(403);
      expect((await call(learner, c)).statusCode, `learner: ${c[0]} ${c[1]}`).toBe(403);
      expect((await call(agent(server), c)).statusCode, `visitor: ${c[0]} ${c[1]}`).toBe(401);
    }
    // A learner has no availability of their own either.
    const learnerUid = await uidOf('learner');
    for (const c of calls(learnerUid))
      expect((await call(learner, c)).statusCode, `learner self: ${c[0]} ${c[1]}`).toBe(403);
    for (const url of [
      '/api/v2/availability/trainers',
      `/api/v2/availability?${range}`,
      `/api/v2/availability/available?start=2026-11-02T09:00:00Z&end=2026-11-02T10:00:00Z`,
    ]) {
      expect((await learner.get(url)).statusCode, url).toBe(403);
      expect((await t.agent.get(url)).statusCode, url).toBe(403);
    }
    expect(await entryCount(other.uid)).toBe(0);

    // A course administrator reaches anyone's, and a non-trainer is not found.
    const admin = await signedIn(server, 'courseadmin');
    expect((await admin.get(`/api/v2/availability/${other.uid}?${range}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/v2/availability/${learnerUid}?${range}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/v2/availability/999999?${range}`)).statusCode).toBe(404);
  });

  it('refuses a locked availability to its trainer with 409 but not to a course administrator', async () => {
    const t = await freshTrainer();
    const admin = await signedIn(server, 'courseadmin');
    const range = 'start=2026-11-02T00:00:00Z&end=2026-11-09T00:00:00Z';

    const tries = await t.agent.patch(`/api/v2/availability/${t.uid}`, { locked: true });
    expect(tries.statusCode).toBe(403);

    const lock = await admin.patch(`/api/v2/availability/${t.uid}`, { locked: true });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json<Data<Availability>>().data.lock).toMatchObject({ by: 'Carlos Mendes' });

    const seen = await availabilityOf(t.agent, t.uid, range);
    expect(seen.editable).toBe(false);
    expect(seen.lock?.by).toBe('Carlos Mendes');
    expect((await availabilityOf(admin, t.uid, range)).editable).toBe(true);

    for (const res of [
      await t.agent.put(`/api/v2/availability/${t.uid}/weekly`, {
        hours: [{ weekday: 1, start: '09:00', end: '12:00' }],
      }),
      await t.agent.patch(`/api/v2/availability/${t.uid}`, { timezone: 'UTC' }),
      await t.agent.put(`/api/v2/availability/${t.uid}/overrides/2026-11-02`, { intervals: [] }),
      await t.agent.post(`/api/v2/availability/${t.uid}/entries`, {
        kind: 'time_off',
        start: '2026-11-02T08:00:00Z',
        end: '2026-11-02T09:00:00Z',
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ApiError>().message).toBe(LOCKED_MESSAGE);
    }
    expect((await availabilityOf(admin, t.uid, range)).weekly).toEqual([]);
    expect(await entryCount(t.uid)).toBe(0);

    await setWeekly(admin, t.uid, [{ weekday: 1, start: '09:00', end: '12:00' }]);
    expect((await availabilityOf(t.agent, t.uid, range)).weekly).toHaveLength(1);

    const unlock = await admin.patch(`/api/v2/availability/${t.uid}`, { locked: false });
    expect(unlock.json<Data<Availability>>().data.lock).toBeNull();
    await setWeekly(t.agent, t.uid, []);
    expect((await availabilityOf(t.agent, t.uid, range)).editable).toBe(true);
  });

  it('finds trainers available for a whole slot, not on their day off', async () => {
    const org = await server().app.repos.taxonomy.createOrganization(
      `Availability test ${Math.random().toString(36).slice(2, 8)}`,
    );
    const t = await freshTrainer({ organization: org });
    const busy = await freshTrainer({ organization: org });
    await setWeekly(t.agent, t.uid, [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '12:00', end: '17:00' },
    ]);
    await setWeekly(busy.agent, busy.uid, [{ weekday: 1, start: '09:00', end: '10:30' }]);
    await t.agent.put(`/api/v2/availability/${t.uid}/overrides/2026-11-09`, { intervals: [] });

    const admin = await signedIn(server, 'courseadmin');
    const find = async (start: string, end: string) => {
      const res = await admin.get(
        `/api/v2/availability/available?start=${start}&end=${end}&organization=${org}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Data<Trainer[]>>().data.map((x) => x.uid);
    };
    // Monday 2026-11-02, 10:00–13:00 in Amsterdam, across the touching intervals.
    expect(await find('2026-11-02T09:00:00Z', '2026-11-02T12:00:00Z')).toEqual([t.uid]);
    expect((await find('2026-11-02T08:00:00Z', '2026-11-02T09:30:00Z')).sort()).toEqual(
      [t.uid, busy.uid].sort(),
    );
    // A page at a time by cursor: both, one a page, in name order.
    const slot = `start=2026-11-02T08:00:00Z&end=2026-11-02T09:30:00Z&organization=${org}&limit=1`;
    const first = await admin.get(`/api/v2/availability/available?${slot}`);
    const firstBody = first.json<List<Trainer>>();
    expect(firstBody.meta).toMatchObject({ total: 2, totalPages: 2, limit: 1 });
    const second = await admin.get(
      `/api/v2/availability/available?${slot}&page=1&after=${firstBody.meta.next}`,
    );
    const secondBody = second.json<List<Trainer>>();
    expect(secondBody.meta.next).toBeUndefined();
    expect([...firstBody.data, ...secondBody.data].map((x) => x.uid)).toEqual(
      [t, busy]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.uid - b.uid))
        .map((x) => x.uid),
    );
    expect(await find('2026-11-09T08:00:00Z', '2026-11-09T09:00:00Z')).toEqual([busy.uid]);
    expect(await find('2026-11-03T09:00:00Z', '2026-11-03T10:00:00Z')).toEqual([]);

    const tooLong = await admin.get(
      '/api/v2/availability/available?start=2026-11-02T00:00:00Z&end=2026-11-17T00:00:00Z',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ApiError>().messages).toEqual([
      { path: 'end', text: 'Must be at most 14 days after the start' },
    ]);
  });

  it('answers 400 for bad ranges', async () => {
    const t = await freshTrainer();
    const admin = await signedIn(server, 'courseadmin');
    for (const query of [
      'start=2026-11-02T00:00:00Z&end=2026-11-02T00:00:00Z',
      'start=2026-11-02T00:00:00Z&end=2026-11-01T00:00:00Z',
      'start=2026-01-01T00:00:00Z&end=2026-06-01T00:00:00Z',
      'start=2026-11-02T00:00:00Z',
      'start=yesterday&end=2026-11-02T00:00:00Z',
    ]) {
      const own = await t.agent.get(`/api/v2/availability/${t.uid}?${query}`);
      expect(own.statusCode, query).toBe(400);
      expect(own.json<ApiError>().messages?.length, query).toBeGreaterThan(0);
      expect((await admin.get(`/api/v2/availability?${query}`)).statusCode, query).toBe(400);
      expect((await admin.get(`/api/v2/availability/available?${query}`)).statusCode, query).toBe(
        400,
      );
    }
    const backwards = await t.agent.get(
      `/api/v2/availability/${t.uid}?start=2026-11-02T00:00:00Z&end=2026-11-01T00:00:00Z`,
    );
    expect(backwards.json<ApiError>().messages).toEqual([
      { path: 'end', text: 'Must be after the start' },
    ]);
  });

  it('lists trainers by name and shows the overview a page at a time', async () => {
    const admin = await signedIn(server, 'courseadmin');
    const list = await admin.get('/api/v2/availability/trainers');
    expect(list.statusCode, list.body).toBe(200);
    const trainers = list.json<Data<Trainer[]>>().data;
    const names = trainers.map((x) => x.name);
    expect(names).toEqual(
      expect.arrayContaining(['trainer', 'courseadmin', 'layla', 'marcus', 'ingrid']),
    );
    expect(names).not.toContain('learner');
    const displayNames = trainers.map((x) => x.display_name.toLowerCase());
    expect(displayNames).toEqual([...displayNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(trainers.find((x) => x.name === 'trainer')).toMatchObject({
      display_name: 'Tessa Okafor',
      organizations: [{ id: expect.any(Number), name: 'Northwind Health' }],
    });

    const searched = await admin.get('/api/v2/availability/trainers?search=okafor');
    expect(searched.json<Data<Trainer[]>>().data.map((x) => x.name)).toEqual(['trainer']);

    // Page by page by cursor, the same trainers in the same order, each once.
    const paged: string[] = [];
    let after: string | undefined;
    for (let n = 0; n <= trainers.length; n++) {
      const page = await admin.get(
        `/api/v2/availability/trainers?limit=2${after ? `&after=${after}` : ''}`,
      );
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json<List<Trainer>>();
      expect(body.meta.total).toBe(trainers.length);
      expect(body.data.length).toBeLessThanOrEqual(2);
      paged.push(...body.data.map((x) => x.name));
      after = body.meta.next;
      if (!after) break;
    }
    expect(paged).toEqual(names);
    const badCursor = await admin.get('/api/v2/availability/trainers?after=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json<ApiError>().messages?.[0]?.path).toBe('after');

    const tessa = await uidOf('trainer');
    const ingrid = await uidOf('ingrid');
    const now = Date.now();
    const start = new Date(now).toISOString();
    const end = new Date(now + 21 * 86_400_000).toISOString();
    const res = await admin.get(
      `/api/v2/availability?start=${start}&end=${end}&uid[]=${tessa}&uid[]=${ingrid}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<List<OverviewRow>>();
    expect(body.meta).toMatchObject({ page: 0, total: 2, totalPages: 1, limit: 50 });
    const [first, second] = body.data;
    expect(first!.trainer.name).toBe('ingrid');
    expect(first!.lock).toMatchObject({ by: 'Carlos Mendes' });
    expect(second!.trainer.name).toBe('trainer');
    expect(second!.timezone).toBe('Europe/London');
    // The demo seed gives Tessa office hours and a day off next week.
    expect(second!.intervals.length).toBeGreaterThan(5);
    expect(second!.time_off).toEqual([
      expect.objectContaining({ reason: 'Learning Technologies conference' }),
    ]);
    for (const row of body.data)
      for (const i of row.intervals) {
        expect(i.start >= start && i.end <= end).toBe(true);
      }
  });

  it('pages trainers of the same name by their number, each once, forwards and backwards', async () => {
    passHash ??= await hashPassword(PASSWORD);
    const org = await server().app.repos.taxonomy.createOrganization(
      `Same names ${Math.random().toString(36).slice(2, 8)}`,
    );
    const create = (first: string, last: string) =>
      server().app.repos.users.create({
        name: `same-${++counter}-${Math.random().toString(36).slice(2, 8)}`,
        pass: passHash!,
        first_name: first,
        last_name: last,
        timezone: AMS,
        roles: ['trainer'],
        organizations: [org],
      });
    // Created out of order, and one written in lower case: the same name, ignoring case.
    const zoe = await create('Zoe', 'Adams');
    const sams = [await create('Sam', 'Jones'), await create('sam', 'jones')];
    const ann = await create('Ann', 'Jones');
    sams.push(await create('Sam', 'Jones'), await create('SAM', 'JONES'));
    const expected = [ann, ...sams.sort((a, b) => a - b), zoe];

    const pageOf = async (query: string) => {
      const res = await admin.get(`/api/v2/availability/trainers?organization=${org}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<List<Trainer>>();
    };
    const admin = await signedIn(server, 'courseadmin');
    const forwards: number[] = [];
    const cursors: string[] = [];
    for (let n = 0; n <= expected.length; n++) {
      const page = await pageOf(`limit=2${cursors.length ? `&after=${cursors.at(-1)}` : ''}`);
      expect(page.meta.total).toBe(expected.length);
      forwards.push(...page.data.map((t) => t.uid));
      if (!page.meta.next) break;
      cursors.push(page.meta.next);
    }
    expect(forwards).toEqual(expected);

    // Back from the row the last page was opened after, to the first, by each page's cursor
    // before it: the rows before that row, in the same order.
    const named = expected.indexOf(forwards[2 * cursors.length - 1]!);
    const backwards: number[][] = [];
    let before: string | undefined = cursors.at(-1);
    for (let n = 0; before && n <= expected.length; n++) {
      const page = await pageOf(`limit=2&before=${before}`);
      backwards.unshift(page.data.map((t) => t.uid));
      before = page.meta.prev;
    }
    expect(backwards.flat()).toEqual(expected.slice(0, named));

    const searched = await pageOf('search=sam%20jones&limit=3');
    expect(searched.data.map((t) => t.uid)).toEqual(sams.slice(0, 3));
    expect(searched.meta.total).toBe(sams.length);
  });

  it('lists trainers as their accounts, roles and the roles’ flags change', async () => {
    const admin = await signedIn(server, 'courseadmin');
    const { db } = server();
    const t = await freshTrainer();
    const found = async (search: string) => {
      const res = await admin.get(`/api/v2/availability/trainers?search=${search}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<List<Trainer>>().data.map((x) => `${x.uid} ${x.display_name}`);
    };
    expect(await found(t.name)).toEqual([`${t.uid} Test ${t.name}`]);

    // Renamed: listed by the new name, first in the order.
    await db.query(`UPDATE users SET first_name = 'Aaaaa' WHERE uid = $1`, [t.uid]);
    expect(await found(t.name)).toEqual([`${t.uid} Aaaaa ${t.name}`]);
    const first = await admin.get('/api/v2/availability/trainers?limit=1');
    expect(first.json<List<Trainer>>().data.map((x) => x.uid)).toEqual([t.uid]);

    await db.query('UPDATE users SET blocked = true WHERE uid = $1', [t.uid]);
    expect(await found(t.name)).toEqual([]);
    await db.query('UPDATE users SET blocked = false WHERE uid = $1', [t.uid]);
    expect(await found(t.name)).toEqual([`${t.uid} Aaaaa ${t.name}`]);

    // A role of their own without the trainer flag, then with it, then without it again.
    const role = `crew_${Math.random().toString(36).slice(2, 8)}`;
    await db.query(`INSERT INTO roles (name, label) VALUES ($1, 'Crew')`, [role]);
    await db.query(`UPDATE user_roles SET role = $2 WHERE uid = $1`, [t.uid, role]);
    expect(await found(t.name)).toEqual([]);
    await db.query(
      `INSERT INTO role_flags (role, flag) VALUES ($1, 'availability_feature_manage_own')`,
      [role],
    );
    expect(await found(t.name)).toEqual([`${t.uid} Aaaaa ${t.name}`]);
    await db.query('DELETE FROM role_flags WHERE role = $1', [role]);
    expect(await found(t.name)).toEqual([]);

    // When every signed-in user holds the flag, every account that is not blocked is a trainer.
    const learner = await uidOf('learner');
    expect(await found('learner')).not.toContainEqual(expect.stringMatching(`^${learner} `));
    await db.query(
      `INSERT INTO role_flags (role, flag) VALUES ('authenticated', 'availability_feature_manage_own')`,
    );
    try {
      expect(await found(t.name)).toEqual([`${t.uid} Aaaaa ${t.name}`]);
      expect(await found('learner')).toContainEqual(expect.stringMatching(`^${learner} `));
    } finally {
      await db.query(
        `DELETE FROM role_flags WHERE role = 'authenticated' AND flag = 'availability_feature_manage_own'`,
      );
    }
    expect(await found('learner')).not.toContainEqual(expect.stringMatching(`^${learner} `));
    await db.query('DELETE FROM user_roles WHERE uid = $1', [t.uid]);
    expect(await found(t.name)).toEqual([]);
  });

  it('accepts form-encoded bodies', async () => {
    const t = await freshTrainer();
    const res = await t.agent.put(
      `/api/v2/availability/${t.uid}/weekly`,
      'hours[0][weekday]=2&hours[0][start]=08:00&hours[0][end]=10:00',
      { form: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Data<{ weekly: WeeklyHours[] }>>().data.weekly).toEqual([
      { weekday: 2, start: '08:00', end: '10:00' },
    ]);
  });

  it('needs the XSRF header on writes', async () => {
    const t = await freshTrainer();
    const res = await t.agent.put(
      `/api/v2/availability/${t.uid}/weekly`,
      { hours: [] },
      { noXsrf: true },
    );
    expect(res.statusCode).toBe(403);
  });
});
