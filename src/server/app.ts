import { readFile } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import ajvFormats from 'ajv-formats';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify, { type FastifyReply } from 'fastify';
import qs from 'qs';
import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { dateFormatMessages } from '@schemas/entities/common.schema';
import {
  createErrorHandler,
  HttpError,
  importSchemaModules,
  MAX_VALIDATION_ISSUES,
  registerSchemas,
  xsrfProtection,
} from '@engine/server';
import { proxyTrust } from './config';
import { isDatabaseUnavailable, type Db } from './db/db';
import { eventsPlugin } from './lib/events';
import type { NewPglite } from './db/new-pglite';
import { sectionTypeRegistry } from './lib/section-types';
import { ROUTE_AJV_OPTIONS } from './lib/route-ajv';
import { authPlugin } from './plugins/auth';
import { benchRoutes } from './plugins/bench-routes';
import { clientPlugin, hasClient } from './plugins/client';
import { dbPlugin } from './plugins/db';
import { sendPortalPage } from './plugins/first-answers';
import { loadPageRenderer } from './plugins/page-renderer';
import { loadRoutePreloads } from './plugins/route-preloads';
import { PUBLIC_BODY_LIMIT, routeTablePlugin } from './plugins/route-table';
import { securedServerOptions, securityHeadersPlugin } from './plugins/security-headers';
import { storableInputPlugin } from './plugins/storable-input';
import { uploadsPlugin } from './plugins/uploads';
import { appearanceRoutes } from './routes/appearance';
import { authRoutes } from './routes/auth';
import { contentTranslationRoutes } from './routes/content-translations';
import { availabilityRoutes } from './routes/availability';
import { contentPageRoutes } from './routes/content-pages';
import { avatarRoutes } from './routes/avatars';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { incentiveEarningRoutes } from './routes/incentive-earning';
import { incentiveShopRoutes } from './routes/incentive-shop';
import { incentivesRoutes } from './routes/incentives';
import { languageRoutes } from './routes/languages';
import { meRoutes } from './routes/me';
import { navigationRoutes } from './routes/navigation';
import { searchRoutes } from './routes/search';
import { settingsRoutes } from './routes/settings';
import { settingsDocumentRoutes } from './routes/settings-documents';
import { siteAdminRoutes } from './routes/site-admin';
import { storefrontRoutes } from './routes/storefront';
import { systemRoutes } from './routes/system';
import { taxonomyRoutes } from './routes/taxonomy';
import { trainingRoutes } from './routes/trainings';
import { userRoutes } from './routes/users';
import type { SeedMode } from './seed/seed';
import { ENTITY_SCHEMAS_DIR } from './paths';

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  /** An open database (tests); otherwise one is opened from `databaseUrl` or `dataDir`. */
  db?: Db;
  /**
   * DATA_DIR (default `./data`): the PGlite database when no other is given, and uploaded files
   * (`<dataDir>/uploads`) whichever database runs.
   */
  dataDir?: string;
  databaseUrl?: string;
  /** A new PGlite database being built in `dataDir`, started before the app (see `dbPlugin`). */
  newPglite?: Promise<NewPglite>;
  seed?: SeedMode;
  logger?: boolean;
  /** Secure, `__Host-` prefixed cookies. */
  production?: boolean;
  /** The built client to serve (`dist/client`); ignored when missing. */
  clientDir?: string;
  /**
   * The built page renderer (`dist/ssr/server-render.js`): with it, the portal's pages come
   * rendered; without it (or when missing), the browser renders them.
   */
  rendererFile?: string;
  /** How many reverse proxies in front of the server to trust `X-Forwarded-*` from (0: none). */
  trustProxy?: number;
  /** Adds the route `npm run bench` compares the API with (`GET /bench/bare`). */
  benchRoutes?: boolean;
  /** The storefront section types to accept and serve (default: the project's, `sectionTypes`). */
  sectionTypes?: readonly SectionTypeDeclaration[];
}

/** The API prefix. */
export const API_PREFIX = '/api/v2';
const NOT_FOUND = { message: 'Not found' };
const DATABASE_UNAVAILABLE = {
  message: 'The database is not reachable. Please try again in a moment.',
};

