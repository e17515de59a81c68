import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import {
  currentUserSchema,
  isAdministratorAttribute,
  userListItemSchema,
  userFieldValue,
  userPatchSchema,
  usersQuerySchema,
  type CurrentUser,
  type UserListItem,
  type UserPatch,
  type UsersQuery,
} from '@schemas/entities/user.schema';
import { profileFormSchema } from '@schemas/forms/profile.schema';
import {
  userCreateSchema,
  userOrganizationsBodySchema,
  userPasswordBodySchema,
  userRolesBodySchema,
} from '@schemas/entities/site-admin.schema';
import {
  envelope,
  HttpError,
  listEnvelope,
  ok,
  paged,
  type FieldMessage,
  idParams,
} from '@engine/server';
import { PG_UNIQUE_VIOLATION, sqlState } from '../db/db';
import { ANONYMOUS_ROLE, AUTHENTICATED_ROLE } from '../lib/access';
import { audit, changes } from '../lib/audit';
import { csvResponse, sendCsv } from '../lib/csv-export';
import { exportDeclarations, usersExportQuerySchema } from '@schemas/exports/exports';
import { errorResponses, needFlags, needOwnerOr } from '../lib/guards';
import { INVALID_FIELDS, NOT_FOUND } from '../lib/messages';
import { hashPassword } from '../lib/password';
import { assertAnAdministratorLeft } from '../lib/site-admin';
import { isTimeZone } from '../lib/time-zone';

const uidParamsSchema = idParams('uid');

/** Texts of the user-administration answers. */
export const userAdminMessages = {
  nameTaken: 'This user name is taken.',
  unknownRole: 'Unknown role',
  implicitRole: 'Everyone has this role already',
  unknownOrganization: 'Unknown organization',
  blockSelf: 'You cannot block your own account.',
  administratorOnly: 'Only an administrator can change this.',
};

/**
 * The fields of a user's own profile form they fill in themselves: a profile is complete (the
 * `profile_completed` rule) once each has a value. Fields an administrator sets do not count,
 * as the user cannot fill them.
 */
const OWN_PROFILE_FIELDS = (
  Object.keys(profileFormSchema.properties) as (keyof UserPatch)[]
).filter((key) => !isAdministratorAttribute(key));

/** The profile fields an audit entry compares: every field of `PATCH users/{uid}`. */
const profileFields = (user: CurrentUser): Record<string, unknown> =>
  Object.fromEntries(
    Object.keys(userPatchSchema.properties).map((key) => [
      key,
      userFieldValue(user, key as keyof UserPatch) ?? null,
    ]),
  );

