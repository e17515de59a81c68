/** Per key, the end of the queue of this process's calls on it. */
const queues = new Map<string, Promise<void>>();

/**
 * Runs `fn` once every earlier call of this process on any of `keys` has finished, taking the
 * keys in one order so that two calls never wait for each other.
 *
 * Work that takes a database lock on one user's or one account's row runs in turn here: a burst
 * of requests on one key then waits in memory and holds one database connection per process at a
 * time, instead of one each while it waits for the row's lock, and cannot take every connection
 * of the pool from everyone else's requests. The database lock still decides between processes.
 * `fn` must not itself wait for a key it was given (it would wait for itself).
 *
 * @example
 * await inTurn([`user:${uid}`], () => db.transaction(async (tx) => …));
 */
export async function inTurn<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T> {
  const done: (() => void)[] = [];
  try {
    for (const key of [...new Set(keys)].sort()) {
      const before = queues.get(key) ?? Promise.resolve();
      let finish!: () => void;
      const mine = new Promise<void>((resolve) => (finish = resolve));
      queues.set(key, mine);
      done.push(() => {
        finish();
        if (queues.get(key) === mine) queues.delete(key);
      });
      await before;
    }
    return await fn();
  } finally {
    for (const release of done) release();
  }
}

/** The key of the work that locks one user's rows (their balance, their viewing clock). */
export const userTurn = (uid: number): string => `user:${uid}`;
