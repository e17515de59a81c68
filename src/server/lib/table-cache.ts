import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/db';

/**
 * The tables a cached answer may be made from: each has the change trigger of migration 0007,
 * so a committed change to it reaches every server process.
 */
export const WATCHED_TABLES = [
  'settings',
  'roles',
  'role_flags',
  'users',
  'user_roles',
  'languages',
  'organizations',
  'user_organizations',
  'vocabularies',
  'taxonomy_terms',
  'trainings',
  'training_terms',
  'training_organizations',
  'training_videos',
  'storefront_layouts',
  'storefront_sections',
  'sessions',
  'content_translations',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/** What the cache may hold at most, counting a string by its length and any other value as 1 KB. */
const MAX_BYTES = 64 * 1024 * 1024;
const OBJECT_BYTES = 1024;

interface Entry {
  value: unknown;
  tables: readonly WatchedTable[];
  /** `Date.now()` after which the entry is no longer served. */
  expires: number;
}

interface Loading {
  promise: Promise<unknown>;
  tables: readonly WatchedTable[];
}

/** Freezes a value and everything it holds: a kept answer is shared by every later request. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/**
 * Answers kept in memory until a table they were made from changes, in this process or in any
 * other on the same database (through the database's {@link ChangeFeed}).
 *
 * - A load that overlaps a change of its tables is handed to its callers but not kept, so an
 *   answer read before a commit never outlives the notice of that commit.
 * - Callers asking for the same key at once share one load.
 * - While the feed is not live (starting, or its connection lost), nothing is kept or served.
 * - Kept values are deeply frozen: a caller that changes one throws instead of changing it
 *   for everyone.
 * - Never use it inside a transaction: what it would keep may not be committed.
 *
 * @example
 * const flags = await app.cache.get(`access:${uid}`, ['user_roles', 'role_flags'], () => load(uid));
 */
export class TableCache {
  readonly #feed: ChangeFeed | undefined;
  readonly #unsubscribe: () => void;
  readonly #entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) =>
      typeof entry.value === 'string' ? entry.value.length + 64 : OBJECT_BYTES,
  });
  readonly #loading = new Map<string, Loading>();
  /** Per table, how many changes have been noticed. */
  readonly #changes = new Map<WatchedTable, number>();
  /** How many times everything was forgotten at once. */
  #epoch = 0;
  #closed = false;

  /** Without a feed (a database handle that has none), every call loads. */
  constructor(feed: ChangeFeed | undefined) {
    this.#feed = feed;
    this.#unsubscribe = feed?.subscribe((table) => this.#changed(table)) ?? (() => undefined);
  }

  /**
   * The kept answer for `key`, or `load()`'s, kept until one of `tables` changes or for
   * `ttl(value)` milliseconds when given.
   */
  async get<T>(
    key: string,
    tables: readonly WatchedTable[],
    load: () => Promise<T>,
    ttl?: (value: T) => number,
  ): Promise<T> {
    const feed = this.#feed;
    if (!feed?.live || this.#closed) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const pending = this.#loading.get(key);
    if (pending) return pending.promise as Promise<T>;

    const epoch = this.#epoch;
    const seen = tables.map((t) => this.#changes.get(t) ?? 0);
    const settle = () => {
      if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
    };
    const promise: Promise<T> = load().then(
      (value) => {
        settle();
        const unchanged =
          feed.live &&
          epoch === this.#epoch &&
          tables.every((t, i) => (this.#changes.get(t) ?? 0) === seen[i]);
        const ms = ttl ? ttl(value) : Infinity;
        if (unchanged && ms > 0)
          this.#entries.set(key, { value: deepFreeze(value), tables, expires: Date.now() + ms });
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    this.#loading.set(key, { promise, tables });
    return promise;
  }

  /** Stops listening for changes; from then on every call loads. */
  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    this.#entries.clear();
  }

  #changed(table: string | null): void {
    if (table === null) {
      this.#epoch += 1;
      this.#entries.clear();
      this.#loading.clear();
      return;
    }
    const watched = table as WatchedTable;
    this.#changes.set(watched, (this.#changes.get(watched) ?? 0) + 1);
    const stale = [...this.#entries.entries()]
      .filter(([, entry]) => entry.tables.includes(watched))
      .map(([key]) => key);
    for (const key of stale) this.#entries.delete(key);
    for (const [key, loading] of [...this.#loading])
      if (loading.tables.includes(watched)) this.#loading.delete(key);
  }
}

/** The answer as the route's own response serializer writes it (a JSON string). */
function serializedFor(reply: FastifyReply, answer: unknown): string {
  const body = reply.serialize(answer);
  return typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString('utf8');
}

/**
 * Sends a route's answer kept in `cache` already serialized by the route's own response
 * serializer, or `answer()`'s, serialized and kept. The kept JSON string is sent as it is: a
 * string with a JSON content type is not serialized again.
 *
 * @example
 * return sendKept(reply, app.cache, `storefront:${language}`, STOREFRONT_TABLES, answer);
 */
export async function sendKept(
  reply: FastifyReply,
  cache: TableCache,
  key: string,
  tables: readonly WatchedTable[],
  answer: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await cache.get(key, tables, async () => serializedFor(reply, await answer()));
  return reply.type('application/json; charset=utf-8').send(body);
}
