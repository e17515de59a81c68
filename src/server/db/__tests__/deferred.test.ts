import { describe, expect, it } from 'vitest';
import { ChangeListeners, type ChangeFeed, type Db, type QueryOptions } from '../db';
import { deferredDb } from '../deferred';

/** A database that records the SQL it was sent, with a change feed the test drives. */
function fakeDb() {
  const sent: string[] = [];
  const listeners = new ChangeListeners();
  const changes: ChangeFeed & { live: boolean } = {
    live: true,
    subscribe: (listener) => listeners.add(listener),
  };
  const db: Db = {
    kind: 'pglite',
    changes,
    async query<T>(sql: string, _params?: readonly unknown[], options?: QueryOptions) {
      sent.push(options?.prepare ? `${sql} (prepared as ${options.prepare})` : sql);
      return { rows: [{ sql } as T] };
    },
    async exec(sql) {
      sent.push(sql);
    },
    transaction: (fn) => fn(db),
    async close() {
      sent.push('close');
    },
  };
  return { db, sent, changes, notice: (table: string | null) => listeners.emit(table) };
}

/** A promise the test settles. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('deferredDb', () => {
  it('holds calls made while the database opens, then sends them to it in order', async () => {
    const fake = fakeDb();
    const opening = later<Db>();
    const db = deferredDb('pglite', opening.promise);
    const first = db.query('SELECT 1');
    const second = db.exec('SELECT 2');
    const prepared = db.query('SELECT $1::int', [4], { prepare: 'four' });
    await tick();
    expect(fake.sent).toEqual([]);
    opening.resolve(fake.db);
    expect(await first).toEqual({ rows: [{ sql: 'SELECT 1' }] });
    await second;
    await prepared;
    await db.transaction((tx) => tx.query('SELECT 3'));
    await db.close();
    expect(fake.sent).toEqual([
      'SELECT 1',
      'SELECT 2',
      'SELECT $1::int (prepared as four)',
      'SELECT 3',
      'close',
    ]);
    expect(db.kind).toBe('pglite');
  });

  it('fails every call with the error the opening failed with', async () => {
    const opening = later<Db>();
    const db = deferredDb('postgres', opening.promise);
    const early = db.query('SELECT 1');
    opening.reject(new Error('migration 0009 failed'));
    await expect(early).rejects.toThrow('migration 0009 failed');
    await expect(db.exec('SELECT 1')).rejects.toThrow('migration 0009 failed');
  });

  it('is not live until the database is, and passes on subscriptions made before', async () => {
    const fake = fakeDb();
    const opening = later<Db>();
    const db = deferredDb('pglite', opening.promise);
    const early: (string | null)[] = [];
    const dropped: (string | null)[] = [];
    db.changes!.subscribe((table) => early.push(table));
    const unsubscribe = db.changes!.subscribe((table) => dropped.push(table));
    unsubscribe();
    expect(db.changes!.live).toBe(false);

    opening.resolve(fake.db);
    await opening.promise;
    expect(db.changes!.live).toBe(true);
    const late: (string | null)[] = [];
    const stopLate = db.changes!.subscribe((table) => late.push(table));
    fake.notice('users');
    stopLate();
    fake.notice('roles');
    fake.changes.live = false;
    expect(db.changes!.live).toBe(false);

    expect(early).toEqual(['users', 'roles']);
    expect(late).toEqual(['users']);
    expect(dropped).toEqual([]);
  });

  it('ends a subscription made before the database opened once it has', async () => {
    const fake = fakeDb();
    const opening = later<Db>();
    const db = deferredDb('pglite', opening.promise);
    const seen: (string | null)[] = [];
    const unsubscribe = db.changes!.subscribe((table) => seen.push(table));
    opening.resolve(fake.db);
    await opening.promise;
    fake.notice('users');
    unsubscribe();
    fake.notice('roles');
    expect(seen).toEqual(['users']);
  });
});
