import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { currentUserSchema } from '@schemas/entities/user.schema';
import type { FastifyRequest } from 'fastify';
import { envelope, HttpError, ok, idParams } from '@engine/server';
import { audit } from '../lib/audit';
import { errorResponses, needOwnerOr } from '../lib/guards';
import { detectImageType } from '../lib/image-type';
import { AVATAR_MAX_BYTES } from '../plugins/uploads';

const uidParamsSchema = idParams('uid');

/** Field of the multipart body that carries the image. */
const AVATAR_FIELD = 'avatar';
const WRONG_TYPE = 'Choose a PNG, JPEG, WebP or GIF image.';
const TOO_LARGE = 'The image is larger than 2 MB.';

const invalid = (text: string, message = text) =>
  new HttpError(400, message, [{ path: AVATAR_FIELD, text }]);

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/** Reads the one image of a multipart body, answering 400 for anything but a small image. */
async function readAvatar(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid(WRONG_TYPE);
  let part: MultipartFile | undefined;
  let data: Buffer;
  try {
    part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== AVATAR_FIELD) throw invalid(WRONG_TYPE);
    data = await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(TOO_LARGE);
    if (code?.startsWith('FST_')) throw invalid(WRONG_TYPE);
    throw error;
  }
  if (part.file.truncated || data.length > AVATAR_MAX_BYTES) throw invalid(TOO_LARGE);
  return data;
}

/** Uploading and removing a user's avatar. */
export const avatarRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const ownerOrAdmin = needOwnerOr(
    (request) => (request.params as { uid: string }).uid,
    'site_manage',
  );

  app.post(
    '/users/:uid/avatar',
    {
      preHandler: ownerOrAdmin,
      schema: {
        tags: ['users'],
        summary:
          'Upload an avatar (multipart, file field "avatar": PNG, JPEG, WebP or GIF, at most 2 MB)',
        consumes: ['multipart/form-data'],
        params: uidParamsSchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      if (!(await app.repos.users.exists(uid))) throw new HttpError(404, 'Not found');
      const data = await readAvatar(request);
      const extension = detectImageType(data);
      if (!extension) throw invalid(WRONG_TYPE);
      const url = await app.avatars.save(data, extension);
      let previous: string | null;
      try {
        const changed = await app.repos.users.setAvatar(uid, url);
        if (!changed) throw new HttpError(404, 'Not found');
        previous = changed.previous;
      } catch (error) {
        await app.avatars.remove(url);
        throw error;
      }
      await app.avatars.remove(previous);
      if (uid !== request.access.uid || request.realUid !== undefined)
        await audit(app.repos, request, 'user.avatar', `user:${uid}`, {
          avatar: { old: previous, new: url },
        });
      return ok((await app.repos.users.current(uid))!);
    },
  );

  app.delete(
    '/users/:uid/avatar',
    {
      preHandler: ownerOrAdmin,
      schema: {
        tags: ['users'],
        summary: "Remove a user's avatar",
        params: uidParamsSchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const changed = await app.repos.users.setAvatar(uid, null);
      if (!changed) throw new HttpError(404, 'Not found');
      await app.avatars.remove(changed.previous);
      if (
        changed.previous !== null &&
        (uid !== request.access.uid || request.realUid !== undefined)
      )
        await audit(app.repos, request, 'user.avatar', `user:${uid}`, {
          avatar: { old: changed.previous, new: null },
        });
      return ok((await app.repos.users.current(uid))!);
    },
  );
};
