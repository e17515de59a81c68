import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  currentUserSchema,
  userListItemSchema,
  userPatchSchema,
  usersQuerySchema,
} from '@schemas/entities/user.schema';
import {
  envelope,
  HttpError,
  listEnvelope,
  ok,
  pageMeta,
  paged,
  type FieldMessage,
  idParams,
} from '@engine/server';
import { errorResponses, needFlags, needOwnerOr } from '../lib/guards';
import { INVALID_FIELDS } from '../lib/messages';
import { isTimeZone } from '../lib/time-zone';

const uidParamsSchema = idParams('uid');

/** User administration and profile changes. */
export const userRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/users',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['users'],
        summary: 'Paged, filtered list of users',
        querystring: usersQuerySchema,
        response: { 200: listEnvelope(userListItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const page = request.query.page ?? 0;
      const limit = request.query.limit ?? 25;
      const { rows, total } = await app.repos.users.list({ ...request.query, page, limit });
      return paged(rows, pageMeta(page, limit, total));
    },
  );

  app.get(
    '/users/:uid',
    {
      preHandler: needOwnerOr((request) => (request.params as { uid: number }).uid, 'site_manage'),
      schema: {
        tags: ['users'],
        summary: "A user's profile (one's own, or any as administrator)",
        params: uidParamsSchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const user = await app.repos.users.current(request.params.uid);
      if (!user) throw new HttpError(404, 'Not found');
      return ok(user);
    },
  );

  app.patch(
    '/users/:uid',
    {
      preHandler: needOwnerOr((request) => (request.params as { uid: number }).uid, 'site_manage'),
      schema: {
        tags: ['users'],
        summary:
          "Change a user's profile, language or time zone (one's own, or any as administrator)",
        params: uidParamsSchema,
        body: userPatchSchema,
        response: { 200: envelope(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const patch = request.body;
      const problems: FieldMessage[] = [];
      if (patch.language !== undefined && !(await app.repos.languages.exists(patch.language))) {
        problems.push({ path: 'language', text: 'Unknown language' });
      }
      if (patch.timezone !== undefined && !isTimeZone(patch.timezone)) {
        problems.push({ path: 'timezone', text: 'Unknown time zone' });
      }
      if (patch.country !== undefined) {
        const { countries } = await app.repos.settings.get('countries');
        if (countries.length && !countries.some((c) => c.code === patch.country))
          problems.push({ path: 'country', text: 'Unknown country' });
      }
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      if (!(await app.repos.users.exists(uid))) throw new HttpError(404, 'Not found');
      await app.repos.users.update(uid, patch);
      const user = (await app.repos.users.current(uid))!;
      // Incentives: users who complete their own profile earn points once (never fails this).
      if (uid === request.access.uid && user.profile?.title && user.profile.country)
        await app.repos.earning.awardSafely(request.log, uid, 'profile_completed', 'once');
      return ok(user);
    },
  );
};
