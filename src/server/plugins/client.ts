import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Options of the built-client plugin. */
export interface ClientPluginOptions {
  /** The built client (`dist/client`). */
  root: string;
}

const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|jpe?g|webp|avif|ico|map)$/;

/**
 * Serves the built client: hashed assets with a year-long immutable cache, everything else
 * revalidated, each compressed with Brotli or gzip when the browser accepts it. Any other GET
 * that is not an API call gets the portal's page with its first answers (client routing; see
 * `sendPortalPage`).
 */
export const clientPlugin = fp(
  async function client(app: FastifyInstance, options: ClientPluginOptions) {
    const root = path.resolve(options.root);
    await app.register(fastifyStatic, {
      root,
      // Files are routed one by one at start; anything else falls through to the SPA fallback.
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes `.br` and `.gz` copies (scripts/vite-compress.ts): sent when accepted.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable =
          filePath.includes(`${path.sep}assets${path.sep}`) || HASHED_ASSET.test(filePath);
        void reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'atrium-client' },
);

/** Whether a built client exists at `root`. */
export function hasClient(root: string | undefined): root is string {
  return !!root && existsSync(path.join(root, 'index.html'));
}