/**
 * The engine's error handler, except that an unreachable or too slow database (and any 503 a
 * route throws) answers 503 with its message and Retry-After: the caller may retry, and the
 * message says why, where a 500 would only say that something went wrong.
 */
function errorHandler() {
  const handle = createErrorHandler({ formatMessages: dateFormatMessages });
  return function onError(
    error: unknown,
    request: Parameters<typeof handle>[1],
    reply: FastifyReply,
  ): FastifyReply {
    const thrown503 = error instanceof HttpError && error.statusCode === 503;
    if (!thrown503 && !isDatabaseUnavailable(error)) return handle(error, request, reply);
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send(thrown503 ? { message: error.message } : DATABASE_UNAVAILABLE);
  };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type Serializer = (data: unknown) => string;
type Validator = ((data: unknown, context?: unknown) => unknown) & {
  errors?: unknown;
  schemaEnv?: unknown;
};

/**
 * Fastify's request validators and response serializers, each compiled only when first needed
 * (and each response schema object once: every route declares the same error schema for its
 * 4xx and 5xx answers, and GET routes answer HEAD too, so 432 serializers come from 114
 * schemas). Compiling them all took most of the time to a ready server. `warm()` compiles the
 * ones not yet used, one per macrotask, so that requests are served between them.
 */
function lazyCompilers(): {
  buildSerializer: SerializerFactory;
  buildValidator: ValidatorFactory;
  warm(): void;
} {
  const pending = new Set<() => unknown>();
  /** `compile()` on first call of `ensure()` (or when warming), once. */
  const later = <T>(compile: () => T): (() => T) => {
    let built: T | undefined;
    const ensure = (): T => {
      pending.delete(ensure);
      built ??= compile();
      return built;
    };
    pending.add(ensure);
    return ensure;
  };

  const serializers = SerializerSelector();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = serializers(externalSchemas, options);
    const compiled = new WeakMap<object, Serializer>();
    return (route) => {
      const schema = route.schema as object;
      let serialize = compiled.get(schema);
      if (!serialize) {
        const ensure = later(() => compile(route) as Serializer);
        serialize = (data) => ensure()(data);
        compiled.set(schema, serialize);
      }
      return serialize;
    };
  };

  const validators = AjvCompiler();
  const buildValidator: ValidatorFactory = (externalSchemas, options) => {
    const compile = validators(externalSchemas, options);
    return (route) => {
      const ensure = later(() => compile(route) as Validator);
      const validate: Validator = (data, context) => ensure()(data, context);
      // Fastify reads both: `schemaEnv` to let Ajv coerce a root value, `errors` after a failure.
      // Ajv reports every problem, one per unknown field too: only the first are passed on, so
      // that a body of many makes no longer a message nor more work after it.
      Object.defineProperties(validate, {
        schemaEnv: { get: () => ensure().schemaEnv },
        errors: {
          get: () => (ensure().errors as unknown[] | null)?.slice(0, MAX_VALIDATION_ISSUES),
        },
      });
      return validate as ReturnType<ReturnType<ValidatorFactory>>;
    };
  };

  const warm = () => {
    const next = pending.values().next();
    if (next.done) return;
    next.value();
    setImmediate(warm);
  };
  return { buildSerializer, buildValidator, warm };
}

