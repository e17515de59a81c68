import type { ChangeFeed, Db, QueryOptions, QueryResult } from './db';

/**
 * A change feed that takes subscriptions at once for a database still being opened: they are
 * passed on when it is open, and the feed is live once the database's own feed is.
 */
function deferredChanges(opening: Promise<Db>): ChangeFeed {
  let feed: ChangeFeed | undefined;
  let opened = false;
  const early = new Set<{ listener: (table: string | null) => void; off?: () => void }>();
  opening.then(
    (db) => {
      opened = true;
      feed = db.changes;
      // In the same step as the feed turns live, so no notice can fall between the two.
      for (const subscription of early) subscription.off = feed?.subscribe(subscription.listener);
    },
    () => undefined,
  );
  return {
    get live() {
      return feed?.live ?? false;
    },
    subscribe(listener) {
      if (opened) return feed?.subscribe(listener) ?? (() => undefined);
      const subscription: { listener: typeof listener; off?: () => void } = { listener };
      early.add(subscription);
      return () => {
        early.delete(subscription);
        subscription.off?.();
      };
    },
  };
}

/**
 * A {@link Db} to hand out while the database is still being opened (and migrated, and
 * seeded): every call waits until `opening` resolves and then goes to that database; when it
 * rejects, so do they. Lets the server assemble its routes and repositories meanwhile.
 *
 * @example
 * const db = deferredDb('postgres', openAndMigrate());
 * const repos = createRepositories(db); // usable now; queries run once the database is ready
 */
export function deferredDb(kind: Db['kind'], opening: Promise<Db>): Db {
  const main = handleOf(
    kind,
    opening.then((db) => db),
  );
  // The opened database's heavy handle, or the database itself where it has none.
  const heavy = handleOf(
    kind,
    opening.then((db) => db.heavy ?? db),
  );
  return { ...main, changes: deferredChanges(opening), heavy };
}

/** A {@link Db} whose calls wait for `opening` and then go to what it resolves to. */
function handleOf(kind: Db['kind'], opening: Promise<Db>): Db {
  let db: Db | undefined;
  opening.then(
    (opened) => {
      db = opened;
    },
    () => undefined,
  );
  const ready = async (): Promise<Db> => db ?? opening;
  return {
    kind,
    async query<T>(
      sql: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ): Promise<QueryResult<T>> {
      return (await ready()).query<T>(sql, params, options);
    },
    async exec(sql) {
      return (await ready()).exec(sql);
    },
    async transaction(fn) {
      return (await ready()).transaction(fn);
    },
    async close() {
      return (await ready()).close();
    },
  };
}
