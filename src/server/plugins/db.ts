import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import { deferredDb } from '../db/deferred';
import { migrate } from '../db/migrate';
import { pgliteDir, startNewPglite, type NewPglite } from '../db/new-pglite';
import { openDb } from '../db/open';
import { TableCache } from '../lib/table-cache';
import { createRepositories, type Repositories } from '../repositories/create-repositories';
import { seed, type SeedMode } from '../seed/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    repos: Repositories;
    /** Answers kept until their tables change (never use it inside a transaction). */
    cache: TableCache;
  }
}

/** Options of the database plugin. */
export interface DbPluginOptions {
  /** An open database to use (tests); the app then leaves closing it to the caller. */
  db?: Db | undefined;
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  seed?: SeedMode | undefined;
  /**
   * A new PGlite database being built in `dataDir` ({@link startNewPglite}), started before the
   * app was; without it one is started here when `dataDir` holds no database.
   */
  newPglite?: Promise<NewPglite> | undefined;
}

/**
 * Opens the database (PostgreSQL when a URL is given, otherwise PGlite), applies migrations,
 * seeds an empty database and decorates `app.db`, `app.repos` and `app.cache`.
 *
 * All of that runs while the rest of the server is assembled: the decorations are usable at once
 * (their queries wait for the database), and the app is ready only once the database is. A new
 * PGlite database is built, migrated and seeded in a process of its own first (see
 * {@link startNewPglite}); opening it then skips both.
 */
export const dbPlugin = fp(
  async function database(app: FastifyInstance, options: DbPluginOptions) {
    const owned = !options.db;
    const embedded = owned && !options.databaseUrl && options.dataDir !== undefined;
    const newPglite =
      options.newPglite ??
      (embedded ? startNewPglite(pgliteDir(options.dataDir!), options.seed ?? 'demo') : undefined);

    // While the new database is built elsewhere, PGlite's own files load here for opening it.
    const pgliteAssets = newPglite
      ? import('../db/pglite').then((m) => m.loadPgliteAssets()).catch(() => undefined)
      : undefined;

    const open = async (): Promise<Db> => {
      const built = await newPglite;
      if (built?.applied.length) app.log.info({ applied: built.applied }, 'database migrated');
      if (built?.seeded.demo) app.log.info('demo site seeded');
      const db =
        options.db ??
        (await openDb({
          databaseUrl: options.databaseUrl,
          dataDir: options.dataDir,
          pgliteAssets: await pgliteAssets,
        }));
      try {
        // A database built just now has every migration and its seed already.
        if (!built?.created) {
          const applied = await migrate(db);
          if (applied.length) app.log.info({ applied }, 'database migrated');
          const seeded = await seed(db, options.seed ?? 'demo');
          if (seeded.demo) app.log.info('demo site seeded');
        }
        const indexed = await db.query<{ done: boolean }>(
          'SELECT atrium_index_user_search() AS done',
        );
        if (!indexed.rows[0]?.done)
          app.log.warn(
            'This PostgreSQL has no pg_trgm extension: searching users reads every user. Install its contrib package (postgresql-contrib) and restart the server to index the search.',
          );
      } catch (error) {
        if (owned) await db.close();
        throw error;
      }
      return db;
    };
    const opening = open();
    // Awaited when the app gets ready; a failure before then must not count as unhandled.
    opening.catch(() => undefined);

    const kind = options.db?.kind ?? (options.databaseUrl ? 'postgres' : 'pglite');
    const db = deferredDb(kind, opening);
    app.decorate('db', db);
    app.decorate('repos', createRepositories(db));
    const cache = new TableCache(db.changes);
    app.decorate('cache', cache);
    app.addHook('onReady', async () => {
      await opening;
    });
    app.addHook('onClose', async () => {
      cache.close();
      // Opened or not yet: what is opened is closed.
      const opened = await opening.catch(() => undefined);
      if (owned) await opened?.close();
    });
  },
  { name: 'atrium-db' },
);