/** Builds the portal server: the /api/v2 API, the /system/ajax endpoints and the built client. */
export async function buildApp(options: BuildAppOptions = {}) {
  const production = options.production ?? false;
  const compilers = lazyCompilers();
  const app = Fastify({
    // The answers the server gives before any hook runs carry the security headers too.
    ...securedServerOptions({ production }),
    logger: options.logger ?? false,
    trustProxy: proxyTrust(options.trustProxy ?? 0),
    // Routes with an access check raise it (see the route-table plugin).
    bodyLimit: PUBLIC_BODY_LIMIT,
    // The database plugin migrates and, on a first start, seeds the demo site: on a slow or busy
    // machine that takes longer than Fastify's default 10 s.
    pluginTimeout: 120_000,
    // A path parameter that is too long or badly encoded is refused before any route runs: answer
    // in the API's error shape, like every other 4xx.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(error.statusCode ?? 400).send({ message: error.message });
    },
    routerOptions: {
      querystringParser: (query: string) => qs.parse(query, { depth: 10, arrayLimit: 1000 }),
    },
    schemaController: {
      compilersFactory: {
        buildSerializer: compilers.buildSerializer,
        buildValidator: compilers.buildValidator,
      },
    },
    ajv: {
      customOptions: { ...ROUTE_AJV_OPTIONS },
      // ajv-formats types its options more narrowly than Fastify's plugin slot allows.
      plugins: [ajvFormats as never],
    },
  }).withTypeProvider<JsonSchemaToTsProvider>();

  const withClient = hasClient(options.clientDir);
  // The page renderer is a large module: it loads while the database opens (a new one takes
  // seconds), instead of after.
  const renderer =
    withClient && options.rendererFile ? loadPageRenderer(options.rendererFile) : undefined;
  // Awaited below; a failure before then must not count as unhandled.
  renderer?.catch(() => undefined);
  try {
    registerSchemas(app, await importSchemaModules(ENTITY_SCHEMAS_DIR));
    app.decorate('sectionTypes', sectionTypeRegistry(options.sectionTypes));
    app.setErrorHandler(errorHandler());
    // First, so that even answers refused by a later hook (XSRF, errors) carry the headers.
    await app.register(securityHeadersPlugin, { production });
    await app.register(cookie);
    await app.register(formbody, {
      parser: (body: string) => qs.parse(body, { depth: 10, arrayLimit: 1000 }),
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Atrium API',
          version: '2.0.0',
          description: 'The Atrium learning portal API.',
        },
        servers: [{ url: '/' }],
      },
    });
    await app.register(dbPlugin, {
      db: options.db,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      seed: options.seed,
      newPglite: options.newPglite,
    });
    // What users do reaches the earning rules through `app.events`.
    await app.register(eventsPlugin);
    await app.register(uploadsPlugin, { dataDir: path.resolve(options.dataDir ?? 'data') });
    await app.register(xsrfProtection, { secure: production });
    await app.register(authPlugin, { production });
    await app.register(routeTablePlugin);
    await app.register(storableInputPlugin);

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(authRoutes);
        await api.register(meRoutes);
        await api.register(settingsRoutes);
        await api.register(settingsDocumentRoutes);
        await api.register(appearanceRoutes);
        await api.register(languageRoutes);
        await api.register(contentTranslationRoutes);
        await api.register(userRoutes);
        await api.register(navigationRoutes);
        await api.register(taxonomyRoutes);
        await api.register(incentivesRoutes);
        await api.register(incentiveShopRoutes);
        await api.register(incentiveEarningRoutes);
        await api.register(trainingRoutes);
        await api.register(searchRoutes);
        await api.register(storefrontRoutes);
        await api.register(avatarRoutes);
        await api.register(availabilityRoutes);
        await api.register(siteAdminRoutes);
        await api.register(contentPageRoutes);
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      },
      { prefix: API_PREFIX },
    );
    await app.register(systemRoutes({ production }));
    if (options.benchRoutes) await app.register(benchRoutes);
    await app.register(fileRoutes);

    if (withClient) await app.register(clientPlugin, { root: options.clientDir! });
    const portalPage = withClient
      ? {
          html: await readFile(path.join(options.clientDir!, 'index.html'), 'utf8'),
          assets: await loadRoutePreloads(options.clientDir!),
          renderer: await renderer,
        }
      : undefined;

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url;
      const isApi =
        url === API_PREFIX ||
        url.startsWith(`${API_PREFIX}/`) ||
        url.startsWith('/api/') ||
        url.startsWith('/system/');
      if (withClient && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        return sendPortalPage(app, request, reply, portalPage!, API_PREFIX);
      }
      return reply.code(404).send(NOT_FOUND);
    });

    // Once serving, the validators and serializers not yet used are compiled between requests.
    app.addHook('onListen', (done) => {
      setImmediate(() => compilers.warm());
      done();
    });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** The built server instance. */
export type AtriumApp = Awaited<ReturnType<typeof buildApp>>;
