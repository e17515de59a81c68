import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMAGE_TYPES, type ImageExtension } from '../lib/image-type';

/** Largest accepted avatar, in bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Site-absolute URL prefix under which uploaded avatars are served. */
export const AVATAR_URL_PREFIX = '/files/avatars/';
const AVATAR_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

/** Uploaded avatars on disk, outside the web root, under random names never reused. */
export interface AvatarStore {
  readonly dir: string;
  /** Writes the image and returns its URL. */
  save(data: Buffer, extension: ImageExtension): Promise<string>;
  /** Removes the file behind an avatar URL of ours; anything else is left alone. */
  remove(url: string | null | undefined): Promise<void>;
  /** The file and content type of a stored avatar, or undefined when there is none. */
  find(name: string): Promise<{ file: string; type: string } | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    avatars: AvatarStore;
  }
}

/** Options of the uploads plugin. */
export interface UploadsPluginOptions {
  /** DATA_DIR: uploads go to `<dataDir>/uploads`. */
  dataDir: string;
}

function avatarStore(dir: string): AvatarStore {
  const fileOf = (name: string) => (AVATAR_NAME.test(name) ? path.join(dir, name) : undefined);
  return {
    dir,
    async save(data, extension) {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(path.join(dir, name), data, { flag: 'wx', mode: 0o644 });
      return `${AVATAR_URL_PREFIX}${name}`;
    },
    async remove(url) {
      if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
      const file = fileOf(url.slice(AVATAR_URL_PREFIX.length));
      if (file) await rm(file, { force: true });
    },
    async find(name) {
      const file = fileOf(name);
      if (!file) return undefined;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const extension = path.extname(name).slice(1) as ImageExtension;
      return { file, type: IMAGE_TYPES[extension] };
    },
  };
}

/**
 * Multipart bodies (one file, at most the avatar size) and the avatar store. Only
 * `multipart/form-data` is added: the JSON and form-encoded parsers stay as they are.
 */
export const uploadsPlugin = fp(
  async function uploads(app: FastifyInstance, options: UploadsPluginOptions) {
    await app.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
    });
    app.decorate('avatars', avatarStore(path.join(options.dataDir, 'uploads', 'avatars')));
  },
  { name: 'atrium-uploads' },
);
