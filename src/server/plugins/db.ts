import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
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
}

/**
 * Opens the database (PostgreSQL when a URL is given, otherwise PGlite), applies migrations,
 * seeds an empty database and decorates `app.db`, `app.repos` and `app.cache`.
 */
export const dbPlugin = fp(
  async function database(app: FastifyInstance, options: DbPluginOptions) {
    const owned = !options.db;
    const db =
      options.db ?? (await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }));
    try {
      const applied = await migrate(db);
      if (applied.length) app.log.info({ applied }, 'database migrated');
      const seeded = await seed(db, options.seed ?? 'demo');
      if (seeded.demo) app.log.info('demo site seeded');
    } catch (error) {
      if (owned) await db.close();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('repos', createRepositories(db));
    const cache = new TableCache(db.changes);
    app.decorate('cache', cache);
    app.addHook('onClose', async () => {
      cache.close();
      if (owned) await db.close();
    });
  },
  { name: 'atrium-db' },
);
