import type { Coverage, Trainer, WeeklyHours } from '@schemas/entities/availability.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import { expect, it } from 'vitest';
import { addDays, localDateOf, wallClockToUtc, weekdayOf } from '@engine/core';
import { hashPassword } from '../../src/server/lib/password';
import { agent, describeEachDb, getData, PASSWORD, signedIn, type Agent } from './helpers';

type List<T> = { data: T[]; meta: ListMeta };
type ApiError = { message: string; messages?: { path: string; text: string }[] };

/** The viewer's time zone. */
const VIEWER = 'Europe/Amsterdam';

const at = (date: string, clock: string, zone = VIEWER) =>
  new Date(wallClockToUtc(date, clock, zone)).toISOString();
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

describeEachDb('availability coverage', (server) => {
  let counter = 0;
  let passHash: string | undefined;

  async function trainer(
    timezone: string,
    organization: number,
  ): Promise<{ uid: number; agent: Agent }> {
    passHash ??= await hashPassword(PASSWORD);
    const name = `coverage-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
    const uid = await server().app.repos.users.create({
      name,
      pass: passHash,
      first_name: 'Cover',
      last_name: name,
      timezone,
      roles: ['trainer'],
      organizations: [organization],
    });
    return { uid, agent: await signedIn(server, name) };
  }

  async function setWeekly(t: { uid: number; agent: Agent }, hours: WeeklyHours[]) {
    const res = await t.agent.put(`/api/v2/availability/${t.uid}/weekly`, { hours });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** An organization of three trainers in three time zones, one with a day off. */
  async function team(monday: string) {
    const org = await server().app.repos.taxonomy.createOrganization(
      `Coverage test ${Math.random().toString(36).slice(2, 8)}`,
    );
    const local = await trainer(VIEWER, org);
    const kolkata = await trainer('Asia/Kolkata', org);
    const newYork = await trainer('America/New_York', org);
    const weekdays = [1, 2, 3, 4, 5];
    await setWeekly(
      local,
      weekdays.map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    );
    // Half an hour off the viewer's clock: only the whole hours inside count.
    await setWeekly(kolkata, [{ weekday: 1, start: '10:00', end: '14:00' }]);
    await setWeekly(newYork, [{ weekday: 2, start: '08:00', end: '12:00' }]);
    const wednesday = addDays(monday, 2);
    const off = await local.agent.put(`/api/v2/availability/${local.uid}/overrides/${wednesday}`, {
      intervals: [],
    });
    expect(off.statusCode, off.body).toBe(200);
    return { org, local };
  }

  /** The Monday of a week `weeksAhead` weeks from now, in the viewer's time zone. */
  function mondayIn(weeksAhead: number): string {
    const today = localDateOf(Date.now(), VIEWER);
    return addDays(today, ((8 - weekdayOf(today)) % 7 || 7) + 7 * weeksAhead);
  }

  const coverage = (a: Agent, query: string) =>
    getData<Coverage>(a, `/api/v2/availability/coverage?${query}`);

  /** How many trainers "available between" finds for one hour of the viewer's wall clock. */
  async function availableFor(a: Agent, date: string, hour: number, org?: number) {
    const res = await a.get(
      `/api/v2/availability/available?start=${at(date, hh(hour))}&end=${at(date, hour === 23 ? '24:00' : hh(hour + 1))}${org ? `&organization=${org}` : ''}&limit=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<List<Trainer>>().meta.total;
  }

  // Inside the kept spans' horizon (next week) and beyond it (a week expanded on request).
  for (const [label, weeksAhead] of [
    ['kept', 1],
    ['expanded', 30],
  ] as const) {
    it(`counts the trainers available for each whole hour as "available between" finds them (${label})`, async () => {
      const monday = mondayIn(weeksAhead);
      const { org } = await team(monday);
      const admin = await signedIn(server, 'courseadmin');
      const range = `start=${at(monday, '00:00')}&end=${at(addDays(monday, 7), '00:00')}&timezone=${encodeURIComponent(VIEWER)}`;
      const data = await coverage(admin, `${range}&organization=${org}`);
      expect(data.timezone).toBe(VIEWER);
      expect(data.trainers).toBe(3);
      expect(data.counts).toHaveLength(7);
      for (const row of data.counts) expect(row).toHaveLength(24);

      // The local trainer alone, on the viewer's own clock.
      expect(data.counts[1]![9]).toBeGreaterThanOrEqual(1);
      expect(data.counts[4]![16]).toBe(1);
      expect(data.counts[4]![17]).toBe(0);
      expect(data.counts[3]![10]).toBe(0); // the day off
      expect(data.counts[0]!.every((n) => n === 0)).toBe(true);
      expect(data.counts[6]!.every((n) => n === 0)).toBe(true);

      // Every hour of three days agrees with "available between", in the organization and in all.
      const all = await coverage(admin, range);
      expect(all.trainers).toBeGreaterThan(data.trainers);
      for (const day of [0, 1, 2]) {
        const date = addDays(monday, day);
        const weekday = weekdayOf(date);
        for (let hour = 0; hour < 24; hour++) {
          expect(data.counts[weekday]![hour], `${date} ${hour}:00`).toBe(
            await availableFor(admin, date, hour, org),
          );
          expect(all.counts[weekday]![hour]).toBeGreaterThanOrEqual(data.counts[weekday]![hour]!);
        }
        for (const hour of [9, 15])
          expect(all.counts[weekday]![hour], `all ${date} ${hour}:00`).toBe(
            await availableFor(admin, date, hour),
          );
      }
      // Tuesday afternoon: the local trainer and New York's morning.
      expect(data.counts[2]![15]).toBe(2);
    });
  }

  it('counts a trainer once per weekday hour over several weeks', async () => {
    const monday = mondayIn(1);
    const { org } = await team(monday);
    const admin = await signedIn(server, 'courseadmin');
    const data = await coverage(
      admin,
      `start=${at(monday, '00:00')}&end=${at(addDays(monday, 21), '00:00')}&timezone=${encodeURIComponent(VIEWER)}&organization=${org}`,
    );
    // The day off is one Wednesday only: on the others the local trainer is there.
    expect(data.counts[3]![10]).toBe(1);
    expect(data.counts[2]![15]).toBe(2);
    expect(data.counts[0]!.every((n) => n === 0)).toBe(true);
  });

  it('counts every trainer per hour as they change their hours, the job runs and they stop being trainers', async () => {
    const monday = mondayIn(1);
    const thursday = addDays(monday, 3);
    const admin = await signedIn(server, 'courseadmin');
    const week = `start=${at(monday, '00:00')}&end=${at(addDays(monday, 7), '00:00')}&timezone=${encodeURIComponent(VIEWER)}`;
    const before = await coverage(admin, week);
    const { org, local } = await team(monday);
    const team3 = (await coverage(admin, `${week}&organization=${org}`)).counts;
    const grown = await coverage(admin, week);
    expect(grown.trainers).toBe(before.trainers + 3);
    for (let weekday = 0; weekday < 7; weekday++)
      for (let hour = 0; hour < 24; hour++)
        expect(grown.counts[weekday]![hour], `${weekday} ${hour}:00`).toBe(
          before.counts[weekday]![hour]! + team3[weekday]![hour]!,
        );

    // The job takes the changes into the kept counts: the answer stays the same.
    expect(await server().app.repos.availability.foldCover()).toBeGreaterThan(0);
    expect(await coverage(admin, week)).toEqual(grown);
    expect(await server().app.repos.availability.foldCover()).toBe(0);

    // A trainer works Thursday mornings only, then is no longer a trainer.
    await setWeekly(local, [{ weekday: 4, start: '08:00', end: '12:00' }]);
    const mornings = await coverage(admin, week);
    expect(mornings.counts[4]![16]).toBe(grown.counts[4]![16]! - 1);
    expect(mornings.counts[4]![9]).toBe(grown.counts[4]![9]!);
    expect(mornings.counts[1]![9]).toBe(grown.counts[1]![9]! - 1);
    for (const hour of [9, 16])
      expect(mornings.counts[4]![hour], `${thursday} ${hour}:00`).toBe(
        await availableFor(admin, thursday, hour),
      );
    await server().app.repos.users.setRoles(local.uid, []);
    const left = await coverage(admin, week);
    expect(left.trainers).toBe(grown.trainers - 1);
    expect(left.counts[4]![9]).toBe(grown.counts[4]![9]! - 1);
    await server().app.repos.availability.foldCover();
    expect(await coverage(admin, week)).toEqual(left);
  });

  it('keeps the counts right when trainers change their hours at the same time', async () => {
    const monday = mondayIn(1);
    const admin = await signedIn(server, 'courseadmin');
    const week = `start=${at(monday, '00:00')}&end=${at(addDays(monday, 7), '00:00')}&timezone=${encodeURIComponent(VIEWER)}`;
    const org = await server().app.repos.taxonomy.createOrganization(
      `Coverage race ${Math.random().toString(36).slice(2, 8)}`,
    );
    const trainers = await Promise.all(Array.from({ length: 6 }, () => trainer(VIEWER, org)));
    // Each twice, all at once: overlapping hours, different trainers.
    for (let round = 0; round < 2; round++)
      await Promise.all(
        trainers.map((t, i) =>
          setWeekly(t, [{ weekday: 2, start: hh(8 + i + round), end: hh(14 + round) }]),
        ),
      );
    const all = await coverage(admin, week);
    for (const hour of [8, 9, 11, 13, 14, 15])
      expect(all.counts[2]![hour], `Tuesday ${hour}:00`).toBe(
        await availableFor(admin, addDays(monday, 1), hour),
      );
    await server().app.repos.availability.foldCover();
    expect(await coverage(admin, week)).toEqual(all);
  });

  it('counts every trainer on a clock half an hour off the hour as "available between" finds them', async () => {
    const monday = mondayIn(1);
    await team(monday);
    const admin = await signedIn(server, 'courseadmin');
    const zone = 'Asia/Kolkata';
    const start = new Date(wallClockToUtc(monday, '00:00', zone)).toISOString();
    const end = new Date(wallClockToUtc(addDays(monday, 7), '00:00', zone)).toISOString();
    const data = await coverage(
      admin,
      `start=${start}&end=${end}&timezone=${encodeURIComponent(zone)}`,
    );
    for (const hour of [13, 14, 19, 20]) {
      const from = new Date(wallClockToUtc(monday, hh(hour), zone)).toISOString();
      const to = new Date(wallClockToUtc(monday, hh(hour + 1), zone)).toISOString();
      const res = await admin.get(`/api/v2/availability/available?start=${from}&end=${to}&limit=1`);
      expect(res.statusCode, res.body).toBe(200);
      expect(data.counts[1]![hour], `${monday} ${hour}:00 in ${zone}`).toBe(
        res.json<List<Trainer>>().meta.total,
      );
    }
  });

  it('refuses other roles, ranges over 31 days and unknown time zones', async () => {
    const monday = mondayIn(1);
    const range = `start=${at(monday, '00:00')}&end=${at(addDays(monday, 7), '00:00')}&timezone=UTC`;
    const url = `/api/v2/availability/coverage?${range}`;
    expect((await (await signedIn(server, 'learner')).get(url)).statusCode).toBe(403);
    expect((await (await signedIn(server, 'trainer')).get(url)).statusCode).toBe(403);
    expect((await agent(server).get(url)).statusCode).toBe(401);

    const admin = await signedIn(server, 'courseadmin');
    const tooLong = await admin.get(
      `/api/v2/availability/coverage?start=${at(monday, '00:00')}&end=${at(addDays(monday, 32), '00:00')}&timezone=UTC`,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ApiError>().messages).toEqual([
      { path: 'end', text: 'Must be at most 31 days after the start' },
    ]);
    const unknown = await admin.get(
      `/api/v2/availability/coverage?start=${at(monday, '00:00')}&end=${at(addDays(monday, 7), '00:00')}&timezone=Mars%2FOlympus`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiError>().messages).toEqual([
      { path: 'timezone', text: 'Unknown time zone' },
    ]);
    expect(
      (await admin.get(`/api/v2/availability/coverage?start=${at(monday, '00:00')}`)).statusCode,
    ).toBe(400);
  });
});
