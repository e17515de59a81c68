import { describe, expect, it } from 'vitest';
import { ChangeListeners, type ChangeFeed } from '../../db/db';
import { TableCache } from '../table-cache';

/** A feed driven by the test: what the database's notices would say. */
function manualFeed(): ChangeFeed & { notice(table: string | null): void; live: boolean } {
  const listeners = new ChangeListeners();
  return {
    live: true,
    subscribe: (listener) => listeners.add(listener),
    notice: (table) => listeners.emit(table),
  };
}

/** A load that counts its calls and answers with the count. */
function counter() {
  let calls = 0;
  return {
    load: async () => ({ call: ++calls }),
    get calls() {
      return calls;
    },
  };
}

/** A load that answers `value` only when released: a read still running when a change commits. */
function held<T>(value: T) {
  let release: () => void = () => undefined;
  const load = () =>
    new Promise<T>((resolve) => {
      release = () => resolve(value);
    });
  return { load, release: () => release() };
}

describe('TableCache', () => {
  it('keeps an answer until one of its tables changes; other tables leave it', async () => {
    const feed = manualFeed();
    const cache = new TableCache(feed);
    const c = counter();
    expect(await cache.get('k', ['settings', 'roles'], c.load)).toEqual({ call: 1 });
    expect(await cache.get('k', ['settings', 'roles'], c.load)).toEqual({ call: 1 });
    feed.notice('trainings');
    expect(await cache.get('k', ['settings', 'roles'], c.load)).toEqual({ call: 1 });
    feed.notice('roles');
    expect(await cache.get('k', ['settings', 'roles'], c.load)).toEqual({ call: 2 });
    expect(c.calls).toBe(2);
  });

  it('forgets everything when notices may have been missed', async () => {
    const feed = manualFeed();
    const cache = new TableCache(feed);
    const c = counter();
    await cache.get('a', ['settings'], c.load);
    await cache.get('b', ['users'], c.load);
    feed.notice(null);
    expect(await cache.get('a', ['settings'], c.load)).toEqual({ call: 3 });
    expect(await cache.get('b', ['users'], c.load)).toEqual({ call: 4 });
  });

  it('does not keep an answer whose load overlapped a change of its tables', async () => {
    const feed = manualFeed();
    const cache = new TableCache(feed);
    const read = held('read before the commit');
    const slow = cache.get('k', ['settings'], read.load);
    feed.notice('settings');
    read.release();
    // The caller that asked before the change gets what was read...
    expect(await slow).toBe('read before the commit');
    // ...but the next one reads again.
    expect(await cache.get('k', ['settings'], async () => 'read after')).toBe('read after');
  });

  it('a caller asking after a change does not join a load that began before it', async () => {
    const feed = manualFeed();
    const cache = new TableCache(feed);
    const read = held('old');
    const before = cache.get('k', ['settings'], read.load);
    const joined = cache.get('k', ['settings'], async () => 'unused');
    feed.notice('settings');
    const after = cache.get('k', ['settings'], async () => 'new');
    read.release();
    expect(await before).toBe('old');
    expect(await joined).toBe('old');
    expect(await after).toBe('new');
  });

  it('callers asking at once share one load', async () => {
    const cache = new TableCache(manualFeed());
    const c = counter();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cache.get('k', ['users'], c.load)),
    );
    expect(c.calls).toBe(1);
    expect(answers.every((a) => a.call === 1)).toBe(true);
  });

  it('keeps nothing while the feed is not live, and nothing without a feed', async () => {
    const feed = manualFeed();
    feed.live = false;
    const offline = new TableCache(feed);
    const c = counter();
    await offline.get('k', ['users'], c.load);
    await offline.get('k', ['users'], c.load);
    expect(c.calls).toBe(2);

    const none = new TableCache(undefined);
    await none.get('k', ['users'], c.load);
    await none.get('k', ['users'], c.load);
    expect(c.calls).toBe(4);
  });

  it('a kept answer stops being served when its time to live ends', async () => {
    const cache = new TableCache(manualFeed());
    const c = counter();
    await cache.get('k', ['sessions'], c.load, () => 30);
    await cache.get('k', ['sessions'], c.load, () => 30);
    expect(c.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.get('k', ['sessions'], c.load, () => 30);
    expect(c.calls).toBe(2);
  });

  it('kept answers are frozen, so no caller can change them for the others', async () => {
    const cache = new TableCache(manualFeed());
    const kept = await cache.get('k', ['roles'], async () => ({ roles: ['learner'] }));
    expect(() => kept.roles.push('administrator')).toThrow(TypeError);
    expect((await cache.get('k', ['roles'], async () => ({ roles: [] }))).roles).toEqual([
      'learner',
    ]);
  });

  it('once closed, keeps nothing: it would no longer hear of changes', async () => {
    const feed = manualFeed();
    const cache = new TableCache(feed);
    const c = counter();
    await cache.get('k', ['users'], c.load);
    cache.close();
    await cache.get('k', ['users'], c.load);
    await cache.get('k', ['users'], c.load);
    expect(c.calls).toBe(3);
  });
});