/** Whether the caller (or the administrator behind a masquerade) is this user. */
const isSelf = (request: FastifyRequest, uid: number) =>
  request.access.uid === uid || request.realUid === uid;

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
      const { rows, meta } = await app.repos.users.list({ ...request.query, page, limit });
      return paged(rows, meta);
    },
  );

  app.post(
    `/${exportDeclarations.users.path}`,
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['users'],
        summary:
          'The users the filters match (as the list takes them), in account order, as a CSV file (UTF-8 with a byte-order mark) streamed from the database; recorded in the audit log',
        body: usersExportQuerySchema,
        response: { 200: csvResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendCsv(
        app,
        request,
        reply,
        exportDeclarations.users,
        'user.export',
        app.repos.users.all(request.body as UsersQuery),
      ),
  );

  app.get(
    '/users/:uid',
    {
      preHandler: needOwnerOr((request) => (request.params as { uid: string }).uid, 'site_manage'),
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
      preHandler: needOwnerOr((request) => (request.params as { uid: string }).uid, 'site_manage'),
      schema: {
        tags: ['users'],
        summary:
          "Change a user's profile, language or time zone (one's own, or any as administrator); the attributes administrators set (job title, country) only with site_manage, else 400",
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
      const user = await app.repos.transaction(async (repos) => {
        const before = await repos.users.current(uid);
        if (!before) throw new HttpError(404, 'Not found');
        // Attributes an administrator sets (userAttributes) are what audience restrictions read:
        // a user who could set their own would give themselves any audience. Their own PATCH
        // may send them unchanged (a form sends every field) but not change them; a change is
        // refused rather than dropped, so the user is not told it was saved.
        const selfService = request.access.flags.site_manage !== true;
        const changed = { ...patch };
        if (selfService)
          for (const key of Object.keys(patch) as (keyof UserPatch)[]) {
            if (!isAdministratorAttribute(key)) continue;
            if ((patch[key] ?? '') !== (userFieldValue(before, key) ?? ''))
              problems.push({ path: key, text: userAdminMessages.administratorOnly });
            delete changed[key];
          }
        if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
        await repos.users.update(uid, changed);
        const after = (await repos.users.current(uid))!;
        // Administrators' changes to other users (or made while masquerading) are audited.
        if (uid !== request.access.uid || request.realUid !== undefined)
          await audit(
            repos,
            request,
            'user.update',
            `user:${uid}`,
            changes(profileFields(before), profileFields(after), Object.keys(patch)),
          );
        return after;
      });
      // The earning rules hear of users who complete their own profile (never fails this).
      if (
        uid === request.access.uid &&
        OWN_PROFILE_FIELDS.every((key) => userFieldValue(user, key))
      )
        await app.events.emit(request.log, 'profile_completed', uid, {});
      return ok(user);
    },
  );

  /* ------------------------------------------------------------------ administration */

  /** Field messages for a role list: only existing, explicitly assignable roles. */
  async function roleProblems(roles: readonly string[]): Promise<FieldMessage[]> {
    const known = new Set((await app.repos.roles.list()).map((r) => r.name));
    const problems: FieldMessage[] = [];
    roles.forEach((role, i) => {
      if (role === ANONYMOUS_ROLE || role === AUTHENTICATED_ROLE)
        problems.push({ path: `roles[${i}]`, text: userAdminMessages.implicitRole });
      else if (!known.has(role))
        problems.push({ path: `roles[${i}]`, text: userAdminMessages.unknownRole });
    });
    return problems;
  }

  async function organizationProblems(ids: readonly number[]): Promise<FieldMessage[]> {
    const missing = new Set(await app.repos.taxonomy.missingOrganizations(ids));
    return ids.flatMap((id, i) =>
      missing.has(id)
        ? [{ path: `organizations[${i}]`, text: userAdminMessages.unknownOrganization }]
        : [],
    );
  }

  async function itemOr404(uid: number): Promise<UserListItem> {
    const user = await app.repos.users.item(uid);
    if (!user) throw new HttpError(404, NOT_FOUND);
    return user;
  }

  app.get(
    '/users/:uid/account',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['users'],
        summary:
          'One user as the administration lists them: roles, organizations, e-mail and whether blocked',
        params: uidParamsSchema,
        response: { 200: envelope(userListItemSchema), ...errorResponses },
      },
    },
    async (request) => ok(await itemOr404(request.params.uid)),
  );

  app.post(
    '/users',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['users'],
        summary:
          'Create a user (administrators): 201 with the user; 409 when the user name is taken; roles are explicit ones (not anonymous or authenticated)',
        body: userCreateSchema,
        response: { 201: envelope(userListItemSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const roles = body.roles ?? [];
      const organizations = body.organizations ?? [];
      const problems: FieldMessage[] = [
        ...(await roleProblems(roles)),
        ...(await organizationProblems(organizations)),
      ];
      if (body.language !== undefined && !(await app.repos.languages.exists(body.language)))
        problems.push({ path: 'language', text: 'Unknown language' });
      if (body.timezone !== undefined && !isTimeZone(body.timezone))
        problems.push({ path: 'timezone', text: 'Unknown time zone' });
      if (body.country !== undefined) {
        const { countries } = await app.repos.settings.get('countries');
        if (countries.length && !countries.some((c) => c.code === body.country))
          problems.push({ path: 'country', text: 'Unknown country' });
      }
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      const taken = () =>
        new HttpError(409, userAdminMessages.nameTaken, [
          { path: 'name', text: userAdminMessages.nameTaken },
        ]);
      if (await app.repos.users.nameTaken(body.name)) throw taken();
      const pass = await hashPassword(body.password);
      const profile: Record<string, string> = {};
      if (body.title !== undefined) profile.title = body.title;
      if (body.country !== undefined) profile.country = body.country;
      let uid: number;
      try {
        uid = await app.repos.transaction(async (repos) => {
          const created = await repos.users.create({
            name: body.name,
            mail: body.mail,
            pass,
            first_name: body.first_name,
            last_name: body.last_name,
            language: body.language ?? null,
            timezone: body.timezone ?? null,
            profile,
            roles,
            organizations,
          });
          const { password: _password, ...fields } = body;
          await audit(repos, request, 'user.create', `user:${created}`, changes(null, fields));
          return created;
        });
      } catch (error) {
        if (sqlState(error) === PG_UNIQUE_VIOLATION) throw taken();
        throw error;
      }
      return reply.code(201).send(ok(await itemOr404(uid)));
    },
  );

  app.put(
    '/users/:uid/roles',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['users'],
        summary:
          "Replace a user's roles (administrators; anonymous and authenticated are implicit); 409 when no active administrator would be left",
        params: uidParamsSchema,
        body: userRolesBodySchema,
        response: { 200: envelope(userListItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const problems = await roleProblems(request.body.roles);
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      await app.repos.transaction(async (repos) => {
        if (!(await repos.users.lock(uid))) throw new HttpError(404, NOT_FOUND);
        const before = await repos.users.roles(uid);
        await repos.users.setRoles(uid, request.body.roles);
        await assertAnAdministratorLeft(repos);
        const after = await repos.users.roles(uid);
        const details = changes({ roles: before }, { roles: after });
        if (Object.keys(details).length)
          await audit(repos, request, 'user.roles', `user:${uid}`, details);
      });
      return ok(await itemOr404(uid));
    },
  );

  app.put(
    '/users/:uid/organizations',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['users'],
        summary: "Replace a user's organizations (administrators)",
        params: uidParamsSchema,
        body: userOrganizationsBodySchema,
        response: { 200: envelope(userListItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const problems = await organizationProblems(request.body.organizations);
      if (problems.length) throw new HttpError(400, INVALID_FIELDS, problems);
      await app.repos.transaction(async (repos) => {
        if (!(await repos.users.lock(uid))) throw new HttpError(404, NOT_FOUND);
        const before = (await repos.users.item(uid))!.organizations;
        await repos.users.setOrganizations(uid, request.body.organizations);
        const after = (await repos.users.item(uid))!.organizations;
        const details = changes({ organizations: before }, { organizations: after });
        if (Object.keys(details).length)
          await audit(repos, request, 'user.organizations', `user:${uid}`, details);
      });
      return ok(await itemOr404(uid));
    },
  );

  for (const blocked of [true, false]) {
    app.post(
      blocked ? '/users/:uid/block' : '/users/:uid/unblock',
      {
        preHandler: needFlags('site_manage'),
        schema: {
          tags: ['users'],
          summary: blocked
            ? 'Block a user (administrators): they cannot sign in and their sessions end; 409 for oneself'
            : 'Unblock a user (administrators)',
          params: uidParamsSchema,
          response: { 200: envelope(userListItemSchema), ...errorResponses },
        },
      },
      async (request) => {
        const { uid } = request.params;
        if (blocked && isSelf(request, uid)) throw new HttpError(409, userAdminMessages.blockSelf);
        await app.repos.transaction(async (repos) => {
          if (!(await repos.users.lock(uid))) throw new HttpError(404, NOT_FOUND);
          const before = (await repos.users.item(uid))!.blocked;
          await repos.users.setBlocked(uid, blocked);
          if (blocked) await repos.sessions.deleteForUser(uid);
          if (before !== blocked)
            await audit(repos, request, blocked ? 'user.block' : 'user.unblock', `user:${uid}`, {
              blocked: { old: before, new: blocked },
            });
        });
        return ok(await itemOr404(uid));
      },
    );
  }

  app.post(
    '/users/:uid/password',
    {
      preHandler: needFlags('site_manage'),
      schema: {
        tags: ['users'],
        summary:
          "Set a user's password (administrators); ends that user's sessions (but the caller's own)",
        params: uidParamsSchema,
        body: userPasswordBodySchema,
        response: { 200: envelope(userListItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { uid } = request.params;
      await itemOr404(uid);
      const hash = await hashPassword(request.body.password);
      await app.repos.transaction(async (repos) => {
        if (!(await repos.users.lock(uid))) throw new HttpError(404, NOT_FOUND);
        await repos.users.setPassword(uid, hash);
        await repos.sessions.deleteForUser(
          uid,
          isSelf(request, uid) ? request.sessionToken : undefined,
        );
        // What changed is the password: the entry says so and never holds it.
        await audit(repos, request, 'user.password', `user:${uid}`, {});
      });
      return ok(await itemOr404(uid));
    },
  );
};
